//! The search bot's own leaf evaluation. It starts from the shared heuristic's terms (rounds, HP, ATK/DEF,
//! gems, blends, hand) and adds what a leaf reached after the opponent's reply needs: the damage each side's
//! frontline threatens across the table, the action-meter room left this round, and a lethal bonus when the
//! side to move already threatens the rest of the opponent's HP. The greedy bot keeps `eval::raw`, so changing
//! these weights never changes the fixed opponent (nor the search's model of a greedy reply).
use gb_core::Format;
use gb_core::ids::Position;
use gb_core::lookahead::{SideStats, side_stats};
use gb_core::{MatchState, Seat};

/// Weights in "HP points", like `eval::raw`.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalParams {
    pub round: f64,
    pub hp: f64,
    pub atk: f64,
    /// ATK weight of the back hero, relative to a frontline one (it cannot attack from there).
    pub back_atk: f64,
    pub def: f64,
    pub blend: f64,
    pub gem: f64,
    pub hand: f64,
    /// Damage the side's frontline would deal by attacking now (ATK over the opposite DEF, summed).
    pub threat: f64,
    /// Extra weight on the threat of the side whose turn it is (it can attack first).
    pub threat_to_move: f64,
    /// Per free action-meter slot (actions left this round).
    pub meter: f64,
    /// Bonus when the side to move threatens at least the opponent's HP.
    pub lethal: f64,
    /// HP points that move the squashed value from 0.5 to about 0.73.
    pub scale: f64,
    /// The value of a two-player leaf is the game's odds from the round score (two rounds win, CR 206.2) and the
    /// squashed score of the round in play, instead of the rounds folded into one score with the board.
    pub odds: bool,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            round: 45.0,
            hp: 1.0,
            atk: 0.55,
            back_atk: 0.3,
            def: 0.35,
            blend: 2.5,
            gem: 0.8,
            hand: 0.6,
            // Tuned by search-vs-greedy probes (seeds 1–4): 0.3–1.0 all beat 0, 0.5 was the most consistent.
            threat: 0.5,
            // A leaf is scored as our turn begins, after the opponent's reply: the side to move strikes first, and
            // a frontline that already threatens the rest of the opponent's HP wins the round (CR 206.1) before
            // any answer. Tenth-session probes vs greedy (seed 5, 40 games each, same games): 0.5 / 15 won 28
            // where 0 / 0 won 24; 1.0 / 25 won 28; a matching penalty for being exposed to lethal won 25.
            threat_to_move: 0.5,
            meter: 0.0,
            lethal: 15.0,
            scale: 20.0,
            // Twenty-second session, 200 games vs greedy with seats swapped, seed 1 (same games): 145 won with the
            // odds where the folded score won 142; with the odds and exploration 0.1 (the search's default since)
            // 157 (78.5 %), where exploration 0.1 alone won 140. Seed 2: 157 against 153 (BENCHMARKS.md).
            odds: true,
        }
    }
}

impl EvalParams {
    /// Overrides from `name=value` pairs separated by commas (for arena probes).
    pub fn parse_overrides(&mut self, spec: &str) -> Result<(), String> {
        for pair in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = pair.split_once('=').ok_or_else(|| format!("expected name=value, got {pair:?}"))?;
            let value: f64 = value.trim().parse().map_err(|_| format!("bad number in {pair:?}"))?;
            if name.trim() == "odds" {
                self.odds = value != 0.0;
                continue;
            }
            let field = match name.trim() {
                "round" => &mut self.round,
                "hp" => &mut self.hp,
                "atk" => &mut self.atk,
                "back_atk" => &mut self.back_atk,
                "def" => &mut self.def,
                "blend" => &mut self.blend,
                "gem" => &mut self.gem,
                "hand" => &mut self.hand,
                "threat" => &mut self.threat,
                "threat_to_move" => &mut self.threat_to_move,
                "meter" => &mut self.meter,
                "lethal" => &mut self.lethal,
                "scale" => &mut self.scale,
                other => return Err(format!("unknown eval weight {other:?}")),
            };
            *field = value;
        }
        Ok(())
    }

    /// The raw score of `seat` minus its opponent's, in HP points.
    pub fn raw(&self, state: &MatchState, seat: Seat) -> f64 {
        if let Some(outcome) = state.outcome() {
            return if outcome.winner == seat { 1000.0 } else { -1000.0 };
        }
        // Each side's field worked out once for all its stats (a third of the search's time when asked per hero).
        if !state.table().is_living(seat) {
            return -1000.0; // MP-23: out of the match.
        }
        let my_stats = side_stats(state, seat);
        let mine = self.side(state, seat, &my_stats);
        // Against the strongest living opponent (plan step 12, the paranoid reading of a free-for-all); in the
        // two-player game the one opponent, so its scores are unchanged.
        let (opponent, their_stats, theirs) = state
            .table()
            .opponents(seat)
            .map(|o| {
                let stats = side_stats(state, o);
                let score = self.side(state, o, &stats);
                (o, stats, score)
            })
            .fold(None, |best: Option<(Seat, _, f64)>, c| match best {
                Some(b) if b.2 >= c.2 => Some(b),
                _ => Some(c),
            })
            .expect("a living seat of an unfinished match has a living opponent");
        let mut s = mine - theirs;
        if self.threat != 0.0 || self.threat_to_move != 0.0 || self.lethal != 0.0 {
            let t_me = threat(&my_stats, opponent, &their_stats);
            let t_opp = threat(&their_stats, seat, &my_stats);
            s += self.threat * (t_me - t_opp);
            let active = state.turn().active;
            let (t_active, sign) = if active == seat {
                (t_me, 1.0)
            } else if active == opponent {
                (t_opp, -1.0)
            } else {
                // A third player moves first (free-for-all only): what it threatens us with (MP-10).
                (threat(&side_stats(state, active), seat, &my_stats), -1.0)
            };
            s += sign * self.threat_to_move * t_active;
            // Whose HP the side to move threatens: the strongest opponent's when it is `seat`, else `seat`'s.
            let threatened = if active == seat { opponent } else { seat };
            if self.lethal != 0.0 && t_active >= f64::from(state.player(threatened).hp) {
                s += sign * self.lethal;
            }
        }
        s
    }

    /// `raw` squashed into (0, 1): 1 is a won game for `seat`.
    pub fn value(&self, state: &MatchState, seat: Seat) -> f64 {
        if let Some(outcome) = state.outcome() {
            return if outcome.winner == seat { 1.0 } else { 0.0 };
        }
        if self.odds && state.table().format() == Format::Standard {
            return self.game_odds(state, seat);
        }
        self.squash(self.raw(state, seat))
    }

    /// A score in HP points squashed into (0, 1) by `scale`.
    fn squash(&self, score: f64) -> f64 {
        1.0 / (1.0 + (-score / self.scale).exp())
    }

    /// The two-player game's odds for `seat`: the round in play is won with the squashed score of everything but
    /// the rounds, and each later round is even. A leaf a round down is then scored on the round it can still
    /// win, where `raw`'s 45-point round term put every such leaf near 0.1 and a 3 HP swing moved it by 0.003.
    fn game_odds(&self, state: &MatchState, seat: Seat) -> f64 {
        let opponent = state.table().standard_opponent(seat);
        let (mine, theirs) = (state.player(seat).rounds_won, state.player(opponent).rounds_won);
        let board = self.raw(state, seat) - self.round * (f64::from(mine) - f64::from(theirs));
        self.odds_from(board, mine, theirs)
    }

    /// The game's odds from a board scored `board` HP points (everything but the rounds) at `mine` rounds to
    /// `theirs`.
    fn odds_from(&self, board: f64, mine: u8, theirs: u8) -> f64 {
        let round = self.squash(board);
        round * even_rounds_odds(mine + 1, theirs) + (1.0 - round) * even_rounds_odds(mine, theirs + 1)
    }

    fn side(&self, state: &MatchState, seat: Seat, stats: &SideStats) -> f64 {
        let p = state.player(seat);
        let mut s = f64::from(p.rounds_won) * self.round + self.hp * f64::from(p.hp);
        for pos in Position::ALL {
            let hero = state.hero(seat, pos);
            let atk_weight = if pos.is_frontline() { self.atk } else { self.atk * self.back_atk };
            s += atk_weight * f64::from(stats.atk[pos.index()]) + self.def * f64::from(stats.def[pos.index()]);
            s += self.gem * hero.gems.len().min(4) as f64;
            if hero.is_blended() {
                s += self.blend;
            }
        }
        if self.meter != 0.0 {
            s += self.meter * (f64::from(p.meter_slots) - p.meter.len() as f64).max(0.0);
        }
        s + self.hand * p.hand.len().min(7) as f64
    }
}

/// The odds of winning a game from `mine` rounds to `theirs` when every round left is even (two rounds win,
/// CR 206.2).
fn even_rounds_odds(mine: u8, theirs: u8) -> f64 {
    match (mine >= 2, theirs >= 2) {
        (true, _) => 1.0,
        (_, true) => 0.0,
        _ => 0.5 * even_rounds_odds(mine + 1, theirs) + 0.5 * even_rounds_odds(mine, theirs + 1),
    }
}

/// The damage a side's frontline (`attacker`) would deal `defender` by attacking now: each hero whose position
/// lets it attack one of `defender`'s (MP-10; all three in the two-player game), its attacking ATK over the DEF of
/// the hero across, where positive (a hero that would bounce off is assumed to stay home).
fn threat(attacker: &SideStats, defender: Seat, their: &SideStats) -> f64 {
    Position::FRONTLINE
        .into_iter()
        .filter_map(|pos| {
            let atk = i32::from(attacker.attacking_atk(pos, defender)?);
            let def = i32::from(their.def[pos.opposite()?.index()]);
            Some(f64::from((atk - def).max(0)))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_rounds_odds_of_two_rounds_to_win() {
        assert_eq!(even_rounds_odds(0, 0), 0.5);
        assert_eq!(even_rounds_odds(1, 0), 0.75);
        assert_eq!(even_rounds_odds(0, 1), 0.25);
        assert_eq!(even_rounds_odds(1, 1), 0.5);
        assert_eq!(even_rounds_odds(2, 1), 1.0);
        assert_eq!(even_rounds_odds(1, 2), 0.0);
    }

    /// A round down, the odds still follow the round in play: a board is worth as much there as a round up or
    /// even, scaled by what the round decides (two rounds win); where `raw` folded the rounds in, a round down put
    /// every board near 0.1 and a 3 HP swing moved it by 0.003.
    #[test]
    fn odds_follow_the_round_in_play_whatever_the_score() {
        let params = EvalParams { odds: true, ..Default::default() };
        for board in [-30.0, -3.0, 0.0, 3.0, 30.0] {
            let round = params.squash(board);
            assert!((params.odds_from(board, 0, 0) - (0.25 + 0.5 * round)).abs() < 1e-12);
            assert!((params.odds_from(board, 0, 1) - 0.5 * round).abs() < 1e-12);
            assert!((params.odds_from(board, 1, 0) - (0.5 + 0.5 * round)).abs() < 1e-12);
            assert!((params.odds_from(board, 1, 1) - round).abs() < 1e-12, "1-1: the round is the game");
        }
        // A 3 HP swing a round down moves the odds by about a hundredth, not three thousandths.
        let swing = params.odds_from(3.0, 0, 1) - params.odds_from(0.0, 0, 1);
        assert!(swing > 0.015, "{swing}");
    }
}
