//! The viewers part: who watches a room and how frames reach them: its connections (local sockets and, through
//! the relay sink, sockets on other nodes), the coalescing of presence announcements, and each seat's emote rate.
//! Plain data with its rules, no actor, database or socket: the room (room/actor.rs, outbox.rs, presence.rs,
//! relay.rs, emote.rs) keeps it and decides when to use it.
use super::presence::Presence;
use super::streams::{DelayQueue, Kind, Stream};
use crate::protocol::ServerMsg;
use crate::viewer::conn::{Conn, Out, RelaySink};
use axum::extract::ws::Utf8Bytes;
use gb_core::Seat;
use std::collections::VecDeque;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// A registered connection and the viewer kind it sees.
pub(super) struct Live {
    pub conn: Conn,
    pub kind: Kind,
}

/// Everything a room knows about who watches it: the part of the room that owns its viewers' data.
pub(super) struct Viewers {
    pub conns: Vec<Live>,
    /// One stream per viewer kind, indexed by `Kind::index` (spectators, then each seat).
    pub streams: Vec<Stream>,
    /// Spectators' frames held back by the room's spectator delay (room/play.rs).
    pub delay: DelayQueue,
    /// The turn of the newest version shown to the seats (what a turn-counted delay measures from).
    pub live_turn: u32,
    /// The last version broadcast while a spectator was connected, this game (`None`: none yet).
    pub spectators_watched: Option<u32>,
    /// Connection changes, announced at most once per interval under churn (room/presence.rs).
    pub presence: Presence,
    /// The last `history` frame built for each viewer kind, keyed by (game, head): viewers connecting at the
    /// same version share one replay of the log (room/history.rs).
    pub history_frames: Vec<Option<((u32, u32), Utf8Bytes)>>,
    /// Where frames for viewers on other nodes go, once one has attached (room/relay.rs), and their count.
    pub relay: Option<RelaySink>,
    pub relay_seq: u64,
    /// Each seat's recent emotes, for their rate limit (room/emote.rs); in memory only.
    pub emotes: Recent,
}

impl Viewers {
    /// Nobody watching a room of `seats` seats yet; each stream keeps `history` versions, and presence is
    /// announced at most once per `presence`.
    pub(super) fn new(seats: usize, history: usize, presence: Duration) -> Viewers {
        Viewers {
            conns: Vec::new(),
            streams: (0..=seats).map(|_| Stream::new(history)).collect(),
            delay: DelayQueue::default(),
            live_turn: 0,
            spectators_watched: None,
            presence: Presence::new(presence),
            history_frames: vec![None; seats + 1],
            relay: None,
            relay_seq: 0,
            emotes: Recent::default(),
        }
    }

    /// Whether some connection sees `kind`.
    pub(super) fn watching(&self, kind: Kind) -> bool {
        self.conns.iter().any(|c| c.kind == kind)
    }

    /// How many connections watch as spectators.
    pub(super) fn spectators(&self) -> usize {
        self.conns.iter().filter(|c| c.kind == Kind::Spectator).count()
    }

    /// The kind connection `id` sees, if it is registered.
    pub(super) fn kind_of_conn(&self, id: u64) -> Option<Kind> {
        self.conns.iter().find(|c| c.conn.id == id).map(|c| c.kind)
    }

    /// Registers a connection.
    pub(super) fn add(&mut self, live: Live) {
        metrics::gauge!("gb_ws_viewers").increment(1.0);
        self.conns.push(live);
    }

    /// Drops connection `id`; whether it was registered.
    pub(super) fn remove(&mut self, id: u64) -> bool {
        let n = self.conns.len();
        self.conns.retain(|c| c.conn.id != id);
        self.dropped(n)
    }

    /// Queues a frame to every local connection `pick` gives one for (remote sockets get theirs once per kind
    /// through the relay sink, room/relay.rs); drops connections that cannot keep up. Whether any was dropped.
    pub(super) fn send_all(&mut self, mut pick: impl FnMut(Kind) -> Option<Out>) -> bool {
        let n = self.conns.len();
        self.conns.retain(|c| c.conn.relay.is_some() || pick(c.kind).is_none_or(|out| send(c, out)));
        self.dropped(n)
    }

    /// Queues `out` to connection `id`; false if the connection could not keep up (it is cut off: the room
    /// drops it). A connection not registered has nothing to drop.
    pub(super) fn send_to(&self, id: u64, out: Out) -> bool {
        self.conns.iter().find(|c| c.conn.id == id).is_none_or(|c| send(c, out))
    }

    /// Tells every connection to reconnect (1012: the room is being rebuilt or has moved to another node, and
    /// each client resumes from the log, protocol.md close codes) and forgets it. A full queue gets the kill
    /// token instead.
    pub(super) fn close_all(&mut self) {
        const WHY: &str = "room restarting: reconnect with your last version";
        for c in self.conns.drain(..) {
            metrics::gauge!("gb_ws_viewers").decrement(1.0);
            if c.conn.tx.try_send(Out::Close(crate::protocol::close::RESTARTING, WHY)).is_err() {
                c.conn.kill.cancel();
            }
        }
    }

    /// Counts the connections gone since there were `n`; whether any went.
    fn dropped(&mut self, n: usize) -> bool {
        let gone = n - self.conns.len();
        if gone > 0 {
            metrics::gauge!("gb_ws_viewers").decrement(gone as f64);
        }
        gone > 0
    }
}

/// `try_send`: a full queue means a slow consumer; it is cut off and will reconnect and resync (C1).
pub(super) fn send(c: &Live, out: Out) -> bool {
    match c.conn.tx.try_send(out) {
        Ok(()) => true,
        Err(mpsc::error::TrySendError::Full(_)) => {
            metrics::counter!("gb_ws_slow_consumers_dropped").increment(1);
            c.conn.kill.cancel();
            false
        }
        Err(mpsc::error::TrySendError::Closed(_)) => false,
    }
}

/// At most this many emotes per seat within [`WINDOW`]: enough to greet and answer, too few to flood.
pub const BURST: usize = 3;
pub const WINDOW: Duration = Duration::from_secs(10);

/// Why an emote was not sent: the `error` frame's code and sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmoteRefused {
    pub code: &'static str,
    pub message: String,
}

impl EmoteRefused {
    pub fn frame(&self) -> ServerMsg {
        ServerMsg::error(self.code, self.message.clone())
    }
}

/// When each seat's recent emotes were sent, per seat (a sliding window, so every socket of a seat shares it).
#[derive(Default)]
pub struct Recent(Vec<VecDeque<Instant>>);

impl Recent {
    /// Counts an emote from `seat` at `now` if the seat is under its limit.
    pub(super) fn admit(&mut self, seat: Seat, now: Instant) -> bool {
        if self.0.len() <= seat.index() {
            self.0.resize_with(seat.index() + 1, VecDeque::new);
        }
        let sent = &mut self.0[seat.index()];
        while sent.front().is_some_and(|&t| now.duration_since(t) >= WINDOW) {
            sent.pop_front();
        }
        if sent.len() >= BURST {
            return false;
        }
        sent.push_back(now);
        true
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::protocol::Role;
    use tokio_util::sync::CancellationToken;

    /// A connection as a socket task would register it, with the receiving end of its queue.
    fn conn(id: u64, queue: usize) -> (Conn, mpsc::Receiver<Out>) {
        let (tx, rx) = mpsc::channel(queue);
        let kill = CancellationToken::new();
        let role = Role::Player;
        (Conn { id, account: None, role, last_version: None, game: None, protocol: 6, tx, kill, relay: None }, rx)
    }

    /// Registers connection `id` (queue of `queue` frames) watching as `kind`; the receiving end of its queue.
    pub(in crate::room) fn watching(v: &mut Viewers, id: u64, queue: usize, kind: Kind) -> mpsc::Receiver<Out> {
        let (c, rx) = conn(id, queue);
        v.add(Live { conn: c, kind });
        rx
    }

    fn text(s: &'static str) -> Out {
        Out::Text(Utf8Bytes::from_static(s), None)
    }

    #[test]
    fn viewers_start_with_a_stream_per_kind_and_nobody_watching() {
        let v = Viewers::new(3, 8, Duration::from_secs(1));
        assert_eq!(v.streams.len(), 4, "spectators, then each of three seats");
        assert_eq!(v.history_frames.len(), 4);
        assert!(!v.watching(Kind::Spectator) && !v.watching(Kind::of_seat(Seat::A)));
        assert_eq!(v.spectators(), 0);
    }

    #[test]
    fn a_frame_reaches_the_kinds_picked_and_no_other() {
        let mut v = Viewers::new(2, 8, Duration::from_secs(1));
        let (a, mut rx_a) = conn(1, 4);
        let (s, mut rx_s) = conn(2, 4);
        v.add(Live { conn: a, kind: Kind::of_seat(Seat::A) });
        v.add(Live { conn: s, kind: Kind::Spectator });
        assert_eq!((v.spectators(), v.kind_of_conn(1)), (1, Some(Kind::of_seat(Seat::A))));
        let dropped = v.send_all(|k| (k == Kind::Spectator).then(|| text("spectators only")));
        assert!(!dropped);
        assert!(matches!(rx_s.try_recv(), Ok(Out::Text(f, None)) if f.as_str() == "spectators only"));
        assert!(rx_a.try_recv().is_err(), "seat A was not picked");
    }

    #[test]
    fn a_slow_consumer_is_cut_off_and_told_to_close() {
        let mut v = Viewers::new(2, 8, Duration::from_secs(1));
        let (slow, _rx) = conn(7, 1);
        let kill = slow.kill.clone();
        v.add(Live { conn: slow, kind: Kind::Spectator });
        assert!(!v.send_all(|_| Some(text("one"))), "the first frame fits the queue");
        assert!(v.send_all(|_| Some(text("two"))), "the second finds the queue full");
        assert!(kill.is_cancelled(), "its socket task is told to close");
        assert!(!v.watching(Kind::Spectator));
    }

    #[test]
    fn removing_a_connection_says_whether_it_was_there() {
        let mut v = Viewers::new(2, 8, Duration::from_secs(1));
        let (b, _rx) = conn(3, 4);
        v.add(Live { conn: b, kind: Kind::of_seat(Seat::B) });
        assert!(!v.remove(4));
        assert!(v.remove(3));
        assert!(v.conns.is_empty());
    }

    #[test]
    fn a_direct_answer_reaches_its_connection_alone() {
        let mut v = Viewers::new(2, 8, Duration::from_secs(1));
        let mut rx_a = watching(&mut v, 1, 1, Kind::of_seat(Seat::A));
        let mut rx_b = watching(&mut v, 2, 4, Kind::of_seat(Seat::B));
        assert!(v.send_to(1, text("yours")));
        assert!(matches!(rx_a.try_recv(), Ok(Out::Text(f, None)) if f.as_str() == "yours"));
        assert!(rx_b.try_recv().is_err(), "seat B was not answered");
        assert!(v.send_to(9, text("nobody")), "an unknown connection has nothing to drop");
        assert!(v.send_to(1, text("fits")) && !v.send_to(1, text("full")), "a full queue is reported");
    }

    #[test]
    fn closing_all_tells_each_to_reconnect_or_kills_the_stuck() {
        let mut v = Viewers::new(2, 8, Duration::from_secs(1));
        let mut rx_ok = watching(&mut v, 1, 4, Kind::Spectator);
        let (stuck, _rx) = conn(2, 1);
        let kill = stuck.kill.clone();
        stuck.tx.try_send(text("fills the queue")).expect("room for one");
        v.add(Live { conn: stuck, kind: Kind::Spectator });
        v.close_all();
        assert!(v.conns.is_empty());
        assert!(matches!(rx_ok.try_recv(), Ok(Out::Close(crate::protocol::close::RESTARTING, _))));
        assert!(kill.is_cancelled(), "a queue that cannot take the close is killed");
    }

    #[test]
    fn a_seat_may_send_three_in_ten_seconds_then_again_after() {
        let (mut recent, t0) = (Recent::default(), Instant::now());
        for i in 0..BURST {
            assert!(recent.admit(Seat::A, t0 + Duration::from_secs(i as u64)));
        }
        assert!(!recent.admit(Seat::A, t0 + Duration::from_secs(5)), "the fourth within the window");
        assert!(recent.admit(Seat::B, t0 + Duration::from_secs(5)), "each seat has its own limit");
        assert!(recent.admit(Seat::A, t0 + WINDOW), "the first has left the window");
    }
}
