//! The event's length, changed while it runs (docs/tournaments.md, "No dead ends"): the organizer sets another
//! number of Swiss rounds, or ends the event after the round just played (its Swiss standings final, no top cut).
//! Both rewrite the log's `settings.structure`, so the file stays the whole truth: recomputed offline it gives
//! the same standings and says the tournament is over. Only while the event is still in its Swiss rounds: a
//! top cut is a fixed bracket played to its end (MTR 10.4). Audited with the old and new structure.
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments as db;
use gb_tournament::{PairingError, Structure, SwissRounds};
use serde_json::json;

impl Event {
    /// `rounds` Swiss rounds from now on (at least those already played).
    pub(super) async fn set_swiss_rounds(
        &mut self,
        rounds: u8,
        reason: String,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let (played, top_cut) = self.swiss_so_far()?;
        if !(1..=gb_tournament::MAX_ROUNDS as u8).contains(&rounds) || u32::from(rounds) < played {
            return Err(TournamentError::BadRounds { played });
        }
        self.set_structure(Structure::Swiss { rounds: SwissRounds::Fixed(rounds), top_cut }, "set_swiss_rounds", reason)
            .await
    }

    /// Ends the event after its last round played: that many Swiss rounds and no top cut, standings final.
    pub(super) async fn end_early(
        &mut self,
        reason: String,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let (played, _) = self.swiss_so_far()?;
        if played == 0 {
            return Err(TournamentError::NoRoundPlayed);
        }
        if let Err(PairingError::RoundInProgress { round, table }) = gb_tournament::pair_next_round(&self.t) {
            return Err(TournamentError::RoundInProgress { round, table });
        }
        let rounds = u8::try_from(played).unwrap_or(u8::MAX);
        self.set_structure(Structure::Swiss { rounds: SwissRounds::Fixed(rounds), top_cut: None }, "end_event", reason)
            .await
    }

    /// Swiss rounds paired so far and the top cut, while the event is still Swiss.
    fn swiss_so_far(&self) -> Result<(u32, Option<u8>), TournamentError> {
        let Structure::Swiss { top_cut, .. } = self.t.settings.structure else {
            return Err(TournamentError::NotSwiss);
        };
        let played = self.t.rounds.len() as u32;
        if (1..=played).any(|r| gb_tournament::is_playoff_round(&self.t, r).unwrap_or(false)) {
            return Err(TournamentError::TopCutStarted);
        }
        Ok((played, top_cut))
    }

    async fn set_structure(
        &mut self,
        structure: Structure,
        action: &'static str,
        reason: String,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let mut t = self.t.clone();
        let before = std::mem::replace(&mut t.settings.structure, structure);
        gb_tournament::standings(&t).map_err(|e| TournamentError::BadSettings(e.to_string()))?;
        db::set_settings(&self.db, &self.id, &t.settings).await.map_err(TournamentError::storage)?;
        self.t = t;
        Ok((action, json!({ "before": before, "after": structure, "reason": reason })))
    }
}
