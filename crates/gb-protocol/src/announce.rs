//! An event's announcements (docs/tournaments.md, "Announcements"): the organizer's messages, round starts and
//! time calls, in the order they were made. The event page reads them on its socket (`GET /ws/events/{id}`,
//! [`EventFeed`]); a table's players get them in their room ([`crate::ServerMsg::Announcement`]).
use crate::tournament::EventView;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The longest message an organizer may announce, in characters.
pub const ANNOUNCEMENT_MAX_CHARS: usize = 500;

/// What an announcement tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum AnnouncementKind {
    /// The organizer's own words.
    Message,
    /// A round was paired and its tables opened.
    RoundStarted,
    /// The round's time ran out: the end-of-round turns are played (MTR 2.4).
    TimeCalled,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Announcement {
    /// 1 for the event's first announcement, then one more for each: the same on every node and after a
    /// restart, so a reconnecting page asks for those after the last it holds (`since`).
    pub seq: u32,
    pub kind: AnnouncementKind,
    /// The round a round start or time call is about.
    pub round: Option<u32>,
    /// In words, the same for everyone: the organizer's message, or "Round 3 has started".
    pub text: String,
    /// For the signed-in reader only, on the event socket: where they play a round that has started ("you are at
    /// table 4 vs Ada", "you have a bye").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub for_you: Option<String>,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub at_ms: i64,
}

/// `POST /api/tournaments/{id}/announcements`: the organizer's message, 1 to [`ANNOUNCEMENT_MAX_CHARS`] characters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Announce {
    pub text: String,
}

/// A frame of `GET /ws/events/{id}`: the event's public view whenever it changes (its `announcements` left
/// empty: those come one by one), each announcement once, and the answer to a client's `{"type":"ping"}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventFeed {
    /// `v` counts the views this connection has sent (1 first): a reconnect starts with the latest view.
    View {
        #[ts(type = "number")]
        v: u64,
        view: Box<EventView>,
    },
    Announcement {
        announcement: Announcement,
    },
    Pong,
}
