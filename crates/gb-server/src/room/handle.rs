//! [`RoomHandle`]: a room's mailbox as typed methods, each answering with a [`RoomError`] when the room refuses
//! or has stopped. The errors say what went wrong in the room's words; the HTTP status and body they become are
//! decided in one place (`room/refusal.rs`, `From<RoomError> for ApiError`), not at each call site.
use super::cmd::RoomCmd;
use super::error::RoomError;
use crate::protocol::RoomInfo;
use crate::viewer::conn::Conn;
use gb_core::{DeckList, Intent, Seat};
use tokio::sync::{mpsc, oneshot, watch};

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
    pub async fn call_time(&self, extra_turns: u32, new_game: bool) -> Result<super::game::TimeUp, RoomError> {
        self.ask(|reply| RoomCmd::CallTime { extra_turns, new_game, reply }).await
    }

    /// Time decided the game in progress against `loser` and levelled the playoff match: the room ends that game
    /// and starts the deciding one, time already called; answers like [`Self::call_time`] (room/round_time.rs).
    pub async fn decide_by_time(
        &self,
        loser: Option<gb_core::Seat>,
        extra_turns: u32,
    ) -> Result<super::game::TimeUp, RoomError> {
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
    ) -> Result<Result<(), super::viewers::EmoteRefused>, RoomError> {
        self.ask(|reply| RoomCmd::Emote { conn, emote, reply }).await
    }

    /// The game with nothing hidden, for a tournament judge named `judge`; the room's viewers are told a judge
    /// is watching (room/judge_view.rs).
    pub async fn judge_view(&self, judge: String) -> Result<super::game::JudgeSight, RoomError> {
        self.ask(|reply| RoomCmd::JudgeView { judge, reply }).await
    }

    /// Registers a socket that has said `hello`.
    pub async fn connect(&self, conn: Conn) -> Result<(), RoomError> {
        self.tx.send(RoomCmd::Connect(conn)).await.map_err(|_| RoomError::Stopped)
    }

    /// Registers a socket of another node (`conn.relay` set) and answers its catch-up frames (room/relay.rs).
    pub async fn attach(&self, conn: Conn) -> Result<crate::viewer::conn::Attached, RoomError> {
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
        key: crate::viewer::conn::Relayed,
    ) -> Result<(), RoomError> {
        self.send_intent(conn, seq, intent, Some(key)).await
    }

    async fn send_intent(
        &self,
        conn: u64,
        seq: u32,
        intent: Intent,
        relayed: Option<crate::viewer::conn::Relayed>,
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
