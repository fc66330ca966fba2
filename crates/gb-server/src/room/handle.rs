//! [`RoomHandle`]: a room's mailbox as typed methods, each answering with a [`RoomError`] when the room refuses
//! or has stopped. The errors say what went wrong in the room's words; the HTTP status and body they become are
//! decided in one place (`room/refusal.rs`, `From<RoomError> for ApiError`), not at each call site.
use super::{Conn, RoomCmd};
use crate::protocol::RoomInfo;
use gb_core::rejection::Rejection;
use gb_core::{DeckList, Intent, Seat};
use tokio::sync::{mpsc, oneshot, watch};

/// Why a room did not do what it was asked. A closed set: every caller (lobby REST, tournaments, sockets)
/// handles the same cases.
#[derive(Debug)]
pub enum RoomError {
    /// The actor is not running (shut down, evicted, or given up after failed rebuilds).
    Stopped,
    /// The account already holds a seat here.
    AlreadySeated,
    /// Every seat is taken.
    Full,
    /// Only the room's host (its creator) may start it.
    NotHost,
    /// The room's first game has begun: it cannot be started again.
    AlreadyStarted,
    /// A start with nobody seated: at least one person must play.
    NobodySeated,
    /// A socket whose protocol is too old for this room (a free-for-all needs `PROTOCOL_VERSION`).
    ProtocolTooOld,
    /// The deck breaks deck-building rules (CR 101), with every rejection.
    InvalidDeck(Vec<Rejection>),
    /// Only the room's players may do this.
    NotSeated,
    /// A rematch while the current game still runs.
    GameNotOver,
    /// A rematch once a best of 3 has its winner.
    SeriesDecided,
    /// A rematch after a tournament round's time was called (MTR 2.4: no new game after time).
    TimeCalled,
    /// A move or a rematch once the tournament has ended the table's match.
    MatchEnded,
    /// A rematch at an event's one-game table: its match is its one game (MTR 2.2), which has been played.
    OneGameMatchPlayed,
    /// A claim of the win at an event's table: its no-show and time rules and its judges decide.
    ClaimAtEvent,
    /// A claim of the win with no two-player game of people in play.
    NoClaim,
    /// A claim of the win while the opponent is connected.
    OpponentPresent,
    /// A claim of the win before the opponent has been away for the grace period; `seconds` are left.
    ClaimTooEarly { seconds: u64 },
    /// A draw called in a rated game: there the player who left loses (docs/ratings.md); casual games only.
    DrawCasualOnly,
    /// A takeback (room/takeback.rs) in a rated game or at an event's table: only casual games have them.
    TakebackNotCasual,
    /// A takeback in a free-for-all: two-player rooms only.
    TakebackTwoPlayersOnly,
    /// A takeback asked for or answered by someone without a seat (a spectator).
    TakebackNotSeated,
    /// No action to take back: no game in play, no action yet, the last one already taken back, or it ended
    /// the game.
    TakebackNothing,
    /// The last action is the opponent's.
    TakebackNotYours,
    /// Since the action, hidden information was revealed or chance decided something (a draw, a search, a
    /// reveal, a shuffle).
    TakebackHiddenRevealed,
    /// A takeback is already asked for and not yet answered.
    TakebackPending,
    /// An answer with no takeback asked for.
    TakebackNotAsked,
    /// The player who asked for the takeback answered it.
    TakebackOwnRequest,
    /// The room could not write to the database or deal the game; the cause is logged, not shown.
    Storage(String),
}

impl std::fmt::Display for RoomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RoomError::Stopped => "the room is not running",
            RoomError::AlreadySeated => "you already hold a seat in this room",
            RoomError::Full => "every seat is taken",
            RoomError::NotHost => "only the room's host may start it",
            RoomError::AlreadyStarted => "the room's first game has already begun",
            RoomError::NobodySeated => "nobody is seated: take a seat before starting",
            RoomError::ProtocolTooOld => "a free-for-all room needs protocol 6",
            RoomError::InvalidDeck(_) => "the deck breaks deck-building rules (CR 101)",
            RoomError::NotSeated => "only the players may ask for a rematch",
            RoomError::GameNotOver => "the current game is not over",
            RoomError::SeriesDecided => "the best of 3 is decided: no further game",
            RoomError::TimeCalled => "time has been called in this tournament round: no new game",
            RoomError::MatchEnded => "the tournament has ended this match: no further move or game",
            RoomError::OneGameMatchPlayed => {
                "this event table's match is one game, and it has been played: no rematch (MTR 2.2)"
            }
            RoomError::ClaimAtEvent => "an event's table has no claim of the win: call a judge (docs/tournaments.md)",
            RoomError::NoClaim => "no game between two people is in play here to claim",
            RoomError::OpponentPresent => "your opponent is connected: there is no win to claim",
            RoomError::DrawCasualOnly => {
                "only a casual game may be called a draw: in a rated game the player who left loses (claim the win)"
            }
            RoomError::ClaimTooEarly { seconds } => {
                return write!(f, "your opponent may still come back: you may claim the win in {seconds} s");
            }
            RoomError::TakebackNotCasual => "takebacks are for casual games: not in a rated game nor at an event",
            RoomError::TakebackTwoPlayersOnly => "takebacks are for two-player games only",
            RoomError::TakebackNotSeated => "only the players may ask for or answer a takeback",
            RoomError::TakebackNothing => "there is no action of yours to take back",
            RoomError::TakebackNotYours => "the last action is your opponent's: only your own last action",
            RoomError::TakebackHiddenRevealed => {
                "hidden information was revealed since that action (a draw, search, reveal or shuffle): no takeback"
            }
            RoomError::TakebackPending => "a takeback is already asked for: wait for the answer",
            RoomError::TakebackNotAsked => "no takeback is asked for",
            RoomError::TakebackOwnRequest => "your opponent answers your takeback request, not you",
            RoomError::Storage(cause) => return write!(f, "room storage: {cause}"),
        })
    }
}

impl std::error::Error for RoomError {}

impl From<sqlx::Error> for RoomError {
    fn from(e: sqlx::Error) -> Self {
        RoomError::Storage(format!("database: {e}"))
    }
}

/// A room's mailbox plus a live copy of its public info (for listings without a round trip).
#[derive(Clone)]
pub struct RoomHandle {
    pub id: String,
    pub tx: mpsc::Sender<RoomCmd>,
    pub info: watch::Receiver<RoomInfo>,
}

impl RoomHandle {
    /// Sends a command and awaits its reply.
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> RoomCmd) -> Result<T, RoomError> {
        let (tx, rx) = oneshot::channel();
        self.tx.send(make(tx)).await.map_err(|_| RoomError::Stopped)?;
        rx.await.map_err(|_| RoomError::Stopped)
    }

    /// `account_id` claims the win over an opponent who left, or with `draw` calls it a draw (room/leaving.rs).
    pub async fn claim_win(&self, account_id: String, draw: bool) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::ClaimWin { account_id, draw, reply }).await?
    }

    /// `account_id` asks to take back their last action (room/takeback.rs).
    pub async fn ask_takeback(&self, account_id: String) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::AskTakeback { account_id, reply }).await?
    }

    /// `account_id` accepts or declines the takeback their opponent asked for (room/takeback.rs).
    pub async fn answer_takeback(&self, account_id: String, accept: bool) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::AnswerTakeback { account_id, accept, reply }).await?
    }

    /// The room's public info, fresh from the actor (the `info` watch may lag one command behind).
    pub async fn fetch_info(&self) -> Result<RoomInfo, RoomError> {
        self.ask(RoomCmd::Info).await
    }

    /// Takes a free seat for `account_id` with `deck`; the second seat starts the first game.
    pub async fn join(&self, account_id: String, display_name: String, deck: DeckList) -> Result<Seat, RoomError> {
        self.ask(|reply| RoomCmd::Join { account_id, display_name, deck, reply }).await?
    }

    /// An event's computer player takes a free seat, played by the room at `level`; the second seat starts the
    /// first game.
    pub async fn seat_computer(
        &self,
        player_id: String,
        display_name: String,
        deck: DeckList,
        level: crate::protocol::BotLevel,
    ) -> Result<Seat, RoomError> {
        self.ask(|reply| RoomCmd::SeatComputer { player_id, display_name, deck, level, reply }).await?
    }

    /// A seat asks for the next game (the loser may say whether they go first).
    pub async fn rematch(&self, account_id: String, go_first: Option<bool>) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::Rematch { account_id, go_first, reply }).await?
    }

    /// The host starts the room now; computers at the room's level take the empty seats.
    pub async fn start(&self, account_id: String) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::Start { account_id, reply }).await?
    }

    /// The current match and the last version spectators may see (for the public replay).
    pub async fn spectator_head(&self) -> Result<Option<(String, u32)>, RoomError> {
        self.ask(RoomCmd::SpectatorHead).await
    }

    /// Calls time on a tournament table: answers once the active turn and `extra_turns` more are over
    /// (room/round_time.rs). `new_game`: a playoff match level on game wins may still start one more game.
    pub async fn call_time(&self, extra_turns: u32, new_game: bool) -> Result<super::round_time::TimeUp, RoomError> {
        self.ask(|reply| RoomCmd::CallTime { extra_turns, new_game, reply }).await
    }

    /// Time decided the game in progress against `loser` and levelled the playoff match: the room ends that game
    /// and starts the deciding one, time already called; answers like [`Self::call_time`] (room/round_time.rs).
    pub async fn decide_by_time(
        &self,
        loser: Option<gb_core::Seat>,
        extra_turns: u32,
    ) -> Result<super::round_time::TimeUp, RoomError> {
        self.ask(|reply| RoomCmd::DecideByTime { loser, extra_turns, reply }).await
    }

    /// The tournament ended this table's match (time, a concession, a no-show, a judge): the room refuses every
    /// further move and game, and tells its viewers why (room/round_time.rs). Idempotent.
    pub async fn end_match(&self, reason: crate::protocol::MatchEndReason) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::EndMatch { reason, reply }).await
    }

    /// Shows an announcement of the table's event to everyone in the room, now and on connecting.
    pub async fn announce(&self, announcement: crate::protocol::Announcement) -> Result<(), RoomError> {
        self.ask(|reply| RoomCmd::Announce { announcement, reply }).await
    }

    /// Socket `conn`'s seat sends `emote` to the room; `Ok(Err(_))` says why it was not sent.
    pub async fn emote(
        &self,
        conn: u64,
        emote: crate::protocol::Emote,
    ) -> Result<Result<(), super::emote::EmoteRefused>, RoomError> {
        self.ask(|reply| RoomCmd::Emote { conn, emote, reply }).await
    }

    /// The game with nothing hidden, for a tournament judge named `judge`; the room's viewers are told a judge
    /// is watching (room/judge_view.rs).
    pub async fn judge_view(&self, judge: String) -> Result<super::judge_view::JudgeSight, RoomError> {
        self.ask(|reply| RoomCmd::JudgeView { judge, reply }).await
    }

    /// Registers a socket that has said `hello`.
    pub async fn connect(&self, conn: Conn) -> Result<(), RoomError> {
        self.tx.send(RoomCmd::Connect(conn)).await.map_err(|_| RoomError::Stopped)
    }

    /// Registers a socket of another node (`conn.relay` set) and answers its catch-up frames (room/relay.rs).
    pub async fn attach(&self, conn: Conn) -> Result<super::relay::Attached, RoomError> {
        self.ask(|reply| RoomCmd::Attach { conn, reply }).await
    }

    /// The viewer kind a socket of `account` asking for `role` would get.
    pub async fn kind_of(
        &self,
        account: Option<String>,
        role: crate::protocol::Role,
    ) -> Result<super::streams::Kind, RoomError> {
        self.ask(|reply| RoomCmd::KindOf { account, role, reply }).await
    }

    /// A seat's intent from socket `conn`, answered on that socket (`accepted` / `rejected`).
    pub async fn intent(&self, conn: u64, seq: u32, intent: Intent) -> Result<(), RoomError> {
        self.send_intent(conn, seq, intent, None).await
    }

    /// A relayed socket's intent under its idempotency key: a retry of a key the log already has is answered
    /// with its original `accepted` (any owner of the room may have applied it), not applied again.
    pub async fn relayed_intent(
        &self,
        conn: u64,
        seq: u32,
        intent: Intent,
        key: super::Relayed,
    ) -> Result<(), RoomError> {
        self.send_intent(conn, seq, intent, Some(key)).await
    }

    async fn send_intent(
        &self,
        conn: u64,
        seq: u32,
        intent: Intent,
        relayed: Option<super::Relayed>,
    ) -> Result<(), RoomError> {
        let cmd = RoomCmd::Intent { conn, seq, intent, received: std::time::Instant::now(), relayed };
        self.tx.send(cmd).await.map_err(|_| RoomError::Stopped)
    }

    /// Socket `conn` has closed.
    pub async fn disconnect(&self, conn: u64) {
        // A stopped room has no connections left to forget.
        let _ = self.tx.send(RoomCmd::Disconnect { conn }).await;
    }

    /// Test hook: the actor panics, so tests can show the supervisor rebuilds the room from its log.
    #[cfg(feature = "test-hooks")]
    pub async fn crash(&self) -> Result<(), RoomError> {
        self.tx.send(RoomCmd::Crash).await.map_err(|_| RoomError::Stopped)
    }
}
