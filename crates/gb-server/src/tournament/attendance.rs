//! Check-in and no-shows (docs/tournaments.md, "Check-in and no-shows"; MTR 2.10 and the tardiness rule).
//! Before round 1 players check in (the organizer may check anyone in); in an event that requires it, pairing
//! round 1 drops whoever has not. During a round, a seat that has not connected to its table's room once the
//! event's grace period has run from the round's pairing is a no-show: a match loss, and dropped from the next
//! round on (both seats absent: both lose, MTR Appendix C's double loss). The opponent is credited the match
//! 2-0. Arrivals are stored, and the grace period counts from the stored pairing time (or the round's last
//! manual re-pairing, repair.rs), so a restart resumes it.
use super::TournamentError;
use super::state::Event;
use crate::db::{attendance as db, now_ms};
use crate::protocol::tournament::{EventStatus, NO_SHOW};
use gb_tournament::outcome::{MatchOutcome, score};
use gb_tournament::{JudgeAction, Pairing, RosterChange, RosterChangeKind};
use serde_json::json;

/// The reason recorded for a player dropped at round 1 for not checking in.
pub(super) const NOT_CHECKED_IN: &str = "did not check in";

/// The audit log's actor for what the server does by itself.
pub(super) const SYSTEM: &str = "system";

impl Event {
    /// `player` checks in (or is checked in by the organizer), before round 1 only. Idempotent.
    pub(super) async fn check_in(&mut self, player: &str) -> Result<(), TournamentError> {
        if !matches!(self.status, EventStatus::Registration | EventStatus::Closed) || !self.t.rounds.is_empty() {
            return Err(TournamentError::CheckInClosed);
        }
        if !self.t.players.iter().any(|p| p.id == player) {
            return Err(TournamentError::NoSuchPlayer);
        }
        db::check_in(&self.db, &self.id, player, now_ms()).await.map_err(TournamentError::storage)?;
        self.checked_in.insert(player.to_owned());
        Ok(())
    }

    /// Before round 1 of an event that requires check-in: the roster changes dropping every registered player
    /// who has not checked in (dropping before round 1: they did not participate, MTR 2.10).
    pub(super) fn unchecked_drops(&self) -> Vec<RosterChange> {
        if !self.t.settings.check_in || !self.t.rounds.is_empty() {
            return Vec::new();
        }
        let present = gb_tournament::players_in_round(&self.t, 1).unwrap_or_default();
        present
            .into_iter()
            .filter(|p| !self.checked_in.contains(p))
            .map(|player| RosterChange {
                before_round: 1,
                player,
                change: RosterChangeKind::Drop,
                reason: NOT_CHECKED_IN.to_owned(),
            })
            .collect()
    }

    /// A seat of a table connected to its room: stored once, so the grace period stops applying to it.
    pub(super) async fn arrived(&mut self, round: u32, table: u32, seat: usize) -> anyhow::Result<()> {
        let seats = self.arrivals.entry((round, table)).or_default();
        if seats[seat] {
            return Ok(());
        }
        db::set_arrived(&self.db, &self.id, round, table, seat, now_ms()).await?;
        self.arrivals.entry((round, table)).or_default()[seat] = true;
        Ok(())
    }

    /// When absent seats of the current round become no-shows, if the event counts them.
    pub(super) fn no_show_deadline(&self, round: u32) -> Option<i64> {
        let grace = self.t.settings.no_show_seconds;
        let started = *self.pairings_made.get((round as usize).checked_sub(1)?)?;
        (grace > 0).then(|| started + i64::from(grace) * 1000)
    }

    /// Records every no-show of the current round whose grace period is over; says whether there was any.
    pub(super) async fn call_no_shows(&mut self) -> bool {
        let round = self.t.rounds.len() as u32;
        let Some(deadline) = self.no_show_deadline(round) else { return false };
        if now_ms() < deadline {
            return false;
        }
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        let absent: Vec<(u32, Vec<String>)> = self.t.rounds[round as usize - 1]
            .pairings
            .iter()
            .filter_map(|p| if let Pairing::Table(t) = p { Some(t) } else { None })
            // A table whose room did not open could not be joined: the organizer handles it, not the clock.
            .filter(|t| self.rooms.contains_key(&(round, t.table)))
            .filter(|t| score(&t.players, &t.result, needed).outcome == MatchOutcome::Pending)
            .filter_map(|t| {
                let seats = self.arrivals.get(&(round, t.table)).copied().unwrap_or_default();
                let absent: Vec<String> = (0..2).filter(|&s| !seats[s]).map(|s| t.players[s].clone()).collect();
                (!absent.is_empty()).then_some((t.table, absent))
            })
            .collect();
        let any = !absent.is_empty();
        for (table, players) in absent {
            if let Err(e) = self.no_show(round, table, &players).await {
                tracing::error!(event = %self.id, round, table, "no-show not recorded: {e}");
            }
        }
        any
    }

    /// A match loss for each absent player (the opponent wins 2-0), their drop and the audit entry: checked
    /// against the whole log, then written in one transaction (all or none), then applied.
    async fn no_show(&mut self, round: u32, table: u32, absent: &[String]) -> Result<(), TournamentError> {
        let mut result = self.current_result(round, table)?;
        for player in absent {
            result.judge.push(JudgeAction::MatchLoss {
                player: player.clone(),
                reason: NO_SHOW.to_owned(),
                infraction: None, // recorded by the server, as before penalties had infractions
                judge: None,
            });
        }
        let mut t = self.with_result(round, table, &result)?;
        let next = gb_tournament::players_in_round(&t, round + 1).unwrap_or_default();
        // Already dropped for the next round (their own drop after pairing): the match loss is all that is left.
        let drops: Vec<RosterChange> = absent
            .iter()
            .filter(|p| next.contains(p))
            .map(|p| RosterChange {
                before_round: round + 1,
                player: p.clone(),
                change: RosterChangeKind::Drop,
                reason: NO_SHOW.to_owned(),
            })
            .collect();
        t.roster.extend(drops.iter().cloned());
        gb_tournament::standings(&t).map_err(|e| TournamentError::BadRosterChange(e.to_string()))?;
        let detail = json!({ "round": round, "table": table, "players": absent });
        db::record_no_show(&self.db, &self.id, (round, table), &result, &drops, (SYSTEM, &detail))
            .await
            .map_err(TournamentError::storage)?;
        self.t = t;
        self.end_room_match(round, table, &result);
        Ok(())
    }
}
