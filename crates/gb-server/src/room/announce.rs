//! A tournament table's notices, the part of the room that owns them: the announcements the event told it
//! (docs/tournaments.md, "Announcements": the organizer's messages and the time call, tournament/tables.rs
//! `announce`) and whether a judge opened the table (room/judge_view.rs). The room shows each to every viewer
//! at once and, to a viewer connecting later, the ones it was told (the latest few). They live in the room's
//! memory only: the event page, which reads them from the event, is where they are kept. No actor, database
//! or socket here: the room routes (room/outbox.rs `show_announcement`).
use crate::protocol::{Announcement, JudgeWatching, ServerMsg};
use axum::extract::ws::Utf8Bytes;

/// How many announcements a room replays to a viewer connecting.
const KEPT: usize = 10;

/// What the event told this table, in memory only.
#[derive(Default)]
pub(super) struct Notices {
    /// The latest [`KEPT`] announcements, oldest first.
    announcements: Vec<Announcement>,
    /// A tournament judge opened the table (`RoomInfo.judge_watching`); in memory only, like `match_end`.
    pub(super) judge_watching: Option<JudgeWatching>,
}

impl Notices {
    /// Keeps `a` and gives its frame, or `None` if it was told already (the event may tell a room again after
    /// a restart).
    pub(super) fn announce(&mut self, a: Announcement) -> Option<Utf8Bytes> {
        if self.announcements.iter().any(|had| had.seq == a.seq) {
            return None;
        }
        let frame = Utf8Bytes::from(ServerMsg::Announcement { announcement: a.clone() }.encode());
        self.announcements.push(a);
        if self.announcements.len() > KEPT {
            self.announcements.remove(0);
        }
        Some(frame)
    }

    /// The frames a connecting viewer gets after its welcome and game frames.
    pub(super) fn frames(&self) -> Vec<Utf8Bytes> {
        let frame = |a: &Announcement| ServerMsg::Announcement { announcement: a.clone() }.encode();
        self.announcements.iter().map(|a| Utf8Bytes::from(frame(a))).collect()
    }

    /// `judge` opened the table at `at_ms`: kept for later viewers; the frame that tells the present ones.
    pub(super) fn judge_opened(&mut self, judge: String, at_ms: i64) -> Utf8Bytes {
        self.judge_watching = Some(JudgeWatching { judge: judge.clone(), at_ms });
        Utf8Bytes::from(ServerMsg::JudgeWatching { judge, at_ms }.encode())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn told(seq: u32) -> Announcement {
        serde_json::from_value(serde_json::json!({ "seq": seq, "kind": "message", "round": null, "text": format!("notice {seq}"), "at_ms": 1_000 }))
            .expect("an announcement reads")
    }

    #[test]
    fn an_announcement_is_shown_once_and_the_latest_are_kept_for_late_viewers() {
        let mut n = Notices::default();
        let frame = n.announce(told(1)).expect("a new announcement is shown");
        assert!(frame.as_str().contains("notice 1"));
        assert!(n.announce(told(1)).is_none(), "told again after a restart: not shown twice");
        for seq in 2..=(KEPT as u32 + 2) {
            assert!(n.announce(told(seq)).is_some());
        }
        let kept = n.frames();
        assert_eq!(kept.len(), KEPT);
        assert!(kept[0].as_str().contains("notice 3") && kept[KEPT - 1].as_str().contains("notice 12"));
    }

    #[test]
    fn a_judge_opening_the_table_is_kept_and_told() {
        let mut n = Notices::default();
        assert!(n.judge_watching.is_none());
        let frame = n.judge_opened("judge one".into(), 42);
        assert!(frame.as_str().contains("judge one"));
        assert_eq!(n.judge_watching.as_ref().map(|j| (j.judge.as_str(), j.at_ms)), Some(("judge one", 42)));
    }
}
