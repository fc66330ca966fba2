//! The room's side of relaying (issue #15, bus/): sockets on other nodes are registered here like local ones
//! (presence, clocks and spectator counts do not care where a socket is), but the room does not queue a copy of
//! each frame per remote socket. Each frame goes once per viewer kind into the node's bus task, and only while
//! some remote socket of that kind is attached. The room only `try_send`s: **actors never await NATS**.
use super::actor::Room;
use super::conn::{Conn, Out};
use super::streams::Kind;
use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;
use tokio::sync::oneshot;

pub use super::conn::{Attached, RelayFrame, RelaySink};

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
        self.viewers.relay = conn.relay.clone().or(self.viewers.relay.take());
        // Frames relayed from here on (the `room` frame announcing this very socket included) are live frames.
        let seq = self.viewers.relay_seq;
        self.connect(conn);
        let (mut frames, mut close) = (Vec::new(), None);
        while let Ok(out) = rx.try_recv() {
            match out {
                Out::Text(f, _) => frames.push(f),
                Out::Close(code, _) => {
                    close = Some(code);
                    break;
                }
            }
        }
        if let Some(live) = self.viewers.conns.iter_mut().find(|c| c.conn.id == id) {
            live.conn.tx = direct;
        }
        let (game, head) = (self.play.games.len().saturating_sub(1) as u32, self.viewers.streams[kind.index()].head);
        let _ = reply.send(Attached { kind, seq, game, head, frames, close });
    }

    /// Sends `frame` to the remote viewers of `kind`, if any is attached. `versioned`: the frame brings the kind
    /// to its stream head (a delta, a snapshot of a new game), as opposed to `room` info.
    pub(super) fn relay_out(&mut self, kind: Kind, versioned: bool, frame: &Utf8Bytes) {
        let Some(sink) = self.viewers.relay.as_ref() else { return };
        if !self.viewers.conns.iter().any(|c| c.kind == kind && c.conn.relay.is_some()) {
            return;
        }
        self.viewers.relay_seq += 1;
        let out = RelayFrame {
            room: self.id.clone(),
            epoch: sink.epoch,
            kind,
            game: self.play.games.len().saturating_sub(1) as u32,
            v: versioned.then(|| self.viewers.streams[kind.index()].head),
            seq: self.viewers.relay_seq,
            frame: frame.clone(),
        };
        // A full bus queue loses the frame for that node's viewers; relays see the version gap and resync.
        if sink.tx.try_send(out).is_err() {
            metrics::counter!("gb_bus_dropped_total").increment(1);
        }
    }
}
