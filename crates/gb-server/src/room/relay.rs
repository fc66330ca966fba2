//! The room's side of relaying (issue #15, bus/): sockets on other nodes are registered here like local ones
//! (presence, clocks and spectator counts do not care where a socket is), but the room does not queue a copy of
//! each frame per remote socket. Each frame goes once per viewer kind into the node's bus task, and only while
//! some remote socket of that kind is attached. The room only `try_send`s: **actors never await NATS**.
use super::actor::Room;
use super::streams::Kind;
use super::viewers::Viewers;
use crate::viewer::conn::{Conn, Out};
use axum::extract::ws::Utf8Bytes;
use tokio::sync::mpsc;
use tokio::sync::oneshot;

pub use crate::viewer::conn::{Attached, RelayFrame, RelaySink};

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

    /// Sends `frame` to the remote viewers of `kind` (room/viewers.rs `relay_out`, at the room's current game).
    pub(super) fn relay_out(&mut self, kind: Kind, versioned: bool, frame: &Utf8Bytes) {
        let game = self.play.games.len().saturating_sub(1) as u32;
        self.viewers.relay_out(&self.id, game, kind, versioned, frame);
    }
}

impl Viewers {
    /// Sends `frame` of room `room`'s game `game` to the remote viewers of `kind`, if any is attached.
    /// `versioned`: the frame brings the kind to its stream head (a delta, a snapshot of a new game), as opposed
    /// to `room` info.
    pub(super) fn relay_out(&mut self, room: &str, game: u32, kind: Kind, versioned: bool, frame: &Utf8Bytes) {
        let Some(sink) = self.relay.as_ref() else { return };
        if !self.conns.iter().any(|c| c.kind == kind && c.conn.relay.is_some()) {
            return;
        }
        self.relay_seq += 1;
        let out = RelayFrame {
            room: room.to_owned(),
            epoch: sink.epoch,
            kind,
            game,
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

#[cfg(test)]
mod tests {
    use super::super::viewers::Live;
    use super::*;
    use crate::protocol::Role;
    use gb_core::Seat;
    use std::time::Duration;
    use tokio_util::sync::CancellationToken;

    /// A socket on another node, registered through `sink`.
    fn remote(id: u64, sink: &RelaySink) -> Conn {
        let (tx, _) = mpsc::channel(1);
        let (role, kill, relay) = (Role::Spectator, CancellationToken::new(), Some(sink.clone()));
        Conn { id, account: None, role, last_version: None, game: None, protocol: 6, tx, kill, relay }
    }

    #[test]
    fn a_frame_goes_to_the_bus_once_per_kind_and_only_while_a_remote_viewer_of_it_is_attached() {
        let (tx, mut bus) = mpsc::channel(8);
        let sink = RelaySink { epoch: 4, tx };
        let mut v = Viewers::new(2, 8, Duration::from_secs(1));
        let frame = Utf8Bytes::from_static("{}");
        v.relay = Some(sink.clone());
        v.relay_out("r1", 0, Kind::Spectator, false, &frame);
        assert!(bus.try_recv().is_err(), "no remote spectator attached yet");
        v.add(Live { conn: remote(1, &sink), kind: Kind::Spectator });
        v.add(Live { conn: remote(2, &sink), kind: Kind::Spectator });
        v.relay_out("r1", 2, Kind::Spectator, true, &frame);
        v.relay_out("r1", 2, Kind::of_seat(Seat::A), true, &frame);
        let out = bus.try_recv().expect("one frame for both remote spectators");
        assert_eq!((out.room.as_str(), out.epoch, out.kind, out.game), ("r1", 4, Kind::Spectator, 2));
        assert_eq!((out.v, out.seq), (Some(v.streams[0].head), 1));
        assert!(bus.try_recv().is_err(), "one per kind, and none for a seat nobody remote watches");
        v.relay_out("r1", 2, Kind::Spectator, false, &frame);
        let info = bus.try_recv().expect("room info is relayed too");
        assert_eq!((info.v, info.seq), (None, 2), "it carries no version; the relay count goes on");
    }
}
