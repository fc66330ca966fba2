//! A result the organizer records (docs/tournaments.md, "Corrections"): checked against the whole log, stored,
//! and the table's room told "result recorded by the organizer" while its round is being played (so nobody plays
//! on). A correction made after later rounds were paired: in Swiss those pairings stand (MTR 1.9; the answer says
//! so); in a playoff a changed winner who has already been seated in the next round is replaced there, and that
//! match, still without a result, is reset (its room ended with `reset`, a new one opened for the right players).
//! A downstream match that already has a result, or a bracket paired two rounds further, refuses the correction.
use super::Cmd;
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments as db;
use crate::protocol::MatchEndReason;
use gb_tournament::outcome::{MatchOutcome, score};
use gb_tournament::{Correction, Pairing, TableResult, Tournament};
use serde_json::json;
use tokio::sync::mpsc;

/// A playoff table of the next round to play again: (round, table, its players as corrected).
type Reset = (u32, u32, [String; 2]);

fn refused(msg: String) -> TournamentError {
    TournamentError::DownstreamPlayed(msg)
}

impl Event {
    pub(super) async fn correct(
        &mut self,
        c: Correction,
        tx: &mpsc::Sender<Cmd>,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let (round, table) = (c.round, c.table);
        let before = self.effective_result(round, table)?;
        let mut t = self.t.clone();
        t.corrections.push(c.clone());
        let bad = |e: gb_tournament::TournamentError| TournamentError::BadResult(e.to_string());
        gb_tournament::standings(&t).map_err(bad)?;
        let reset = self.downstream(&mut t, round, table, &before, &c.result)?;
        gb_tournament::standings(&t).map_err(bad)?;
        db::add_correction(&self.db, &self.id, &c).await.map_err(TournamentError::storage)?;
        if let Some((r, tb, players)) = &reset {
            db::reset_table(&self.db, &self.id, *r, *tb, players).await.map_err(TournamentError::storage)?;
        }
        self.t = t;
        if round == self.t.rounds.len() as u32 {
            self.end_room_match(round, table, &c.result);
        }
        let mut detail = json!({ "round": round, "table": table, "result": c.result, "reason": c.reason });
        if let Some((r, tb, players)) = reset {
            detail["reset"] = json!({ "round": r, "table": tb, "players": players });
            self.end_room(r, tb, MatchEndReason::Reset);
            self.rooms.remove(&(r, tb));
            self.time_called.remove(&(r, tb));
            self.sudden_death.remove(&(r, tb));
            // Both players are told on the old table and the event page: the no-show rule does not apply.
            self.arrivals.insert((r, tb), [true, true]);
            self.seat_table(r, tb, players, tx).await;
        }
        Ok(("correction", detail))
    }

    /// The table's result in force: its last correction, else what the round recorded.
    fn effective_result(&self, round: u32, table: u32) -> Result<TableResult, TournamentError> {
        let recorded = self.current_result(round, table)?;
        let corrected = self.t.corrections.iter().rev().find(|c| c.round == round && c.table == table);
        Ok(corrected.map_or(recorded, |c| c.result.clone()))
    }

    /// A playoff correction that changes who won, after the next round was paired: the table of the next round
    /// that seated the old winner gets the new one instead, in `t`. Refused when that cannot be done cleanly.
    fn downstream(
        &self,
        t: &mut Tournament,
        round: u32,
        table: u32,
        before: &TableResult,
        after: &TableResult,
    ) -> Result<Option<Reset>, TournamentError> {
        let paired = self.t.rounds.len() as u32;
        if round >= paired || !gb_tournament::is_playoff_round(&self.t, round).unwrap_or(false) {
            return Ok(None);
        }
        let players = self.table_players(round, table).expect("a table with a result");
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        let winner = |r: &TableResult| match score(&players, r, needed).outcome {
            MatchOutcome::Won(i) => Some(players[i].clone()),
            _ => None,
        };
        let (old, new) = (winner(before), winner(after));
        if old == new {
            return Ok(None);
        }
        let (Some(old), Some(new)) = (old, new) else {
            return Err(refused(format!(
                "round {} is already paired from this match's winner: a correction there must name a winner",
                round + 1
            )));
        };
        if paired > round + 1 {
            return Err(refused(format!(
                "the bracket has gone two rounds past this match (round {} is paired): it cannot be reset",
                round + 2
            )));
        }
        let next = &mut t.rounds[round as usize].pairings;
        let Some(Pairing::Table(tb)) = next.iter_mut().find(|p| match p {
            Pairing::Table(tb) => tb.players.contains(&old),
            Pairing::Bye(b) => b.bye == old,
        }) else {
            return Err(refused(format!("{old} has a bye in round {}: re-pair that round by hand", round + 1)));
        };
        // The result in force there: a result the organizer recorded is a correction, not the pairing's own games.
        if tb.result != TableResult::default() || self.effective_result(round + 1, tb.table)? != TableResult::default()
        {
            return Err(refused(format!(
                "round {} table {} (where {old} went on) already has a result: correct it first",
                round + 1,
                tb.table
            )));
        }
        for p in &mut tb.players {
            if *p == old {
                *p = new.clone();
            }
        }
        Ok(Some((round + 1, tb.table, tb.players.clone())))
    }
}
