//! Manual re-pairing of the round being played (MTR 1.9: the Head Judge may re-pair a round by hand when its
//! pairings are wrong): allowed while no table of the round has a result, checked against the whole log like any
//! command (every present player paired once, nobody absent), stored in place of the round's pairings, with new
//! rooms for the new tables (opened after the audit entry, as for a new round); the old rooms are no longer
//! watched. Recorded in the audit log. The no-show grace period starts again from the re-pairing (stored); the
//! round clock does not: it keeps running from the round's pairing (docs/tournaments.md, "No dead ends").
use super::ManualPairing;
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments as db;
use gb_tournament::{Pairing, TableResult};
use serde_json::json;

impl Event {
    pub(super) async fn repair(
        &mut self,
        pairings: Vec<ManualPairing>,
        reason: String,
        confirm: bool,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let round = self.t.rounds.len() as u32;
        if round == 0 {
            return Err(TournamentError::NoRound);
        }
        let played = self.t.rounds[round as usize - 1].pairings.iter().any(|p| match p {
            Pairing::Table(t) => t.result != TableResult::default(),
            Pairing::Bye(_) => false,
        });
        if played {
            return Err(TournamentError::RoundHasResults);
        }
        let new = super::hand_pairing::to_pairings(pairings);
        let mut t = self.t.clone();
        t.rounds[round as usize - 1].pairings = new.clone();
        let confirmed = self.check_hand_pairing(&t, round, confirm)?;
        let at = db::replace_round(&self.db, &self.id, round, &new).await.map_err(TournamentError::storage)?;
        self.t = t;
        // The new tables' seats get the whole grace period to join their new rooms (attendance.rs).
        if let Some(seated) = self.pairings_made.get_mut(round as usize - 1) {
            *seated = at;
        }
        self.rooms.retain(|(r, _), _| *r != round);
        self.time_called.retain(|(r, _)| *r != round);
        self.arrivals.retain(|(r, _), _| *r != round); // the new rooms must be joined afresh
        Ok(("repair_round", json!({ "round": round, "pairings": new, "reason": reason, "confirmed": confirmed })))
    }
}
