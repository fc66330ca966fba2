//! A match ended by its players rather than by its games: a concession (MTR 2.4: the opponent is credited the
//! game wins still needed) or an intentional draw (MTR 2.5: both players agree; with no game played it is
//! recorded 0-0-3). A player concedes for themself, and a draw is recorded once both players of the table have
//! asked for it; the organizer may record either at once (the players told a judge). Once a match has an end,
//! later play in its room does not count.
use super::TournamentError;
use super::state::Event;
use gb_tournament::MatchEnd;
use gb_tournament::outcome::{MatchOutcome, score};
use serde_json::json;

impl Event {
    /// The table of the round being played, still without a result.
    pub(super) fn open_table(&self, round: u32, table: u32) -> Result<[String; 2], TournamentError> {
        if round != self.t.rounds.len() as u32 {
            return Err(TournamentError::NotCurrentRound { round });
        }
        let players = self.table_players(round, table).ok_or(TournamentError::NoSuchTable { round, table })?;
        let result = self.current_result(round, table)?;
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        if result.end.is_some() || score(&players, &result, needed).outcome != MatchOutcome::Pending {
            return Err(TournamentError::MatchOver { table });
        }
        Ok(players)
    }

    /// `player` concedes the match at `table` (asked by that player or the organizer).
    pub(super) async fn concede(
        &mut self,
        round: u32,
        table: u32,
        player: String,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let players = self.open_table(round, table)?;
        if !players.contains(&player) {
            return Err(TournamentError::ConcederNotAtTable { player, table });
        }
        let mut result = self.current_result(round, table)?;
        result.end = Some(MatchEnd::ConcededBy(player.clone()));
        self.check_and_record(round, table, result).await?;
        Ok(("concession", json!({ "round": round, "table": table, "player": player })))
    }

    /// `actor` asks for an intentional draw at `table`: recorded at once for the organizer, else once both
    /// players have asked. `None` while it waits for the other player.
    pub(super) async fn intentional_draw(
        &mut self,
        actor: &str,
        organizer: bool,
        round: u32,
        table: u32,
    ) -> Result<Option<(&'static str, serde_json::Value)>, TournamentError> {
        let players = self.open_table(round, table)?;
        if !organizer {
            if !players.iter().any(|p| p == actor) {
                return Err(TournamentError::NotDrawParty);
            }
            let asked = self.draw_requests.entry((round, table)).or_default();
            if !asked.iter().any(|p| p == actor) {
                asked.push(actor.to_owned());
            }
            if asked.len() < 2 {
                return Ok(None);
            }
        }
        let mut result = self.current_result(round, table)?;
        result.end = Some(MatchEnd::IntentionalDraw);
        self.check_and_record(round, table, result).await?;
        self.draw_requests.remove(&(round, table));
        Ok(Some(("intentional_draw", json!({ "round": round, "table": table }))))
    }
}
