//! The room actor: its state, its run loop (commands, clock and spectator-delay timers, shutdown) and the
//! handling of every [`RoomCmd`] except play itself (room/play.rs).
use super::announce::Notices;
use super::clock::Clock;
use super::cmd::RoomCmd;
use super::computers::{Computer, Computers};
use super::deps::RoomDeps;
use super::error::RoomError;
use super::game::{Game, Play};
use super::storage::Storage;
use super::streams::Kind;
use super::viewers::{Live, Viewers, send};
use crate::db::room_config::{RoomConfig, SeatEntry};
use crate::db::status::RoomRowStatus;
use crate::protocol::{GameResult, PROTOCOL_VERSION, RoomInfo, RoomStatus, ServerMsg, close};
use crate::viewer::conn::{Conn, Out};
use axum::extract::ws::Utf8Bytes;
use gb_core::Seat;
use std::sync::Arc;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

/// Everything needed to start a room actor: a fresh room, or one rebuilt by recovery.
pub struct RoomInit {
    pub id: String,
    pub cfg: RoomConfig,
    /// One entry per seat of the room (`cfg.seats`), in seat order.
    pub seats: Vec<Option<SeatEntry>>,
    pub games: Vec<GameResult>,
    pub(super) game: Option<Game>,
    /// Frames of the last versions, rebuilt by recovery.
    pub(super) history: Option<super::streams::History>,
    pub clock: Option<Clock>,
    /// The lease this node claimed the room under (cluster mode); `None` on a single node.
    pub lease: Option<crate::cluster::Lease>,
}

pub(super) struct Room {
    pub id: String,
    pub cfg: RoomConfig,
    pub seats: Vec<Option<SeatEntry>>,
    /// The match: its games, clock, rematch, takeback and time call (room/game.rs).
    pub play: Play,
    /// Who watches, and the frames kept for them (room/viewers.rs).
    pub viewers: Viewers,
    /// When each seat lost its last connection (wall-clock ms), while it has none (room/leaving.rs).
    pub(super) away_since: Vec<Option<i64>>,
    pub deps: RoomDeps,
    /// Shared with the supervisor, so the lobby's copy outlives a rebuild of the actor.
    pub info_tx: Arc<watch::Sender<RoomInfo>>,
    /// When the room last handled a command (for idle eviction).
    pub last_active: Instant,
    /// The computer's controller for each seat that is a computer's (room/computer.rs).
    pub computers: Computers,
    /// The room's own mailbox, for computers' answers (weak: the room must not keep itself alive).
    pub mailbox: mpsc::WeakSender<RoomCmd>,
    /// Its lease and its writes (room/storage.rs); `storage.fenced` or `storage.broken` stop the run loop.
    pub(super) storage: Storage,
    /// The event's announcements and judge's visit (room/announce.rs); not stored.
    pub notices: Notices,
}

/// Why a room's run loop returned.
pub(super) enum Stop {
    /// Shutdown, eviction, or every handle dropped: the room is done.
    Done,
    /// Memory may disagree with the log: rebuild from the database.
    Rebuild(String),
    /// The room's lease is gone or given away (cluster mode): another node owns it now.
    StandDown,
}

impl Room {
    /// A room actor at the state `init` describes (fresh, or rebuilt from the log), publishing through `info_tx`.
    pub(super) fn new(
        deps: RoomDeps,
        init: RoomInit,
        info_tx: Arc<watch::Sender<RoomInfo>>,
        mailbox: mpsc::WeakSender<RoomCmd>,
    ) -> Room {
        let cap = deps.history;
        let deps_presence = deps.presence;
        let level = init.cfg.start_level();
        let bot = |s: &Option<SeatEntry>| s.as_ref().filter(|e| e.bot).map(|e| e.bot_level.unwrap_or(level));
        let computers = Computers::new(init.seats.iter().map(bot));
        let n = init.seats.len();
        let storage = Storage::new(&init.id, deps.db.clone(), init.lease);
        let mut room = Room {
            id: init.id,
            cfg: init.cfg,
            seats: init.seats,
            play: Play::new(n, init.games, init.game, init.clock),
            viewers: Viewers::new(n, cap, deps_presence),
            away_since: vec![None; n],
            deps,
            info_tx,
            last_active: Instant::now(),
            computers,
            mailbox,
            storage,
            notices: Notices::default(),
        };
        room.play.takeback_open = room.takeback_open_in_log();
        room.resume_streams();
        if let Some(h) = init.history {
            room.restore_history(h);
        }
        room.publish(false);
        room.prompt_computer();
        room
    }
}

pub(super) fn placeholder_info(id: &str) -> RoomInfo {
    RoomInfo {
        id: id.to_owned(),
        visibility: crate::protocol::Visibility::Private,
        best_of: 1,
        seats: vec![None, None],
        status: RoomStatus::Waiting,
        games: Vec::new(),
        series_winner: None,
        spectators: 0,
        spectator_delay: None,
        clock: None,
        seed_hash: String::new(),
        version: 0,
        match_end: None,
        round_time: None,
        next_game_chooser: None,
        host: None,
        event: None,
        rated: false,
        judge_watching: None,
    }
}

impl Room {
    /// Handles commands until the room is done or must be rebuilt. The mailbox is borrowed: it belongs to the
    /// supervisor, so commands queued while the room is rebuilt are handled by the rebuilt room.
    pub(super) async fn run(mut self: Box<Self>, rx: &mut mpsc::Receiver<RoomCmd>) -> Stop {
        let shutdown = self.deps.shutdown.clone();
        let lease = self.storage.lease.clone();
        let lease_stopped = async {
            match &lease {
                Some(l) => l.stopped().await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(lease_stopped);
        loop {
            let deadline = self.next_deadline();
            let idle_at = self.idle_at();
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        self.last_active = Instant::now();
                        Box::pin(self.handle(cmd)).await;
                        self.rest();
                    }
                    None => return Stop::Done,
                },
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                    Box::pin(self.on_timer()).await;
                    self.rest();
                }
                _ = tokio::time::sleep_until(idle_at.unwrap_or_else(Instant::now)), if idle_at.is_some() => {
                    if self.idle_at().is_some_and(|at| at <= Instant::now()) {
                        Box::pin(self.abandon()).await;
                        if self.storage.broken.is_none() {
                            Box::pin(self.evict()).await;
                            return Stop::Done;
                        }
                    }
                }
                // Sockets close themselves with 1012 on the same token; the room just stops taking commands.
                _ = shutdown.cancelled() => {
                    self.viewers.conns.clear();
                    return Stop::Done;
                }
                () = &mut lease_stopped => return Box::pin(self.stand_down("the node stopped the room")).await,
            }
            if self.storage.fenced {
                return Box::pin(self.stand_down("an append was fenced")).await;
            }
            if let Some(why) = self.storage.broken.take() {
                self.close_all();
                return Stop::Rebuild(why);
            }
        }
    }

    /// When this room may leave memory: no game in progress and no viewer. It stays in the database, marked
    /// abandoned (never started) or closed (played), so a restart does not bring it back: once closed, its games'
    /// records (deck lists included) are public, so it must never deal those decks again.
    /// A game against the computer in play counts too: nobody is left to play it (see `abandon`).
    fn idle_at(&self) -> Option<Instant> {
        let in_play = self.play.game_in_play();
        ((!in_play || self.cfg.vs_bot) && self.viewers.conns.is_empty()).then(|| self.last_active + self.deps.idle)
    }

    /// Ends a game against the computer that its person left: their concession (CR 102.2), logged like any
    /// intent and recorded with reason "abandoned", so the room leaves memory with a result instead of holding
    /// a bot forever and coming back at every restart.
    async fn abandon(&mut self) {
        if !self.play.game_in_play() {
            return;
        }
        let person =
            self.cfg.seat_list().iter().copied().find(|s| self.seats[s.index()].as_ref().is_some_and(|e| !e.bot));
        if let Some(seat) = person {
            tracing::info!(room = %self.id, ?seat, "game against the computer abandoned");
            let flag = super::clock::Flag::Abandoned;
            self.commit(seat, gb_core::Intent::Concede, super::game::Source::Clock(flag)).await;
        }
    }

    /// Marks the room in the database, then drops it from memory: whoever sees it gone from memory reads its
    /// final status (never a "finished" row for a room that will not come back).
    async fn evict(&mut self) {
        let status = if self.play.game.is_none() { RoomRowStatus::Abandoned } else { RoomRowStatus::Closed };
        if let Err(e) = self.save_room(status).await {
            tracing::warn!(room = %self.id, error = %e, %status, "idle room not marked");
        }
        self.deps.rooms.remove(&self.id);
        tracing::info!(room = %self.id, "idle room evicted");
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Info(reply) => {
                let _ = reply.send(self.info());
            }
            RoomCmd::Join { account_id, display_name, deck, reply } => {
                let r = self.join(account_id, display_name, deck).await;
                let _ = reply.send(r);
            }
            RoomCmd::Connect(conn) => self.connect(conn),
            RoomCmd::Attach { conn, reply } => self.attach(conn, reply),
            RoomCmd::KindOf { account, role, reply } => {
                let _ = reply.send(self.kind_of(account.as_deref(), role));
            }
            RoomCmd::Disconnect { conn } => self.disconnect(conn),
            RoomCmd::Intent { conn, seq, intent, received, relayed } => {
                self.on_intent(conn, seq, intent, received, relayed).await
            }
            RoomCmd::SeatComputer { player_id, display_name, deck, level, reply } => {
                let r = self.seat_computer(player_id, display_name, deck, level).await;
                let _ = reply.send(r);
            }
            RoomCmd::ClaimWin { account_id, draw, reply } => {
                let r = self.claim_win(&account_id, draw).await;
                let _ = reply.send(r);
            }
            RoomCmd::AskTakeback { account_id, reply } => {
                let r = self.ask_takeback(&account_id).await;
                let _ = reply.send(r);
            }
            RoomCmd::AnswerTakeback { account_id, accept, reply } => {
                let r = self.answer_takeback(&account_id, accept).await;
                let _ = reply.send(r);
            }
            RoomCmd::Rematch { account_id, go_first, reply } => {
                let r = self.request_rematch(&account_id, go_first).await;
                let _ = reply.send(r);
            }
            RoomCmd::Start { account_id, reply } => {
                let r = self.host_start(&account_id).await;
                let _ = reply.send(r);
            }
            RoomCmd::SpectatorHead(reply) => {
                let head = self
                    .play
                    .game
                    .as_ref()
                    .map(|g| (g.match_id.clone(), self.viewers.streams[Kind::Spectator.index()].head));
                let _ = reply.send(head);
            }
            RoomCmd::Decided(decision) => self.on_decided(decision).await,
            RoomCmd::CallTime { extra_turns, new_game, reply } => self.call_time(extra_turns, new_game, reply),
            RoomCmd::DecideByTime { loser, extra_turns, reply } => {
                Box::pin(self.decide_by_time(loser, extra_turns, reply)).await
            }
            RoomCmd::EndMatch { reason, reply } => self.end_match(reason, reply),
            RoomCmd::Announce { announcement, reply } => {
                self.show_announcement(announcement);
                let _ = reply.send(());
            }
            RoomCmd::JudgeView { judge, reply } => self.judge_view(judge, reply),
            RoomCmd::Emote { conn, emote, reply } => {
                let _ = reply.send(self.emote(conn, emote));
            }
            #[cfg(feature = "test-hooks")]
            RoomCmd::Crash => panic!("test hook: room {} asked to crash", self.id),
        }
    }

    /// The seat a person holds (a computer's seat is nobody's account).
    pub(super) fn seat_of(&self, account_id: &str) -> Option<Seat> {
        self.cfg.seat_held(&self.seats, account_id)
    }

    /// Whether each seat has a live connection (a computer's seat always counts as connected), in seat order.
    pub(super) fn connected(&self) -> Vec<bool> {
        let seats = self.cfg.seat_list().iter();
        seats
            .map(|&s| self.seats[s.index()].as_ref().is_some_and(|e| e.bot) || self.viewers.watching(Kind::of_seat(s)))
            .collect()
    }

    async fn join(&mut self, account_id: String, name: String, deck: gb_core::DeckList) -> Result<Seat, RoomError> {
        if self.seat_of(&account_id).is_some() {
            return Err(RoomError::AlreadySeated);
        }
        let entry = SeatEntry { account_id: account_id.clone(), display_name: name, deck, bot: false, bot_level: None };
        let seat = self.take_seat(entry, None).await?;
        // The seat once the game has started: a free-for-all's start seats everyone at random (MP-3).
        Ok(self.seat_of(&account_id).unwrap_or(seat))
    }

    /// Puts `entry` in the first free seat (with the computer that plays it, for a computer's seat) and stores
    /// it; the last seat filled deals the first game.
    pub(super) async fn take_seat(&mut self, entry: SeatEntry, computer: Option<Computer>) -> Result<Seat, RoomError> {
        let Some(seat) = self.cfg.seat_list().iter().copied().find(|s| self.seats[s.index()].is_none()) else {
            return Err(RoomError::Full);
        };
        entry.deck.validate().map_err(RoomError::InvalidDeck)?;
        self.seats[seat.index()] = Some(entry);
        self.computers.set(seat, computer);
        // Refused by the fence: the room is about to stand down, and the seat was never taken.
        self.save_room(RoomRowStatus::Waiting).await.map_err(|e| match self.storage.fenced {
            true => RoomError::Stopped,
            false => RoomError::Storage(format!("{e:#}")),
        })?;
        if self.seats.iter().all(Option::is_some) && self.play.game.is_none() {
            self.start_game().await.map_err(|e| RoomError::Storage(format!("{e:#}")))?;
        } else {
            self.publish(true);
        }
        Ok(seat)
    }

    async fn request_rematch(&mut self, account_id: &str, go_first: Option<bool>) -> Result<(), RoomError> {
        let seat = self.seat_of(account_id).ok_or(RoomError::NotSeated)?;
        self.play.may_rematch(self.cfg.best_of, self.cfg.event.is_some())?;
        self.play.ask_rematch(seat, self.next_chooser(0), go_first);
        let bot_or_asked =
            |s: &Seat| self.play.rematch[s.index()] || self.seats[s.index()].as_ref().is_some_and(|e| e.bot);
        if self.cfg.seat_list().iter().all(bot_or_asked) {
            self.start_game().await.map_err(|e| RoomError::Storage(format!("{e:#}")))?;
        } else {
            self.publish(true);
        }
        Ok(())
    }

    pub(super) fn connect(&mut self, conn: Conn) {
        if self.cfg.free_for_all() && conn.protocol < PROTOCOL_VERSION {
            // Protocol 5 clients know two seats only: they get a clear refusal, not frames they misread.
            let why = ServerMsg::error("protocol_too_old", super::error::RoomError::ProtocolTooOld.to_string());
            let _ = conn.tx.try_send(Out::Text(Utf8Bytes::from(why.encode()), None));
            let _ = conn.tx.try_send(Out::Close(close::BAD_PROTOCOL, "free-for-all rooms need protocol 6"));
            return;
        }
        let kind = self.kind_of(conn.account.as_deref(), conn.role);
        self.refresh(kind);
        let before = self.connected();
        let game_index = self.play.games.len().saturating_sub(1) as u32;
        let head = self.viewers.streams[kind.index()].head;
        // A two-player room serves protocol 5 and 6 alike; the welcome names the client's own version.
        let welcome = ServerMsg::Welcome {
            protocol: conn.protocol.min(PROTOCOL_VERSION),
            room: self.info(),
            seat: kind.seat(),
            version: head,
            game: game_index,
        };
        let mut frames = vec![Utf8Bytes::from(welcome.encode())];
        if self.play.game.is_some() {
            let same_game = conn.game.is_none_or(|g| g == game_index);
            match conn.last_version.filter(|_| same_game).and_then(|l| self.viewers.streams[kind.index()].since(l)) {
                Some(missed) => frames.extend(missed),
                None => {
                    frames.push(Utf8Bytes::from(self.snapshot(kind).encode()));
                    // A snapshot carries no events: the history fills the viewer's log up to the same version.
                    frames.extend(self.history_frame(kind));
                }
            }
        }
        frames.extend(self.notices.frames());
        let live = Live { conn, kind };
        for f in frames {
            if !send(&live, Out::Text(f, None)) {
                return;
            }
        }
        self.settle_clock(&before);
        self.viewers.add(live);
        self.presence_changed();
    }

    pub(super) fn disconnect(&mut self, id: u64) {
        let before = self.connected();
        if self.viewers.remove(id) {
            self.settle_clock(&before);
            self.presence_changed();
        }
    }

    /// Charges the running clock under the connection state that held until now.
    pub(super) fn settle_clock(&mut self, before: &[bool]) {
        if let Some(c) = self.play.clock.as_mut() {
            c.settle(Instant::now(), before);
        }
    }
}

/// An actor that panicked is dropped by its supervisor with its connections still registered: they are told to
/// reconnect (1012) rather than left open to a room that no longer reads them.
impl Drop for Room {
    fn drop(&mut self) {
        self.close_all();
    }
}
