//! What the organizer and players ask of an event (`Op`): who may, then the check, the write and the audit entry.
use super::TournamentError;
use super::state::Event;
use super::{Cmd, EventStatus, Op};
use crate::db::tournaments as db;
use gb_tournament::{Correction, Player, RosterChange, RosterChangeKind};
use serde_json::json;
use tokio::sync::mpsc;

impl Event {
    pub(super) async fn apply(&mut self, actor: &str, op: Op, tx: &mpsc::Sender<Cmd>) -> Result<(), TournamentError> {
        if op.organizer_only(actor) && actor != self.organizer {
            if !op.for_judges() {
                return Err(TournamentError::NotOrganizer);
            }
            if !self.is_judge(actor) {
                return Err(TournamentError::NotJudge);
            }
        }
        let next_round = self.t.rounds.len() as u32 + 1;
        let (action, detail) = match op {
            Op::OpenRegistration | Op::CloseRegistration => {
                let open = matches!(op, Op::OpenRegistration);
                let (from, to) = if open {
                    (EventStatus::Closed, EventStatus::Registration)
                } else {
                    (EventStatus::Registration, EventStatus::Closed)
                };
                if self.status != from {
                    return Err(TournamentError::WrongStatus { reopen: open, from });
                }
                db::set_status(&self.db, &self.id, to).await.map_err(TournamentError::storage)?;
                self.status = to;
                (if open { "open_registration" } else { "close_registration" }, json!({}))
            }
            Op::Register { name, deck } => {
                if self.status != EventStatus::Registration {
                    return Err(TournamentError::RegistrationClosed);
                }
                self.enter(actor, name, deck, 1).await?;
                return Ok(()); // a player's own registration is not an override
            }
            Op::LateEntry { account_id, name, deck } => {
                self.late_entries_open(next_round)?;
                self.enter(&account_id, name, deck, next_round).await?;
                if next_round == 1 {
                    self.check_in(&account_id).await?; // entered by the organizer in person
                }
                ("late_entry", json!({ "player": account_id, "entered_round": next_round }))
            }
            Op::Drop { player, reason } => self.roster(player, reason, RosterChangeKind::Drop, next_round).await?,
            Op::Readd { player, reason } => self.roster(player, reason, RosterChangeKind::Readd, next_round).await?,
            Op::StartRound => self.start_round().await?,
            Op::Judge { round, table, action, judge } => self.judge_action(round, table, action, &judge).await?,
            Op::Penalize { penalty, judge } => self.penalize(penalty, &judge).await?,
            Op::AppointJudge { account_id, name } => return self.appoint_judge(actor, account_id, name).await,
            Op::OpenJudgeView { round, table, judge } => self.open_judge_view(round, table, judge)?,
            Op::FeatureTable { table } => return self.feature(actor, table).await,
            Op::Correct { round, table, result, reason } => {
                self.correct(Correction { round, table, result, reason, before_round: Some(next_round) }, tx).await?
            }
            Op::Repair { pairings, reason, confirm } => self.repair(pairings, reason, confirm).await?,
            Op::PairByHand { pairings, reason, confirm } => self.pair_by_hand(pairings, reason, confirm).await?,
            Op::SetSwissRounds { rounds, reason } => self.set_swiss_rounds(rounds, reason).await?,
            Op::EndEarly { reason } => self.end_early(reason).await?,
            Op::AddComputers { count, level } => self.add_computers(count, level).await?,
            Op::CheckIn { player } => {
                self.check_in(&player).await?;
                if player == actor {
                    return Ok(()); // a player's own check-in is not an override
                }
                ("check_in", json!({ "player": player }))
            }
            Op::Announce { text } => {
                self.may_announce()?;
                ("announce", json!({ "text": text }))
            }
            Op::Concede { round, table, player } => self.concede(round, table, player).await?,
            Op::IntentionalDraw { round, table } => {
                match self.intentional_draw(actor, actor == self.organizer, round, table).await? {
                    Some(done) => done,
                    None => return Ok(()), // waits for the other player's request
                }
            }
        };
        db::audit(&self.db, &self.id, actor, action, &detail).await.map_err(TournamentError::storage)?;
        self.announced(action, &detail);
        if matches!(action, "start_round" | "repair_round" | "pair_round_by_hand") {
            self.open_rooms(tx).await;
        }
        Ok(())
    }

    /// Late entries close after the organizer's cutoff round, and never once the playoff is next (docs/tournaments.md,
    /// "Late entries"): a player entering then could only ever play for nothing, or would enter a fixed bracket.
    fn late_entries_open(&self, next_round: u32) -> Result<(), TournamentError> {
        if next_round > 1 && gb_tournament::is_playoff_round(&self.t, next_round).unwrap_or(false) {
            return Err(TournamentError::LateEntriesClosed { cutoff: None });
        }
        let last = self.t.settings.late_entry_until_round;
        if next_round > last {
            return Err(TournamentError::LateEntriesClosed { cutoff: Some(last) });
        }
        Ok(())
    }

    async fn enter(
        &mut self,
        account: &str,
        name: String,
        deck: gb_core::DeckList,
        round: u32,
    ) -> Result<(), TournamentError> {
        if self.t.players.iter().any(|p| p.id == account) {
            // Re-registering after a drop would reset nothing and could farm byes: re-adds go through the organizer.
            return Err(TournamentError::AlreadyRegistered);
        }
        if self.status == EventStatus::Finished {
            return Err(TournamentError::EventFinished);
        }
        if self.judges.iter().any(|j| j.account_id == account) {
            return Err(TournamentError::JudgeCannotPlay);
        }
        deck.validate().map_err(TournamentError::InvalidDeck)?;
        let deck = serde_json::to_string(&deck).map_err(TournamentError::storage)?;
        let player = Player { id: account.to_owned(), name, entered_round: round, deck: Some(deck), computer: false };
        db::add_player(&self.db, &self.id, &player, Some(account)).await.map_err(TournamentError::storage)?;
        self.t.players.push(player);
        Ok(())
    }

    pub(super) async fn roster(
        &mut self,
        player: String,
        reason: String,
        change: RosterChangeKind,
        before_round: u32,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        // MTR 2.10: a drop after the round is paired takes effect from the next round; the match in hand stands.
        let c = RosterChange { before_round, player, change, reason };
        let mut t = self.t.clone();
        t.roster.push(c.clone());
        gb_tournament::standings(&t).map_err(|e| TournamentError::BadRosterChange(e.to_string()))?;
        db::add_roster_change(&self.db, &self.id, &c).await.map_err(TournamentError::storage)?;
        self.t = t;
        let action = if change == RosterChangeKind::Drop { "drop" } else { "readd" };
        Ok((action, json!({ "player": c.player, "before_round": before_round, "reason": c.reason })))
    }
}
