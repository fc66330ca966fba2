//! What passes between a room and its sockets, local or on other nodes: the frames and closes a writer sends,
//! the stamp that times them, a registered connection, and the sink that carries frames to the bus (room/relay.rs).
use super::kind::Kind;
use crate::protocol::Role;
use axum::extract::ws::Utf8Bytes;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

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
    pub relay: Option<RelaySink>,
}

/// A relayed intent's idempotency key (`"{node}:{conn}:{n}"`, bus/relay.rs), stored with it in
/// `match_intents.intent_key`, and whether this is the relay's second attempt with it: an earlier owner may
/// have applied it then, and the log says so.
#[derive(Clone, Debug)]
pub struct Relayed {
    pub key: String,
    pub retry: bool,
}

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
