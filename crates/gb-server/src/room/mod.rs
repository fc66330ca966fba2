//! Rooms: each room is an actor (one tokio task) that owns its match, seats, viewers, streams and clocks, and
//! handles one closed [`RoomCmd`] at a time. [`RoomHandle`] is its cloneable mailbox; [`Rooms`] maps ids to
//! handles. Everything that changes a room goes through its mailbox, so no lock guards game state. A
//! supervisor (room/supervisor.rs) rebuilds a failed actor from the database on the same mailbox.
mod actor;
pub mod adopt;
mod announce;
pub mod clock;
mod commit;
pub mod computer;
pub mod delta;
pub mod emote;
mod fence;
mod handle;
mod history;
pub mod judge_view;
pub mod lease;
mod leaving;
mod outbox;
mod play;
mod players;
mod presence;
pub mod rated;
pub mod recover;
mod refusal;
pub mod relay;
pub mod round_time;
pub mod seating;
mod serving;
pub mod streams;
mod supervisor;
pub mod takeback;

use crate::db::Db;
use crate::persist::Persist;
use crate::protocol::{BotLevel, ClockSetting, Role, RoomInfo, SpectatorDelay, Visibility};
use axum::extract::ws::Utf8Bytes;
use gb_core::{DeckList, Intent, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

pub use handle::{RoomError, RoomHandle};
pub use serving::Serving;
pub use supervisor::spawn_room;

/// The seats of a room of `n` seats, in seat order: `A`, `B` for the two-player game, up to `F` (MP-1).
pub fn seats_of(n: usize) -> &'static [Seat] {
    &Seat::ALL[..n]
}

/// What a socket's writer task sends: a shared text frame, or a close with a code (protocol.md close codes).
#[derive(Clone, Debug)]
pub enum Out {
    /// A frame; the stamp, when present, measures intent-received → last-frame-written.
    Text(Utf8Bytes, Option<Arc<Stamp>>),
    Close(u16, &'static str),
}

/// When an intent was received. Every frame it caused holds a clone; the writer drops its clone once the frame
/// is written, so the last drop marks the moment the last frame went out, and records the latency then.
#[derive(Debug)]
pub struct Stamp(pub std::time::Instant);

impl Drop for Stamp {
    fn drop(&mut self) {
        metrics::histogram!("gb_intent_to_last_frame_seconds").record(self.0.elapsed().as_secs_f64());
    }
}

/// Room settings chosen at creation (stored as `rooms.config_json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoomConfig {
    pub visibility: Visibility,
    pub best_of: u8,
    pub spectator_delay: Option<SpectatorDelay>,
    pub clock: Option<ClockSetting>,
    pub vs_bot: bool,
    /// Set with `vs_bot`, or in a free-for-all for the computers the host's start seats; absent in rooms
    /// stored before levels existed.
    #[serde(default)]
    pub bot_level: Option<BotLevel>,
    /// How many seats: 2 (CR), or 3–6 for a free-for-all (MP-1). Rooms stored before issue 16 have two.
    #[serde(default = "two_seats")]
    pub seats: u8,
    /// The account that created the room: the one who may start it with computers in the empty seats.
    /// Absent in rooms stored before the host's start existed (they start only when full).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// A tournament table's `next_game_chooser` (docs/tournaments.md): who decides the turn order of the
    /// series' next game. Absent elsewhere (and in rooms stored before it existed): the previous game's loser.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_game_chooser: Option<gb_tournament::NextGameChooser>,
    /// The seat that chooses who plays first in game 1, asked by the engine itself (`MatchSetup::chooser`): a
    /// playoff table's higher seed (MTR 2.2, docs/tournaments.md). Absent elsewhere: the draw chooses (CR 200.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_game_chooser: Option<Seat>,
    /// The tournament this room is a table of: its deck lists are the event's to publish (api/replay, "Deck
    /// lists" in docs/tournaments.md). Stored with the room, so it survives re-pairing, restarts and owners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Rated (docs/ratings.md): each game of a one-game room, or the series of a best of three, changes both
    /// players' ratings for the room's format. Only a two-player room of two people, never an event's table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

fn two_seats() -> u8 {
    crate::protocol::TWO_SEATS
}

impl RoomConfig {
    /// The computer's level, if a seat is the computer's. Rooms stored before levels existed played random.
    pub fn bot_level(&self) -> Option<BotLevel> {
        self.vs_bot.then(|| self.bot_level.unwrap_or(BotLevel::Random))
    }
    /// The level of a computer the host's start seats: the room's level, greedy by default.
    pub fn start_level(&self) -> BotLevel {
        self.bot_level().or(self.bot_level).unwrap_or_default()
    }
    /// The room's seats in seat order.
    pub fn seat_list(&self) -> &'static [Seat] {
        seats_of(usize::from(self.seats))
    }
    /// A free-for-all room (3–6 seats, MP-1).
    pub fn free_for_all(&self) -> bool {
        self.seats > crate::protocol::TWO_SEATS
    }
    /// The seat a person holds among `seats` (a computer's seat is nobody's account).
    pub fn seat_held(&self, seats: &[Option<SeatEntry>], account_id: &str) -> Option<Seat> {
        let held = |s: &Seat| {
            seats.get(s.index()).and_then(Option::as_ref).is_some_and(|e| !e.bot && e.account_id == account_id)
        };
        self.seat_list().iter().copied().find(held)
    }
    /// `RoomInfo.host`: the seat a free-for-all's host holds; never set in a two-player room (protocol 5's JSON).
    pub fn host_seat(&self, seats: &[Option<SeatEntry>]) -> Option<Seat> {
        let host = self.host.as_deref().filter(|_| self.free_for_all())?;
        self.seat_held(seats, host)
    }
}

/// Who holds a seat and with which deck (stored in `rooms.seats_json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatEntry {
    pub account_id: String,
    pub display_name: String,
    pub deck: DeckList,
    pub bot: bool,
    /// A computer's own level, where it is not the room's: an event's computer player (tournament/computers.rs).
    /// Absent otherwise, and in seats stored before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_level: Option<BotLevel>,
}

static NEXT_CONN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A fresh connection id, unique in this process: local sockets and the remote sockets this node owns rooms for.
pub fn next_conn_id() -> u64 {
    NEXT_CONN.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// A new WebSocket connection, registered with the room after its `hello`.
pub struct Conn {
    pub id: u64,
    pub account: Option<String>,
    pub role: Role,
    pub last_version: Option<u32>,
    pub game: Option<u32>,
    /// The protocol version the client's `hello` named: a free-for-all room refuses one older than
    /// `PROTOCOL_VERSION` (room/actor.rs `connect`).
    pub protocol: u32,
    pub tx: mpsc::Sender<Out>,
    /// Cancelled by the room to drop a slow consumer; the socket task then closes.
    pub kill: CancellationToken,
    /// Set for a socket on another node (room/relay.rs): its frames go once per kind through this sink, and
    /// `tx` only carries what is said to it alone (`accepted`, `rejected`, errors).
    pub relay: Option<relay::RelaySink>,
}

/// A relayed intent's idempotency key (`"{node}:{conn}:{n}"`, bus/relay.rs), stored with it in
/// `match_intents.intent_key`, and whether this is the relay's second attempt with it: an earlier owner may
/// have applied it then, and the log says so.
#[derive(Clone, Debug)]
pub struct Relayed {
    pub key: String,
    pub retry: bool,
}

/// The whole command set of a room actor, handled in one `match` (room/actor.rs).
pub enum RoomCmd {
    Info(oneshot::Sender<RoomInfo>),
    Join {
        account_id: String,
        display_name: String,
        deck: DeckList,
        reply: oneshot::Sender<Result<Seat, RoomError>>,
    },
    Connect(Conn),
    /// A socket on another node (room/relay.rs), answered with its catch-up frames.
    Attach {
        conn: Conn,
        reply: oneshot::Sender<relay::Attached>,
    },
    /// The viewer kind a socket would get, so a relay subscribes to its frames before attaching.
    KindOf {
        account: Option<String>,
        role: Role,
        reply: oneshot::Sender<streams::Kind>,
    },
    Disconnect {
        conn: u64,
    },
    Intent {
        conn: u64,
        seq: u32,
        intent: Intent,
        received: std::time::Instant,
        /// Set for an intent relayed from another node (bus/owner.rs).
        relayed: Option<Relayed>,
    },
    /// An event's computer player takes a free seat under the event's player id and name (room/seating.rs).
    SeatComputer {
        player_id: String,
        display_name: String,
        deck: DeckList,
        level: BotLevel,
        reply: oneshot::Sender<Result<Seat, RoomError>>,
    },
    Rematch {
        account_id: String,
        go_first: Option<bool>,
        reply: oneshot::Sender<Result<(), RoomError>>,
    },
    /// A player claims the win over an opponent away past the grace period, or with `draw` calls it a draw
    /// (casual games only; room/leaving.rs).
    ClaimWin {
        account_id: String,
        draw: bool,
        reply: oneshot::Sender<Result<(), RoomError>>,
    },
    /// A player asks to take back their last action (room/takeback.rs).
    AskTakeback {
        account_id: String,
        reply: oneshot::Sender<Result<(), RoomError>>,
    },
    /// The opponent accepts or declines the takeback asked for (room/takeback.rs).
    AnswerTakeback {
        account_id: String,
        accept: bool,
        reply: oneshot::Sender<Result<(), RoomError>>,
    },
    /// The host starts the first game now: computers take the empty seats (`POST /api/rooms/{id}/start`).
    Start {
        account_id: String,
        reply: oneshot::Sender<Result<(), RoomError>>,
    },
    /// For the public replay: the current match and the last version spectators may see.
    SpectatorHead(oneshot::Sender<Option<(String, u32)>>),
    /// A computer's seat has decided (room/computer.rs); played unless the game has moved on.
    Decided(computer::Decision),
    /// A tournament round's time ran out for this table (room/round_time.rs).
    CallTime {
        extra_turns: u32,
        new_game: bool,
        reply: oneshot::Sender<round_time::TimeUp>,
    },
    /// Time decided the table's game in progress and levelled its playoff match: one more game, time already
    /// called (room/round_time.rs).
    DecideByTime {
        loser: Option<Seat>,
        extra_turns: u32,
        reply: oneshot::Sender<round_time::TimeUp>,
    },
    /// The tournament has ended this table's match (room/round_time.rs).
    EndMatch {
        reason: crate::protocol::MatchEndReason,
        reply: oneshot::Sender<()>,
    },
    /// A seat's emote from socket `conn` (room/emote.rs); answered with the refusal, if any.
    Emote {
        conn: u64,
        emote: crate::protocol::Emote,
        reply: oneshot::Sender<Result<(), emote::EmoteRefused>>,
    },
    /// An announcement of the table's event (room/announce.rs).
    Announce {
        announcement: crate::protocol::Announcement,
        reply: oneshot::Sender<()>,
    },
    /// A tournament judge opens the table's full state (room/judge_view.rs).
    JudgeView {
        judge: String,
        reply: oneshot::Sender<judge_view::JudgeSight>,
    },
    /// Test hook: the actor panics, so tests can show the supervisor rebuilds the room from its log.
    #[cfg(feature = "test-hooks")]
    Crash,
}

/// Shared by every room: storage, the writer, task tracking, tunables.
#[derive(Clone)]
pub struct RoomDeps {
    pub db: Db,
    pub persist: Persist,
    pub tracker: TaskTracker,
    pub shutdown: CancellationToken,
    pub history: usize,
    pub bot_think: Duration,
    /// The registry, so an idle room can take itself out.
    pub rooms: Rooms,
    /// How long a room with no game in progress and nobody connected stays in memory.
    pub idle: Duration,
    /// At most one presence (`room`) frame per this interval under connection churn (room/presence.rs).
    pub presence: Duration,
    /// How long a person's seat may be away mid-game before the opponent may claim the win (room/leaving.rs).
    pub leave_grace: Duration,
    /// Cluster mode: this node's leases (claims, stand-downs); `None` on a single node.
    pub cluster: Option<Arc<crate::cluster::Cluster>>,
    /// Traffic to other nodes: a leased room answers its RPC subject through it (the bus, bus/owner.rs).
    pub bus: Arc<dyn Serving>,
}

impl RoomDeps {
    /// A single node's room dependencies with `settings`' timings and an empty registry; `AppState` fills in
    /// its own registry and cluster (state.rs).
    pub fn new(
        db: Db,
        persist: Persist,
        settings: &crate::settings::Settings,
        (tracker, shutdown): (TaskTracker, CancellationToken),
        bus: Arc<dyn Serving>,
    ) -> RoomDeps {
        RoomDeps {
            db,
            persist,
            tracker,
            shutdown,
            history: settings.stream_history,
            bot_think: Duration::from_millis(settings.bot_think_ms),
            rooms: Rooms::default(),
            idle: Duration::from_secs(settings.room_idle_secs),
            presence: Duration::from_millis(settings.limits.presence_interval_ms),
            leave_grace: Duration::from_secs(settings.leave_grace_secs),
            cluster: None,
            bus,
        }
    }
}

/// The registry of live rooms (registry.rs; its size is the `gb_rooms` gauge).
pub type Rooms = crate::registry::Registry<RoomHandle>;

impl crate::registry::Registered for RoomHandle {
    const GAUGE: Option<&'static str> = Some("gb_rooms");
    fn id(&self) -> &str {
        &self.id
    }
    fn same_actor(&self, other: &Self) -> bool {
        self.tx.same_channel(&other.tx)
    }
}
