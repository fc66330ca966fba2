//! Announcements (docs/tournaments.md, "Announcements"): the organizer's messages, round starts and time calls.
//! Each is an entry of the audit log (`announce`, `start_round`, `pair_round_by_hand`, `repair_round`,
//! `time_called`), so it is stored, audited and the same on every node and after a restart; the event keeps them
//! in memory and its view carries the latest [`SHOWN`]. The event socket (ws/tournament_feed.rs) sends each once; the
//! tables of the round get the organizer's messages and their time call in their rooms (tables.rs `announce`).
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments::{self as db, AuditRow};
use crate::protocol::tournament::EventView;
use crate::protocol::{ANNOUNCEMENT_MAX_CHARS, Announcement, AnnouncementKind};
use gb_tournament::Pairing;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// How many of the latest announcements the event's view carries.
pub const SHOWN: usize = 50;
/// The organizer's messages: at most `BURST` within `WINDOW` (a page of toasts is read, not scrolled).
const BURST: usize = 5;
const WINDOW: Duration = Duration::from_secs(60);
/// The audit log's actor for a time call the server's clock made.
const CLOCK: &str = "system";

/// The organizer's text, trimmed, or a 400 saying what is wrong with it.
pub fn checked_text(text: &str) -> Result<String, TournamentError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(TournamentError::EmptyAnnouncement);
    }
    if text.chars().count() > ANNOUNCEMENT_MAX_CHARS {
        return Err(TournamentError::AnnouncementTooLong { max: ANNOUNCEMENT_MAX_CHARS });
    }
    Ok(text.to_owned())
}

/// The announcement an audit entry makes, if it makes one (`seq` is given by its place among them).
fn of_entry(seq: u32, action: &str, detail: &Value, at_ms: i64) -> Option<Announcement> {
    let round = detail["round"].as_u64().map(|r| r as u32);
    let (kind, text) = match (action, round) {
        ("announce", _) => (AnnouncementKind::Message, detail["text"].as_str()?.to_owned()),
        ("start_round" | "pair_round_by_hand", Some(r)) => {
            (AnnouncementKind::RoundStarted, format!("Round {r} has started"))
        }
        ("repair_round", Some(r)) => (AnnouncementKind::RoundStarted, format!("Round {r} has been paired again")),
        ("time_called", Some(r)) => (AnnouncementKind::TimeCalled, format!("Time has been called in round {r}")),
        _ => return None,
    };
    Some(Announcement { seq, kind, round, text, for_you: None, at_ms })
}

/// Every announcement of an event, from its audit log.
pub fn from_audit(rows: &[AuditRow]) -> Vec<Announcement> {
    let mut out = Vec::new();
    for r in rows {
        let detail = &r.detail;
        if let Some(a) = of_entry(out.len() as u32 + 1, &r.action, detail, r.created_at) {
            out.push(a);
        }
    }
    out
}

/// Where `account` plays the round `a` announces the start of, in words; `None` for anyone else.
pub fn for_you(view: &EventView, account: &str, a: &Announcement) -> Option<String> {
    let round = a.round.filter(|_| a.kind == AnnouncementKind::RoundStarted)?;
    let pairings = &view.log.rounds.get((round as usize).checked_sub(1)?)?.pairings;
    let name = |id: &str| view.log.players.iter().find(|p| p.id == id).map_or(id, |p| p.name.as_str()).to_owned();
    pairings.iter().find_map(|p| match p {
        Pairing::Bye(b) if b.bye == account => Some("you have a bye".to_owned()),
        Pairing::Table(t) => {
            let me = t.players.iter().position(|p| p.as_str() == account)?;
            Some(format!("you are at table {} vs {}", t.table, name(&t.players[1 - me])))
        }
        Pairing::Bye(_) => None,
    })
}

impl Event {
    /// The organizer's message: refused while `BURST` were made in the last `WINDOW`; the caller audits it.
    pub(super) fn may_announce(&mut self) -> Result<(), TournamentError> {
        let now = Instant::now();
        self.messages_sent.retain(|t| now.duration_since(*t) < WINDOW);
        if self.messages_sent.len() >= BURST {
            let wait = WINDOW - now.duration_since(self.messages_sent[0]);
            return Err(TournamentError::AnnouncingTooFast { burst: BURST, wait });
        }
        self.messages_sent.push(now);
        Ok(())
    }

    /// After an audit entry is written: the announcement it makes, if any, kept and told to the round's tables
    /// (an organizer's message to every table still playing; a round start to nobody: its rooms open with it).
    pub(super) fn announced(&mut self, action: &str, detail: &Value) {
        let seq = self.announcements.len() as u32 + 1;
        let Some(a) = of_entry(seq, action, detail, crate::db::now_ms()) else { return };
        if a.kind == AnnouncementKind::Message {
            let round = self.t.rounds.len() as u32;
            let playing: Vec<u32> = self
                .view_tables(round)
                .into_iter()
                .filter(|&table| self.current_result(round, table).is_ok_and(|r| r.end.is_none()))
                .collect();
            self.tell_tables(round, &playing, &a);
        }
        self.announcements.push(a);
    }

    /// Announces the time call of the current round once its first table's time is called, and tells each table
    /// whose time has been called since the last tick (a table with an extension, later) in its room.
    pub(super) async fn announce_time_calls(&mut self) {
        let round = self.t.rounds.len() as u32;
        let called: Vec<u32> = self
            .time_called
            .iter()
            .filter(|&&(r, t)| r == round && !self.time_told.contains(&(r, t)))
            .map(|&(_, t)| t)
            .collect();
        if called.is_empty() {
            return;
        }
        let announced = |e: &Event| {
            e.announcements
                .iter()
                .rev()
                .find(|a| a.kind == AnnouncementKind::TimeCalled && a.round == Some(round))
                .cloned()
        };
        if announced(self).is_none() {
            let detail = json!({ "round": round });
            if let Err(e) = db::audit(&self.db, &self.id, CLOCK, "time_called", &detail).await {
                // The tables' own time call stands; the announcement is made on the next tick.
                tracing::warn!(event = %self.id, round, "time call not announced: {e:#}");
                return;
            }
            self.announced("time_called", &detail);
        }
        let Some(a) = announced(self) else { return };
        self.tell_tables(round, &called, &a);
        self.time_told.extend(called.into_iter().map(|t| (round, t)));
    }

    fn view_tables(&self, round: u32) -> Vec<u32> {
        let Some(r) = (round as usize).checked_sub(1).and_then(|i| self.t.rounds.get(i)) else { return vec![] };
        r.pairings.iter().filter_map(|p| if let Pairing::Table(t) = p { Some(t.table) } else { None }).collect()
    }

    fn tell_tables(&self, round: u32, tables: &[u32], a: &Announcement) {
        for table in tables {
            if let Some(room) = self.rooms.get(&(round, *table)) {
                super::tables::announce(&self.deps.rooms, room.clone(), a.clone());
            }
        }
    }
}

/// The latest [`SHOWN`] of them, for the view.
pub fn shown(all: &[Announcement]) -> Vec<Announcement> {
    all[all.len().saturating_sub(SHOWN)..].to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seq: i32, action: &str, detail: Value) -> AuditRow {
        AuditRow { seq, actor: "o".into(), action: action.into(), detail, created_at: 7 }
    }

    #[test]
    fn announcements_are_numbered_among_themselves_from_the_audit_log() {
        let rows = [
            row(1, "create", json!({ "name": "E" })),
            row(2, "start_round", json!({ "round": 1 })),
            row(3, "judge", json!({ "round": 1 })),
            row(4, "announce", json!({ "text": "Lunch at noon" })),
            row(5, "time_called", json!({ "round": 1 })),
        ];
        let got: Vec<(u32, AnnouncementKind, String)> =
            from_audit(&rows).into_iter().map(|a| (a.seq, a.kind, a.text)).collect();
        assert_eq!(
            got,
            vec![
                (1, AnnouncementKind::RoundStarted, "Round 1 has started".into()),
                (2, AnnouncementKind::Message, "Lunch at noon".into()),
                (3, AnnouncementKind::TimeCalled, "Time has been called in round 1".into()),
            ]
        );
    }

    #[test]
    fn a_message_is_one_to_500_characters_once_trimmed() {
        assert_eq!(checked_text("  hi ").unwrap(), "hi");
        assert!(matches!(checked_text(" \n "), Err(TournamentError::EmptyAnnouncement)));
        assert!(matches!(checked_text(&"é".repeat(501)), Err(TournamentError::AnnouncementTooLong { max: 500 })));
        assert!(checked_text(&"é".repeat(500)).is_ok());
    }
}
