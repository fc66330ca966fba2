//! The event's judges (docs/tournaments.md, "Judges" and "Judge view"): the organizer appoints accounts as
//! judges; a judge may give penalties and open a table's judge view, nothing else of the organizer's. An
//! appointment is an audit entry (`appoint_judge`), and the event's judges are read back from the audit log when
//! it is rebuilt: the audit is their record, so nothing else is stored. Opening a judge view is audited here, by
//! the event, before its room is asked for the state (room/judge_view.rs), so no opening goes unrecorded.
use super::TournamentError;
use super::state::Event;
use crate::protocol::tournament::EventJudge;
use crate::room::judge_view::JudgeSight;
use serde_json::json;

/// The audit action of an appointment.
const APPOINT: &str = "appoint_judge";

/// The judges appointed in `rows` (an event's audit log), in order.
pub(super) fn from_audit(rows: &[crate::db::tournaments::AuditRow]) -> Vec<EventJudge> {
    let appointed = rows.iter().filter(|r| r.action == APPOINT);
    let judge = |r: &crate::db::tournaments::AuditRow| {
        let detail = &r.detail;
        let name = detail.get("judge_name")?.as_str()?.to_owned();
        Some(EventJudge { account_id: detail.get("judge")?.as_str()?.to_owned(), name })
    };
    appointed.filter_map(judge).collect()
}

impl Event {
    pub(super) fn is_judge(&self, account: &str) -> bool {
        account == self.organizer || self.judges.iter().any(|j| j.account_id == account)
    }

    /// The organizer appoints `account_id` (named `name`): not the organizer, not twice, and not a player of the
    /// event (a judge does not rule on their own matches). Written (its audit entry) before it is applied.
    pub(super) async fn appoint_judge(
        &mut self,
        organizer: &str,
        account_id: String,
        name: String,
    ) -> Result<(), TournamentError> {
        if self.is_judge(&account_id) {
            return Err(TournamentError::AlreadyJudge { name });
        }
        if self.t.players.iter().any(|p| p.id == account_id) {
            return Err(TournamentError::PlayerCannotJudge { name });
        }
        let detail = json!({ "judge": account_id, "judge_name": name });
        crate::db::tournaments::audit(&self.db, &self.id, organizer, APPOINT, &detail)
            .await
            .map_err(TournamentError::storage)?;
        self.judges.push(EventJudge { account_id, name });
        Ok(())
    }

    /// A judge view of `table` is opened by `judge` (a name): the table must have a room to look into.
    pub(super) fn open_judge_view(
        &self,
        round: u32,
        table: u32,
        judge: String,
    ) -> Result<(&'static str, serde_json::Value), TournamentError> {
        let players = self.table_players(round, table).ok_or(TournamentError::NoSuchTable { round, table })?;
        if !self.rooms.contains_key(&(round, table)) {
            return Err(TournamentError::NoRoom { round, table });
        }
        Ok(("judge_view", json!({ "round": round, "table": table, "players": players, "judge_name": judge })))
    }
}

/// The table's game with nothing hidden, from its room (on this node: the event's owner runs its tables'
/// rooms); its viewers are told that `judge` is watching.
pub async fn look(rooms: &crate::room::RoomDeps, room_id: &str, judge: String) -> Result<JudgeSight, TournamentError> {
    let room = super::tables::reattach(rooms, room_id)
        .await
        .map_err(|e| TournamentError::RoomUnavailable(format!("{e:#}")))?;
    room.judge_view(judge).await.map_err(|e| TournamentError::RoomUnavailable(e.to_string()))
}
