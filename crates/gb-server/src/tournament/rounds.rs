//! Pairing the next round (Swiss or top cut) and opening a room for each of its tables.
use super::TournamentError;
use super::state::Event;
use super::tables::{self, Seated};
use super::{Cmd, EventStatus};
use super::{ManualPairing, hand_pairing, names};
use crate::db::{now_ms, tournaments as db};
use gb_tournament::{Pairing, PairingError, RosterChange, Round, Tournament, pair_next_round};
use serde_json::json;
use tokio::sync::mpsc;

impl Event {
    pub(super) async fn start_round(&mut self) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let (t, unchecked) = self.next_round_log()?;
        let plan = pair_next_round(&t).map_err(|e| refused(&t, e))?;
        let dropped: Vec<String> = unchecked.iter().map(|c| c.player.clone()).collect();
        self.seat_round(plan.round, plan.pairings, unchecked).await?;
        let explanation: Vec<String> = plan.explanation.iter().map(|e| names::named(&self.t, e)).collect();
        let mut detail = json!({ "round": plan.round, "phase": plan.phase, "explanation": explanation });
        if !dropped.is_empty() {
            detail["not_checked_in"] = json!(dropped);
        }
        Ok(("start_round", detail))
    }

    /// The next Swiss round paired by the organizer (hand_pairing.rs): whenever the next round could be paired at
    /// all, including when no automatic pairing is legal (the dead end this exists for); never a playoff round,
    /// which its bracket pairs (MTR 10.4).
    pub(super) async fn pair_by_hand(
        &mut self,
        pairings: Vec<ManualPairing>,
        reason: String,
        confirm: bool,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let (mut t, unchecked) = self.next_round_log()?;
        if let Err(
            e @ (PairingError::RoundInProgress { .. }
            | PairingError::TournamentOver { .. }
            | PairingError::Invalid { .. }),
        ) = pair_next_round(&t)
        {
            return Err(refused(&t, e));
        }
        let round = t.rounds.len() as u32 + 1;
        if gb_tournament::is_playoff_round(&t, round).unwrap_or(false) {
            return Err(TournamentError::PlayoffRound);
        }
        let new = hand_pairing::to_pairings(pairings);
        t.rounds.push(Round { pairings: new.clone() });
        let confirmed = self.check_hand_pairing(&t, round, confirm)?;
        self.seat_round(round, new.clone(), unchecked).await?;
        Ok(("pair_round_by_hand", json!({ "round": round, "pairings": new, "reason": reason, "confirmed": confirmed })))
    }

    /// The log the next round is paired from: round 1 of an event requiring check-in is paired without those who
    /// did not (attendance.rs), whose drops are returned to be stored with the round.
    fn next_round_log(&self) -> Result<(Tournament, Vec<RosterChange>), TournamentError> {
        if self.status == EventStatus::Registration {
            return Err(TournamentError::RegistrationOpen);
        }
        let unchecked = self.unchecked_drops();
        let mut t = self.t.clone();
        t.roster.extend(unchecked.iter().cloned());
        Ok((t, unchecked))
    }

    /// Stores a new round's pairings (and the drops of those who did not check in) and starts its clock.
    async fn seat_round(
        &mut self,
        round: u32,
        pairings: Vec<Pairing>,
        unchecked: Vec<RosterChange>,
    ) -> Result<(), TournamentError> {
        for c in unchecked {
            db::add_roster_change(&self.db, &self.id, &c).await.map_err(TournamentError::storage)?;
            self.t.roster.push(c);
        }
        db::insert_round(&self.db, &self.id, round, &pairings).await.map_err(TournamentError::storage)?;
        db::set_status(&self.db, &self.id, EventStatus::Running).await.map_err(TournamentError::storage)?;
        self.status = EventStatus::Running;
        self.t.rounds.push(Round { pairings });
        let now = now_ms();
        self.round_starts.push(now);
        self.pairings_made.push(now);
        Ok(())
    }

    /// Opens a room for every table of the round just paired. A failure leaves that table without a room (the
    /// event page shows it) rather than undoing a pairing players have already seen.
    pub(super) async fn open_rooms(&mut self, tx: &mpsc::Sender<Cmd>) {
        let round = self.t.rounds.len() as u32;
        let tables: Vec<_> = self.t.rounds[round as usize - 1]
            .pairings
            .iter()
            .filter_map(|p| if let Pairing::Table(t) = p { Some((t.table, t.players.clone())) } else { None })
            .collect();
        for (table, players) in tables {
            self.seat_table(round, table, players, tx).await;
        }
    }

    /// Opens a table's room and watches it; a failure leaves the table without a room (the page shows it).
    pub(super) async fn seat_table(&mut self, round: u32, table: u32, players: [String; 2], tx: &mpsc::Sender<Cmd>) {
        let opened = async {
            let [a, b] = players.clone();
            let (a, b) = (self.seated(&a).await, self.seated(&b).await);
            // A playoff pairing lists the higher seed first (gb-tournament's bracket), and it chooses who plays
            // first in game 1 (MTR 2.2); a Swiss table leaves it to the draw (CR 200.4).
            let playoff = gb_tournament::is_playoff_round(&self.t, round).unwrap_or(false);
            let first_chooser = playoff.then_some(gb_core::Seat::A);
            let room = tables::open(&self.deps.rooms, &self.id, &self.t.settings, [a?, b?], first_chooser).await?;
            db::set_room(&self.db, &self.id, round, table, &room.id).await?;
            anyhow::Ok(room)
        };
        match opened.await {
            Ok(room) => {
                self.rooms.insert((round, table), room.id.clone());
                tables::watch(&self.deps.rooms, room, round, table, tx.clone());
            }
            Err(e) => tracing::error!(event = %self.id, round, table, "table room not opened: {e:#}"),
        }
    }

    async fn seated(&self, id: &str) -> anyhow::Result<Seated> {
        let p = self.t.players.iter().find(|p| p.id == id).ok_or_else(|| anyhow::anyhow!("no player {id}"))?;
        let deck = serde_json::from_str(p.deck.as_deref().unwrap_or_default())?;
        // A computer player is seated as the room's own computer, at its stored level (computers.rs).
        let computer =
            if p.computer { Some(super::computers::level_of(self.deps.db(), &self.id, id).await?) } else { None };
        Ok(Seated { account_id: p.id.clone(), name: p.name.clone(), deck, computer })
    }
}

/// Why the next round cannot be paired, with names for the players it mentions.
fn refused(t: &Tournament, e: PairingError) -> TournamentError {
    let message = names::named(t, &e.to_string());
    match e {
        PairingError::TournamentOver { .. } => TournamentError::TournamentOver(message),
        _ => TournamentError::CannotPair(message),
    }
}
