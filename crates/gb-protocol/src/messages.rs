//! WebSocket messages (docs/protocol.md, "WebSocket"), in both directions. The server builds `ServerMsg` from
//! gb-core's view, event and rejection types, which borrow their card names and rule numbers as `&'static str`
//! and so cannot be read back; a client reads the same message as [`Received`], with the view and events as
//! JSON and the rejection owned. One definition, two instantiations: the tags and field names cannot drift.
use crate::room::{Clocks, Role, RoomInfo};
use gb_core::view::MatchView;
use gb_core::{Event, Intent, Rejection, Seat};
use gb_delta::PatchOp;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    Hello {
        protocol: u32,
        #[serde(rename = "as")]
        role: Role,
        last_version: Option<u32>,
        /// Index of the game `last_version` belongs to (best of three); absent means the current game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional = nullable)]
        game: Option<u32>,
    },
    Intent {
        seq: u32,
        intent: Intent,
    },
    Ping,
    /// One of the fixed emotes, to the whole table (docs/protocol.md, "Emotes"); seats only.
    Emote {
        emote: crate::Emote,
    },
}

impl ClientMsg {
    /// The first message on every socket, in this protocol's version.
    pub fn hello(role: Role, last_version: Option<u32>) -> ClientMsg {
        ClientMsg::Hello { protocol: crate::PROTOCOL_VERSION, role, last_version, game: None }
    }
    /// The JSON text frame.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("client messages serialize")
    }
}

/// A message from the server. `V`, `E`, `R` are the view, event and rejection types: gb-core's own on the
/// server, [`Received`]'s owned ones on a client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(concrete(V = MatchView, E = Event, R = Rejection))]
pub enum ServerMsg<V = MatchView, E = Event, R = Rejection> {
    Welcome {
        protocol: u32,
        room: RoomInfo,
        seat: Option<Seat>,
        version: u32,
        game: u32,
    },
    Snapshot {
        v: u32,
        game: u32,
        view: V,
        legal: Vec<Intent>,
        clocks: Option<Clocks>,
    },
    /// `patch` (RFC 6902) turns the `{view, legal}` this viewer holds at `v - 1` into the one at `v`
    /// (docs/protocol.md, "Deltas"); a client folds it into a [`crate::ViewState`].
    Update {
        v: u32,
        events: Vec<E>,
        patch: Vec<PatchOp>,
        /// Left out in rooms without a clock (14 bytes of every update there).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        clocks: Option<Clocks>,
    },
    Skip {
        v: u32,
    },
    /// Sent right after a `snapshot`: every version up to `v` (the snapshot's) that had events this viewer may
    /// see, redacted exactly as its live `update`s were, so a viewer arriving late (a spectator under its delay
    /// included) or resuming from a snapshot has the whole log of game `game` (docs/protocol.md, "History").
    History {
        game: u32,
        v: u32,
        entries: Vec<HistoryEntry<E>>,
    },
    Accepted {
        seq: u32,
        v: u32,
    },
    Rejected {
        seq: u32,
        rejection: R,
        legal: Vec<Intent>,
    },
    Room {
        room: RoomInfo,
    },
    Error {
        code: String,
        message: String,
    },
    Pong,
    /// A table of an event: its organizer's message or a time call (docs/tournaments.md, "Announcements"); on
    /// connecting, the ones the room was told so far.
    Announcement {
        announcement: crate::announce::Announcement,
    },
    /// A tournament judge has opened this table's full state (docs/tournaments.md, "Judge view"); sent to every
    /// viewer of the room, players and spectators. `RoomInfo.judge_watching` keeps it for later arrivals.
    JudgeWatching {
        judge: String,
        #[ts(type = "number")]
        at_ms: i64,
    },
    /// A seat's emote, to every seat and (in a room without a spectator delay) every spectator; unversioned,
    /// kept nowhere (docs/protocol.md, "Emotes").
    Emote {
        seat: Seat,
        /// The sender's display name.
        name: String,
        emote: crate::Emote,
    },
}

/// One version's events in a [`ServerMsg::History`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(concrete(E = Event))]
pub struct HistoryEntry<E = Event> {
    pub v: u32,
    pub events: Vec<E>,
}

/// A server message as a client reads it (tests, gb-loadgen, bots over the wire).
pub type Received = ServerMsg<serde_json::Value, serde_json::Value, RejectionReceived>;

/// gb-core's `Rejection` as a client reads it: the same three fields, owned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RejectionReceived {
    pub code: String,
    pub rule: String,
    pub message: String,
}

impl<V, E, R> ServerMsg<V, E, R> {
    pub fn error(code: &str, message: impl Into<String>) -> Self {
        ServerMsg::Error { code: code.to_owned(), message: message.into() }
    }
    /// The version a versioned frame carries (`snapshot`, `update`, `skip`, `accepted`).
    pub fn version(&self) -> Option<u32> {
        match self {
            ServerMsg::Snapshot { v, .. }
            | ServerMsg::Update { v, .. }
            | ServerMsg::Skip { v }
            | ServerMsg::Accepted { v, .. } => Some(*v),
            _ => None,
        }
    }
}

impl ServerMsg {
    /// The JSON text frame. Serializing these types cannot fail (no maps with non-string keys).
    pub fn encode(&self) -> String {
        encode_with(|buf| serde_json::to_writer(buf, self).expect("server messages serialize"))
    }
}

thread_local! {
    // Snapshots are ~2.5–3.5 KB: encoding into a reused buffer and copying the result out once is cheaper than
    // growing a fresh one (reallocations and copies), and the frame that is kept in the stream history is
    // exactly its size.
    static BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Writes a frame into the thread's reused buffer and copies it out at its size.
fn encode_with(write: impl FnOnce(&mut Vec<u8>)) -> String {
    BUF.with_borrow_mut(|buf| {
        buf.clear();
        write(buf);
        String::from_utf8(buf.to_vec()).expect("frames are UTF-8")
    })
}

impl ServerMsg {
    /// An `update` frame whose patch is a text diff's ops (`gb_delta::diff_indexed`), written as they are: the
    /// message `ServerMsg::Update` with those ops parsed encodes to, fields in the same order, without parsing
    /// each op's value into a tree and encoding it again (issue 14). Only an op value's object keys may come in
    /// another order (its struct's), which no reader of JSON sees.
    pub fn encode_update(v: u32, events: &[Event], ops: &[gb_delta::TextOp], clocks: Option<&Clocks>) -> String {
        encode_with(|buf| {
            buf.extend_from_slice(b"{\"type\":\"update\",\"v\":");
            serde_json::to_writer(&mut *buf, &v).expect("a number encodes");
            buf.extend_from_slice(b",\"events\":");
            serde_json::to_writer(&mut *buf, events).expect("events serialize");
            buf.extend_from_slice(b",\"patch\":");
            gb_delta::write_text_ops(ops, buf);
            if let Some(clocks) = clocks {
                buf.extend_from_slice(b",\"clocks\":");
                serde_json::to_writer(&mut *buf, clocks).expect("clocks serialize");
            }
            buf.push(b'}');
        })
    }
}

impl Received {
    /// Reads one text frame. serde reads an internally tagged enum by buffering the whole message as its
    /// `Content` tree (every string and number copied) before it knows the variant; the server writes `type`
    /// first (serde writes the tag first, and so does `encode_update`), so the two frames a client reads most,
    /// `update` and `snapshot`, are read straight into their fields (issue 14: that buffering was a fifth of the
    /// load generator's CPU). Any other frame, or one whose `type` is not first, is read the general way; both
    /// give the same message (tested).
    pub fn decode(text: &str) -> Result<Received, serde_json::Error> {
        match Received::leading_type(text) {
            Some("update") => serde_json::from_str::<UpdateIn>(text).map(|u| ServerMsg::Update {
                v: u.v,
                events: u.events,
                patch: u.patch,
                clocks: u.clocks,
            }),
            Some("snapshot") => serde_json::from_str::<SnapshotIn>(text).map(|s| ServerMsg::Snapshot {
                v: s.v,
                game: s.game,
                view: s.view,
                legal: s.legal,
                clocks: s.clocks,
            }),
            _ => serde_json::from_str(text),
        }
    }

    /// The `type` of a frame that begins with it (every frame the server writes), read without parsing.
    pub fn leading_type(text: &str) -> Option<&str> {
        text.strip_prefix("{\"type\":\"").and_then(|rest| rest.split_once('"')).map(|(ty, _)| ty)
    }
}

/// `ServerMsg::Update`'s fields, read on their own (the `type` member is ignored, as any unknown one).
#[derive(Deserialize)]
struct UpdateIn {
    v: u32,
    events: Vec<serde_json::Value>,
    patch: Vec<PatchOp>,
    #[serde(default)]
    clocks: Option<Clocks>,
}

/// `ServerMsg::Snapshot`'s fields, read on their own.
#[derive(Deserialize)]
struct SnapshotIn {
    v: u32,
    game: u32,
    view: serde_json::Value,
    legal: Vec<Intent>,
    clocks: Option<Clocks>,
}
