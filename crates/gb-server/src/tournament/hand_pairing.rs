//! Pairings the organizer makes by hand (MTR 1.9: the Head Judge may pair or re-pair a round by hand), for the
//! next round when no automatic pairing is legal, or in place of the round being played (repair.rs). Both are
//! checked the same way against the whole log: every present player paired exactly once, nobody absent (the
//! log's own checks), and each rematch or second bye, which automatic pairing never makes, confirmed
//! explicitly with a reason; the confirmed ones are named in the audit entry.
use super::ManualPairing;
use super::TournamentError;
use super::names::name_of;
use super::state::Event;
use gb_tournament::{Bye, Pairing, Table, TableResult, Tournament};
use serde_json::json;

/// The organizer's list as the log's pairings, tables numbered in the order given.
pub(super) fn to_pairings(pairings: Vec<ManualPairing>) -> Vec<Pairing> {
    let mut table = 0;
    pairings
        .into_iter()
        .map(|p| match p {
            ManualPairing::Table { players } => {
                table += 1;
                Pairing::Table(Table { table, players, result: TableResult::default() })
            }
            ManualPairing::Bye { bye } => Pairing::Bye(Bye { bye }),
        })
        .collect()
}

impl Event {
    /// Checks `t`, whose round `round` holds the organizer's pairings. Returns the audit's account of the
    /// exceptions: the rematches and second byes, by name, each allowed only with `confirm`.
    pub(super) fn check_hand_pairing(
        &self,
        t: &Tournament,
        round: u32,
        confirm: bool,
    ) -> Result<serde_json::Value, TournamentError> {
        let bad = |m: String| TournamentError::BadPairing(super::names::named(t, &m));
        gb_tournament::standings(t).map_err(|e| bad(e.to_string()))?;
        let present = gb_tournament::players_in_round(t, round).map_err(|e| bad(e.to_string()))?;
        let new = &t.rounds[round as usize - 1].pairings;
        let seated = |id: &String| {
            new.iter().any(|p| match p {
                Pairing::Table(tb) => tb.players.contains(id),
                Pairing::Bye(b) => &b.bye == id,
            })
        };
        if let Some(left_out) = present.iter().find(|id| !seated(id)) {
            return Err(bad(format!("{left_out} is in the event but not paired: pair every present player once")));
        }
        let earlier = &t.rounds[..round as usize - 1];
        let met = |a: &str, b: &str| {
            earlier.iter().position(|r| {
                r.pairings.iter().any(|p| matches!(p, Pairing::Table(tb) if tb.players.iter().any(|x| x == a) && tb.players.iter().any(|x| x == b)))
            })
        };
        let had_bye = |a: &str| {
            earlier.iter().position(|r| r.pairings.iter().any(|p| matches!(p, Pairing::Bye(b) if b.bye == a)))
        };
        let mut rematches = Vec::new();
        let mut second_byes = Vec::new();
        for p in new {
            match p {
                Pairing::Table(tb) => {
                    if let Some(r) = met(&tb.players[0], &tb.players[1]) {
                        let [a, b] = [0, 1].map(|i| name_of(t, &tb.players[i]));
                        rematches.push(format!("{a} v {b} (they met in round {})", r + 1));
                    }
                }
                Pairing::Bye(b) => {
                    if let Some(r) = had_bye(&b.bye) {
                        second_byes.push(format!("{} (a bye in round {} already)", name_of(t, &b.bye), r + 1));
                    }
                }
            }
        }
        if !confirm && (!rematches.is_empty() || !second_byes.is_empty()) {
            let all: Vec<String> = rematches
                .iter()
                .map(|r| format!("a rematch: {r}"))
                .chain(second_byes.iter().map(|b| format!("a second bye: {b}")))
                .collect();
            return Err(TournamentError::NeedsConfirmation(all));
        }
        Ok(json!({ "rematches": rematches, "second_byes": second_byes }))
    }
}
