//! A table's match result, derived from its games, its end and its judge actions (MTR 2.4, 2.5, Appendix C).
use crate::tournament::{Game, JudgeAction, MatchEnd, TableResult};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchOutcome {
    /// No result yet.
    Pending,
    /// Won by the player at this index of the table.
    Won(usize),
    Drawn,
    /// Both players took a match loss (a double disqualification or double no-show).
    BothLost,
}

/// Games won by each player (in the table's order) and games drawn, as scored for game points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchScore {
    pub wins: [u32; 2],
    pub drawn: u32,
    pub outcome: MatchOutcome,
}

impl MatchScore {
    /// A bye: a match won `wins_needed`–0 (MTR: two game wins in best of three).
    pub fn bye(wins_needed: u32) -> MatchScore {
        MatchScore { wins: [wins_needed, 0], drawn: 0, outcome: MatchOutcome::Won(0) }
    }

    /// Games lost by the player at `seat` of the table: the opponent's game wins, except in a double match loss,
    /// where each player's match loss is recorded as `wins_needed` games lost (0–2 in best of three, MTR
    /// Appendix C), though neither opponent won a game.
    pub fn games_lost(&self, seat: usize, wins_needed: u32) -> u32 {
        match self.outcome {
            MatchOutcome::BothLost => wins_needed,
            _ => self.wins[1 - seat],
        }
    }
}

/// `players` is the table's two ids; `wins_needed` is 2 in best of three, 1 in best of one. The caller has
/// validated that every id named in `result` is one of `players`.
pub fn score(players: &[String; 2], result: &TableResult, wins_needed: u32) -> MatchScore {
    let seat = |id: &str| usize::from(players[1] == id);
    let mut wins = [0u32; 2];
    let mut drawn = 0u32;
    for game in &result.games {
        match game {
            Game::Win { winner, .. } => wins[seat(winner)] += 1,
            Game::Draw | Game::Unfinished => drawn += 1,
            Game::GameLoss { player, .. } => wins[1 - seat(player)] += 1,
        }
    }
    let mut lost = [false; 2];
    for action in &result.judge {
        if let JudgeAction::MatchLoss { player, .. } | JudgeAction::Disqualification { player, .. } = action {
            lost[seat(player)] = true;
        }
    }
    let by_tally = |wins: [u32; 2], drawn| {
        let outcome = match wins[0].cmp(&wins[1]) {
            std::cmp::Ordering::Greater => MatchOutcome::Won(0),
            std::cmp::Ordering::Less => MatchOutcome::Won(1),
            std::cmp::Ordering::Equal => MatchOutcome::Drawn,
        };
        MatchScore { wins, drawn, outcome }
    };
    match (lost, result.end.as_ref()) {
        ([true, true], _) => MatchScore { wins: [0, 0], drawn: 0, outcome: MatchOutcome::BothLost },
        ([true, false], _) => MatchScore { wins: [0, wins_needed], drawn: 0, outcome: MatchOutcome::Won(1) },
        ([false, true], _) => MatchScore { wins: [wins_needed, 0], drawn: 0, outcome: MatchOutcome::Won(0) },
        (_, Some(MatchEnd::IntentionalDraw)) => {
            // MTR 2.5 annotation: an intentional draw with no games played is reported 0-0-3.
            let drawn = if result.games.is_empty() { 3 } else { drawn };
            MatchScore { wins, drawn, outcome: MatchOutcome::Drawn }
        }
        (_, Some(MatchEnd::ConcededBy(conceder))) => {
            let winner = 1 - seat(conceder);
            wins[winner] = wins[winner].max(wins_needed);
            MatchScore { wins, drawn, outcome: MatchOutcome::Won(winner) }
        }
        (_, Some(MatchEnd::Time)) => by_tally(wins, drawn),
        (_, None) if wins.iter().any(|&w| w >= wins_needed) => by_tally(wins, drawn),
        // A game cut off by the end-of-round turns is the match's last (no new game after time, MTR 2.4).
        (_, None) if matches!(result.games.last(), Some(Game::Unfinished)) => by_tally(wins, drawn),
        (_, None) => MatchScore { wins, drawn, outcome: MatchOutcome::Pending },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Table;

    fn table(json: &str) -> Table {
        serde_json::from_str(json).unwrap()
    }

    fn of(json: &str) -> MatchScore {
        let t = table(json);
        score(&t.players, &t.result, 2)
    }

    #[test]
    fn derives_the_mtr_records() {
        let two_one = of(
            r#"{"table":1,"players":["a","b"],"games":[{"result":"win","winner":"a"},{"result":"win","winner":"b"},{"result":"win","winner":"a"}]}"#,
        );
        assert_eq!((two_one.wins, two_one.drawn, two_one.outcome), ([2, 1], 0, MatchOutcome::Won(0)));
        // Time in game 2 after a 1-0: 1-0-1, the player with one win wins (MTR 2.4).
        let time =
            of(r#"{"table":1,"players":["a","b"],"games":[{"result":"win","winner":"b"},{"result":"unfinished"}]}"#);
        assert_eq!((time.wins, time.drawn, time.outcome), ([0, 1], 1, MatchOutcome::Won(1)));
        let id = of(r#"{"table":1,"players":["a","b"],"end":"intentional_draw"}"#);
        assert_eq!((id.wins, id.drawn, id.outcome), ([0, 0], 3, MatchOutcome::Drawn));
        // A conceder who had won a game keeps it: 2-1.
        let conceded =
            of(r#"{"table":1,"players":["a","b"],"games":[{"result":"win","winner":"a"}],"end":{"conceded_by":"a"}}"#);
        assert_eq!((conceded.wins, conceded.outcome), ([1, 2], MatchOutcome::Won(1)));
        let game_loss = of(
            r#"{"table":1,"players":["a","b"],"games":[{"result":"game_loss","player":"a"},{"result":"win","winner":"b"}]}"#,
        );
        assert_eq!((game_loss.wins, game_loss.outcome), ([0, 2], MatchOutcome::Won(1)));
        let match_loss = of(
            r#"{"table":1,"players":["a","b"],"games":[{"result":"win","winner":"a"}],"judge":[{"action":"match_loss","player":"a","reason":"no-show"}]}"#,
        );
        assert_eq!((match_loss.wins, match_loss.outcome), ([0, 2], MatchOutcome::Won(1)));
        let both = of(
            r#"{"table":1,"players":["a","b"],"judge":[{"action":"disqualification","player":"a"},{"action":"match_loss","player":"b"}]}"#,
        );
        assert_eq!(both.outcome, MatchOutcome::BothLost);
        let open = of(
            r#"{"table":1,"players":["a","b"],"games":[{"result":"win","winner":"a"},{"result":"draw"}],"judge":[{"action":"time_extension","minutes":5}]}"#,
        );
        assert_eq!(open.outcome, MatchOutcome::Pending);
    }
}
