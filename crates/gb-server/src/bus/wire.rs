//! The bodies of `gb.v1.room.{room}.e{epoch}.rpc` requests and replies (JSON). Frames inside replies are the
//! exact WebSocket texts the owner encoded, forwarded untouched.
use crate::protocol::{Role, RoomInfo};
use crate::viewer::Kind;
use gb_core::{DeckList, Intent, Seat};
use serde::{Deserialize, Serialize};

/// A request to a room's owner. `relay` names the remote socket: `"{node}:{conn}"`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Request {
    /// The viewer kind a socket would get, so the relay subscribes to its frames before attaching.
    Kind {
        account: Option<String>,
        role: Role,
    },
    Attach {
        relay: String,
        account: Option<String>,
        role: Role,
        last_version: Option<u32>,
        game: Option<u32>,
        /// The client's `hello` version; nodes from before protocol 6 served only 5.
        #[serde(default = "protocol_5")]
        protocol: u32,
    },
    Detach {
        relay: String,
    },
    /// `key` = `"{node}:{conn}:{n}"` (the socket's n-th intent; clients may reuse `seq`): a retry with the same
    /// key gets the first answer, not a second version.
    /// `retry`: an earlier attempt failed, so some owner may have applied it (the owner looks the key up in the
    /// log, `match_intents.intent_key`); a first attempt cannot have been.
    Intent {
        relay: String,
        key: String,
        seq: u32,
        intent: Intent,
        #[serde(default)]
        retry: bool,
    },
    /// A seat's emote (room/emote.rs): shown to the room's viewers through their frames, or refused.
    Emote {
        relay: String,
        emote: crate::protocol::Emote,
    },
    /// A lobby call for the room (`GET /api/rooms/{id}`, a seat, a rematch) from a node that does not own it;
    /// the owner runs it as its own handler would (api/room_calls.rs).
    Rest {
        call: RoomCall,
    },
}

fn protocol_5() -> u32 {
    crate::protocol::MIN_PROTOCOL_VERSION
}

/// The lobby calls that need the live room. The calling node has done what needs no room (the session, the
/// deck from PostgreSQL); the owner does the rest.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "call", rename_all = "snake_case")]
pub enum RoomCall {
    Info,
    Join {
        account_id: String,
        display_name: String,
        deck: DeckList,
    },
    Rematch {
        account_id: String,
        go_first: Option<bool>,
    },
    /// `POST /api/rooms/{id}/start`: the host starts the room with computers in the empty seats.
    Start {
        account_id: String,
    },
    /// `POST /api/rooms/{id}/claim_win` (or `claim_draw`, with `draw`): a player claims the win over an opponent
    /// who left, or calls it a draw (room/leaving.rs).
    ClaimWin {
        account_id: String,
        #[serde(default)]
        draw: bool,
    },
    /// `POST /api/rooms/{id}/takeback`: a player asks to take back their last action (room/takeback.rs).
    AskTakeback {
        account_id: String,
    },
    /// `POST /api/rooms/{id}/takeback/answer`: the opponent accepts or declines it.
    AnswerTakeback {
        account_id: String,
        accept: bool,
    },
    /// For a public replay of the live match: `[match_id, head]` or `null` (api/replay).
    SpectatorHead,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "re", rename_all = "snake_case")]
pub enum Reply {
    Kind {
        kind: WireKind,
    },
    /// The catch-up frames (welcome first), current to relay sequence `seq`, bringing the viewer to `head` of
    /// game `game`.
    Attached {
        kind: WireKind,
        seq: u64,
        game: u32,
        head: u32,
        frames: Vec<String>,
        /// The room closed the socket with this code after `frames` (it refused it as it connected).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        close: Option<u16>,
    },
    Detached,
    /// What the room said to this socket alone about the intent: `accepted`, `rejected` or an error frame.
    Answer {
        frame: String,
    },
    /// An emote's outcome: `refused` is the `error` frame for the sender alone, absent when it was shown.
    Emoted {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refused: Option<String>,
    },
    /// The HTTP answer the owner's own handler gives: status and JSON body, sent back as they are.
    Rest {
        status: u16,
        body: String,
    },
    /// The reply (`size` bytes) exceeds the NATS server's `max_payload` (`max`): it was not sent.
    TooLarge {
        size: usize,
        max: usize,
    },
    /// The room is not (or no longer) here under this epoch, or the socket is not attached: re-resolve.
    Moved,
}

/// What a new owner publishes on `gb.v1.room.{room}.owner` once it serves epoch `epoch`'s RPC subject.
#[derive(Debug, Serialize, Deserialize)]
pub struct OwnerNotice {
    pub epoch: i64,
    /// The owner's cluster node id (`nodes.node_id`), for logs and operators.
    pub node: String,
}

/// A node's answer on `gb.v1.lobby`: the public rooms it holds (bus/lobby.rs). `node` is its cluster node id.
#[derive(Debug, Serialize, Deserialize)]
pub struct LobbyAnswer {
    pub node: String,
    pub rooms: Vec<ListedRoom>,
}

/// A room as its owner lists it, with the epoch of the claim (the newer claim wins when two nodes list it).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ListedRoom {
    pub epoch: i64,
    pub info: RoomInfo,
}

/// `a` … `f` (a seat) or `s`, as in the frame subjects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireKind {
    A,
    B,
    C,
    D,
    E,
    F,
    S,
}

impl From<Kind> for WireKind {
    fn from(k: Kind) -> WireKind {
        match k.seat() {
            Some(Seat::A) => WireKind::A,
            Some(Seat::B) => WireKind::B,
            Some(Seat::C) => WireKind::C,
            Some(Seat::D) => WireKind::D,
            Some(Seat::E) => WireKind::E,
            Some(Seat::F) => WireKind::F,
            None => WireKind::S,
        }
    }
}

impl From<WireKind> for Kind {
    fn from(k: WireKind) -> Kind {
        match k {
            WireKind::A => Kind::Seat(Seat::A),
            WireKind::B => Kind::Seat(Seat::B),
            WireKind::C => Kind::Seat(Seat::C),
            WireKind::D => Kind::Seat(Seat::D),
            WireKind::E => Kind::Seat(Seat::E),
            WireKind::F => Kind::Seat(Seat::F),
            WireKind::S => Kind::Spectator,
        }
    }
}
