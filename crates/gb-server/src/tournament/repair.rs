//! Manual re-pairing of the round being played (MTR 1.9: the Head Judge may re-pair a round by hand when its
//! pairings are wrong): allowed while no table of the round has a result, checked against the whole log like any
//! command (every present player paired once, nobody absent), stored in place of the round's pairings, with new
//! rooms for the new tables (opened after the audit entry, as for a new round); the old rooms are no longer
//! watched. Recorded in the audit log. The no-show grace period starts again from the re-pairing (stored).
use super::ManualPairing;
use super::actor::Event;
use crate::db::tournaments as db;
use crate::error::ApiError;
use gb_tournament::{Bye, Pairing, Table, TableResult};
use serde_json::json;

impl Event {
    pub(super) async fn repair(
        &mut self,
        pairings: Vec<ManualPairing>,
        reason: String,
    ) -> Result<(&'static str, serde_json::Value), ApiError> {
        let round = self.t.rounds.len() as u32;
        if round == 0 {
            return Err(ApiError::conflict("no_round", "no round has been paired yet"));
        }
        let played = self.t.rounds[round as usize - 1].pairings.iter().any(|p| match p {
            Pairing::Table(t) => t.result != TableResult::default(),
            Pairing::Bye(_) => false,
        });
        if played {
            return Err(ApiError::conflict(
                "round_has_results",
                "a table of this round has a result: correct results instead of re-pairing",
            ));
        }
        let mut table = 0;
        let new: Vec<Pairing> = pairings
            .into_iter()
            .map(|p| match p {
                ManualPairing::Table { players } => {
                    table += 1;
                    Pairing::Table(Table { table, players, result: TableResult::default() })
                }
                ManualPairing::Bye { bye } => Pairing::Bye(Bye { bye }),
            })
            .collect();
        let mut t = self.t.clone();
        t.rounds[round as usize - 1].pairings = new.clone();
        let bad = |m: String| ApiError::unprocessable("bad_pairing", m);
        gb_tournament::standings(&t).map_err(|e| bad(e.to_string()))?;
        let present = gb_tournament::players_in_round(&t, round).map_err(|e| bad(e.to_string()))?;
        let seated = |id: &String| {
            new.iter().any(|p| match p {
                Pairing::Table(tb) => tb.players.contains(id),
                Pairing::Bye(b) => &b.bye == id,
            })
        };
        if let Some(left_out) = present.iter().find(|id| !seated(id)) {
            return Err(bad(format!("{left_out} is in the event but not paired: pair every present player once")));
        }
        let at = db::replace_round(&self.db, &self.id, round, &new).await.map_err(ApiError::internal)?;
        self.t = t;
        // The new tables' seats get the whole grace period to join their new rooms (attendance.rs).
        if let Some(seated) = self.pairings_made.get_mut(round as usize - 1) {
            *seated = at;
        }
        self.rooms.retain(|(r, _), _| *r != round);
        self.time_called.retain(|(r, _)| *r != round);
        self.arrivals.retain(|(r, _), _| *r != round); // the new rooms must be joined afresh
        Ok(("repair_round", json!({ "round": round, "pairings": new, "reason": reason })))
    }
}
