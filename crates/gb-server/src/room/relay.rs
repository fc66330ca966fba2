//! The room's side of relaying (issue #15, bus/): sockets on other nodes are registered here like local ones
//! (presence, clocks and spectator counts do not care where a socket is), but the room does not queue a copy of
//! each frame per remote socket. Each frame goes once per viewer kind into the node's bus task, and only while
//! some remote socket of that kind is attached. The room only `try_send`s: **actors never await NATS**.
use super::Conn;
use super::actor::Room;
use super::streams::Kind;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;
use tokio::sync::oneshot;

/// Where a room's frames for remote viewers go: the bus task of this node, under the epoch this node owns the
/// room with (bus/mod.rs publishes them on `gb.v1.room.{room}.f.{kind}`).
#[derive(Clone, Debug)]
pub struct RelaySink {
    pub epoch: i64,
    pub tx: mpsc::Sender<RelayFrame>,
}

/// One frame for every remote viewer of one kind.
#[derive(Debug)]
pub struct RelayFrame {
    pub room: String,
    pub epoch: i64,
    pub kind: Kind,
    /// The game index and version the frame brings the viewer to; `None` for frames that carry no version
    /// (`room` info), which relays forward as they come.
    pub game: u32,
    pub v: Option<u32>,
    /// Counts every frame this room actor relays, so a relay can tell the frames its attach reply already
    /// covered (seq ≤ the reply's) from the ones that came after.
    pub seq: u64,
    pub frame: Utf8Bytes,
}

/// What a remote socket gets on attaching: the frames a local socket gets on connect (welcome, then missed
/// frames or snapshot and history), and the relay sequence number they are current to.
#[derive(Debug)]
pub struct Attached {
    pub kind: Kind,
    pub seq: u64,
    /// The game and the kind's stream head the frames bring the viewer to.
    pub game: u32,
    pub head: u32,
    pub frames: Vec<Utf8Bytes>,
    /// The close code the room ended the socket with after `frames`, when it refused it as it connected (a
    /// protocol 5 client at a free-for-all): the relay closes its socket alike.
    pub close: Option<u16>,
}

impl Room {
    /// The viewer kind a socket of `account` asking for `role` gets (the same rule `connect` applies).
    pub(super) fn kind_of(&self, account: Option<&str>, role: crate::protocol::Role) -> Kind {
        match (role, account.and_then(|a| self.seat_of(a))) {
            (crate::protocol::Role::Player, Some(seat)) => Kind::of_seat(seat),
            _ => Kind::Spectator,
        }
    }

    /// A remote socket attaches: registered like a local one; its catch-up frames go back in the reply
    /// instead of through a socket queue.
    pub(super) fn attach(&mut self, mut conn: Conn, reply: oneshot::Sender<Attached>) {
        let (tx, mut rx) = mpsc::channel(64);
        // The catch-up frames land on this private queue; the remote conn's own queue keeps the direct answers.
        let direct = std::mem::replace(&mut conn.tx, tx);
        let kind = self.kind_of(conn.account.as_deref(), conn.role);
        let id = conn.id;
        self.relay = conn.relay.clone().or(self.relay.take());
        // Frames relayed from here on (the `room` frame announcing this very socket included) are live frames.
        let seq = self.relay_seq;
        self.connect(conn);
        let (mut frames, mut close) = (Vec::new(), None);
        while let Ok(out) = rx.try_recv() {
            match out {
                super::Out::Text(f, _) => frames.push(f),
                super::Out::Close(code, _) => {
                    close = Some(code);
                    break;
                }
            }
        }
        if let Some(live) = self.conns.iter_mut().find(|c| c.conn.id == id) {
            live.conn.tx = direct;
        }
        let (game, head) = (self.games.len().saturating_sub(1) as u32, self.streams[kind.index()].head);
        let _ = reply.send(Attached { kind, seq, game, head, frames, close });
    }

    /// Sends `frame` to the remote viewers of `kind`, if any is attached. `versioned`: the frame brings the kind
    /// to its stream head (a delta, a snapshot of a new game), as opposed to `room` info.
    pub(super) fn relay_out(&mut self, kind: Kind, versioned: bool, frame: &Utf8Bytes) {
        let Some(sink) = self.relay.as_ref() else { return };
        if !self.conns.iter().any(|c| c.kind == kind && c.conn.relay.is_some()) {
            return;
        }
        self.relay_seq += 1;
        let out = RelayFrame {
            room: self.id.clone(),
            epoch: sink.epoch,
            kind,
            game: self.games.len().saturating_sub(1) as u32,
            v: versioned.then(|| self.streams[kind.index()].head),
            seq: self.relay_seq,
            frame: frame.clone(),
        };
        // A full bus queue loses the frame for that node's viewers; relays see the version gap and resync.
        if sink.tx.try_send(out).is_err() {
            metrics::counter!("gb_bus_dropped_total").increment(1);
        }
    }
}
