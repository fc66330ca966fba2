//! A tournament table's announcements (docs/tournaments.md, "Announcements"): the event tells its tables'
//! rooms the organizer's messages and their time call (tournament/tables.rs `announce`); the room shows each to
//! every viewer at once and, to a viewer connecting later, the ones it was told (the latest few). They live in
//! the room's memory only: the event page, which reads them from the event, is where they are kept.
use super::actor::Room;
use super::streams::Kind;
use crate::protocol::{Announcement, ServerMsg};
use axum::extract::ws::Utf8Bytes;

/// How many announcements a room replays to a viewer connecting.
const KEPT: usize = 10;

impl Room {
    /// Shows `a` to everyone in the room, once (the event may tell a room again after a restart).
    pub(super) fn show_announcement(&mut self, a: Announcement) {
        if self.announcements.iter().any(|had| had.seq == a.seq) {
            return;
        }
        let frame = Utf8Bytes::from(ServerMsg::Announcement { announcement: a.clone() }.encode());
        self.announcements.push(a);
        if self.announcements.len() > KEPT {
            self.announcements.remove(0);
        }
        for kind in Kind::all(self.seats.len()) {
            self.relay_out(kind, false, &frame);
        }
        self.send_all(|_| Some(frame.clone()));
    }

    /// The frames a connecting viewer gets after its welcome and game frames.
    pub(super) fn announcement_frames(&self) -> Vec<Utf8Bytes> {
        let frame = |a: &Announcement| ServerMsg::Announcement { announcement: a.clone() }.encode();
        self.announcements.iter().map(|a| Utf8Bytes::from(frame(a))).collect()
    }
}
