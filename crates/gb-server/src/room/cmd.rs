//! [`RoomCmd`]: the closed set of commands a room actor handles, one at a time (room/actor.rs routes them).
use super::error::RoomError;
use super::streams::Kind;
use crate::protocol::{BotLevel, Role, RoomInfo};
use crate::viewer::conn::{Attached, Conn, Relayed};
use gb_core::{DeckList, Intent, Seat};
use tokio::sync::oneshot;

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
        reply: oneshot::Sender<Attached>,
    },
    /// The viewer kind a socket would get, so a relay subscribes to its frames before attaching.
    KindOf {
        account: Option<String>,
        role: Role,
        reply: oneshot::Sender<Kind>,
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
    Decided(super::computers::Decision),
    /// A tournament round's time ran out for this table (room/round_time.rs).
    CallTime {
        extra_turns: u32,
        new_game: bool,
        reply: oneshot::Sender<super::game::TimeUp>,
    },
    /// Time decided the table's game in progress and levelled its playoff match: one more game, time already
    /// called (room/round_time.rs).
    DecideByTime {
        loser: Option<Seat>,
        extra_turns: u32,
        reply: oneshot::Sender<super::game::TimeUp>,
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
        reply: oneshot::Sender<Result<(), super::viewers::EmoteRefused>>,
    },
    /// An announcement of the table's event (room/announce.rs).
    Announce {
        announcement: crate::protocol::Announcement,
        reply: oneshot::Sender<()>,
    },
    /// A tournament judge opens the table's full state (room/judge_view.rs).
    JudgeView {
        judge: String,
        reply: oneshot::Sender<super::game::JudgeSight>,
    },
    /// Test hook: the actor panics, so tests can show the supervisor rebuilds the room from its log.
    #[cfg(feature = "test-hooks")]
    Crash,
}
