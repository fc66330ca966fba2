//! Traffic between nodes over core NATS (issue #15, docs/multi-node.md). One NATS connection per node and one
//! bus task that publishes what rooms relay: rooms hand it frames with `try_send` and never await NATS (a
//! reconnecting client blocks `publish` once its command channel is full). The owner side answers the RPC
//! subject of each room it owns (owner.rs); the relay side carries sockets for rooms owned elsewhere (relay.rs).
//!
//! | Subject | Kind | |
//! |---|---|---|
//! | `gb.v1.room.{room}.f.{a\|b\|s}` | pub/sub | owner → relays: each frame once per viewer kind, headers `Gb-Epoch`, `Gb-Game`, `Gb-V`, `Gb-Seq` |
//! | `gb.v1.room.{room}.e{epoch}.rpc` | request/reply | relays → the owner of that epoch: `kind`, `attach`, `detach`, `intent`, `rest` |
//! | `gb.v1.room.{room}.owner` | pub/sub | a new owner → relays, once it serves its epoch's RPC subject: `{epoch, node}` |
mod alive;
pub mod fanout;
pub mod lobby;
pub mod outage;
pub mod owner;
pub mod port;
pub mod relay;
pub mod tournaments;
pub mod wire;

use crate::cluster::Owner;
use crate::db::Db;
use crate::viewer::{Kind, RelayFrame};
use async_nats::HeaderMap;
use gb_core::Seat;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Frames waiting for the bus task; beyond this a room's `try_send` fails and the frame is dropped (counted in
/// `gb_bus_dropped_total`; relays repair the gap by version).
const FRAME_QUEUE: usize = 4096;
/// How long a looked-up owner is trusted before `room_leases` is read again.
const OWNER_CACHE: Duration = Duration::from_millis(100);
/// One intent or attach round trip (docs/multi-node.md §4.2), the whole call: the client's own timeout only
/// starts once the request is queued, so it is wrapped (§3).
pub const RPC_TIMEOUT: Duration = Duration::from_secs(1);

/// The connection states /healthz reports.
const OFF: u8 = 0;
const PENDING: u8 = 1;
const CONNECTED: u8 = 2;
const DISCONNECTED: u8 = 3;

/// This node's bus: cheap to clone.
#[derive(Clone)]
pub struct Bus {
    inner: Arc<Inner>,
}

struct Inner {
    node: String,
    client: Option<async_nats::Client>,
    frames: mpsc::Sender<RelayFrame>,
    state: Arc<AtomicU8>,
    /// Whether NATS is connected now, for relays and owners riding out an outage (outage.rs).
    connected: watch::Receiver<bool>,
    /// How long an outage is ridden out before relayed sockets are closed (`GB_NATS_OUTAGE_MS`).
    outage: Duration,
    /// How long a relayed socket waits for a room's new owner when the owner cannot be reached (it may have died:
    /// a survivor claims its rooms once its lease expires), before the client is told `unavailable`.
    failover: Duration,
    /// Rooms this node serves as owner: their RPC task's stop token.
    served: Mutex<HashMap<String, (i64, CancellationToken)>>,
    owners: Mutex<HashMap<String, (Instant, Option<Owner>)>>,
    /// Relaying nodes last heard from (alive.rs).
    seen: alive::Seen,
    /// The frame and owner subscriptions shared by this node's relayed sockets (fanout.rs).
    fanout: fanout::Fanout,
    /// The node's tasks: an owner's RPC answers run here, so a drain's shutdown waits for those in flight.
    tracker: TaskTracker,
}

impl Bus {
    /// Connects to NATS (in the background: a node starts even while NATS is down, and reports it) and starts
    /// the bus task. Without a NATS url the bus is off: rooms are only served locally.
    /// `node` names this process in relay keys (`node:conn`); it is random per start, like the cluster's node id.
    /// `outage`: how long relayed sockets wait for a lost NATS connection to come back (outage.rs); `failover`:
    /// how long they wait for a new owner when the room's owner cannot be reached (relay.rs).
    pub async fn start(
        nats_url: Option<&str>,
        outage: Duration,
        failover: Duration,
        tracker: &TaskTracker,
        shutdown: CancellationToken,
    ) -> Bus {
        let node = uuid::Uuid::new_v4().simple().to_string();
        let state = Arc::new(AtomicU8::new(OFF));
        let (link, connected) = watch::channel(false);
        let (frames, rx) = mpsc::channel(FRAME_QUEUE);
        let client = match nats_url {
            Some(url) => match connect(url, state.clone(), Arc::new(link)).await {
                Ok(c) => Some(c),
                Err(e) => {
                    tracing::error!(error = %e, url, "NATS url refused; this node relays nothing");
                    None
                }
            },
            None => None,
        };
        if let Some(c) = &client {
            tracker.spawn(publish_frames(c.clone(), rx, shutdown));
        }
        Bus {
            inner: Arc::new(Inner {
                node,
                client,
                frames,
                state,
                connected,
                outage,
                failover,
                served: Default::default(),
                owners: Default::default(),
                seen: Default::default(),
                fanout: Default::default(),
                tracker: tracker.clone(),
            }),
        }
    }

    pub fn node(&self) -> &str {
        &self.inner.node
    }

    pub fn enabled(&self) -> bool {
        self.inner.client.is_some()
    }

    pub(crate) fn client(&self) -> Option<&async_nats::Client> {
        self.inner.client.as_ref()
    }

    /// For /healthz: `off`, `pending` (first connection not made yet), `connected` or `disconnected`.
    pub fn nats_state(&self) -> &'static str {
        match self.inner.state.load(Ordering::Relaxed) {
            OFF => "off",
            PENDING => "pending",
            CONNECTED => "connected",
            _ => "disconnected",
        }
    }

    /// The owner of `room` per `room_leases`, read at most every 100 ms per room; `fresh` skips the cache (an
    /// RPC to the cached owner just failed).
    pub async fn owner(&self, db: &Db, room: &str, fresh: bool) -> Option<Owner> {
        if !fresh
            && let Some((at, owner)) = self.inner.owners.lock().expect("owners lock").get(room)
            && at.elapsed() < OWNER_CACHE
        {
            return owner.clone();
        }
        let owner = match crate::cluster::owner_of(db, room).await {
            Ok(o) => o,
            Err(e) => {
                tracing::warn!(room, error = %e, "owner lookup failed");
                None
            }
        };
        self.inner.owners.lock().expect("owners lock").insert(room.to_owned(), (Instant::now(), owner.clone()));
        owner
    }
}

async fn connect(
    url: &str,
    state: Arc<AtomicU8>,
    link: Arc<watch::Sender<bool>>,
) -> Result<async_nats::Client, async_nats::ConnectError> {
    state.store(PENDING, Ordering::Relaxed);
    let events = state.clone();
    async_nats::ConnectOptions::new()
        // A dead peer is noticed in seconds rather than after the 60 s default (docs/multi-node.md §3).
        .ping_interval(Duration::from_secs(5))
        .retry_on_initial_connect()
        // Back within a second of NATS's return (the default backs off to 4 s), well inside the outage setting
        // relays wait for (outage.rs).
        .reconnect_delay_callback(|attempts| {
            Duration::from_millis(2u64.saturating_pow(attempts.min(10) as u32)).min(Duration::from_secs(1))
        })
        .event_callback(move |event| {
            let (events, link) = (events.clone(), link.clone());
            async move {
                match event {
                    async_nats::Event::Connected => events.store(CONNECTED, Ordering::Relaxed),
                    async_nats::Event::Disconnected | async_nats::Event::Closed => {
                        events.store(DISCONNECTED, Ordering::Relaxed)
                    }
                    async_nats::Event::SlowConsumer(_) => metrics::counter!("gb_bus_slow_consumer_total").increment(1),
                    other => tracing::info!(event = %other, "NATS event"),
                }
                let up = events.load(Ordering::Relaxed) == CONNECTED;
                link.send_if_modified(|was| std::mem::replace(was, up) != up);
                metrics::gauge!("gb_nats_connected").set(if up { 1.0 } else { 0.0 });
            }
        })
        .connect(url)
        .await
}

/// The header of a frame marker that stands for a frame larger than the NATS server's `max_payload`: its size.
pub const TOO_LARGE: &str = "Gb-Too-Large";

/// Logs and counts a message NATS cannot carry (`what`: `frame`, `reply`, `request`): it exceeds the server's
/// `max_payload` (`server_info().max_payload`, as the client negotiated it).
pub fn too_large(what: &'static str, room: &str, size: usize, max: usize) {
    metrics::counter!("gb_relay_too_large_total", "what" => what).increment(1);
    tracing::error!(room, what, size, max_payload = max, "message larger than the NATS server's max_payload");
}

pub fn frame_subject(room: &str, kind: Kind) -> String {
    let k = match kind.seat() {
        Some(Seat::A) => "a",
        Some(Seat::B) => "b",
        Some(Seat::C) => "c",
        Some(Seat::D) => "d",
        Some(Seat::E) => "e",
        Some(Seat::F) => "f",
        None => "s",
    };
    format!("gb.v1.room.{room}.f.{k}")
}

pub fn owner_subject(room: &str) -> String {
    format!("gb.v1.room.{room}.owner")
}

pub fn rpc_subject(room: &str, epoch: i64) -> String {
    format!("gb.v1.room.{room}.e{epoch}.rpc")
}

/// The bus task: the only place frames meet NATS. `publish` may wait while the client reconnects; rooms do not,
/// their frames pile up in the bounded queue and the excess is dropped and counted.
async fn publish_frames(client: async_nats::Client, mut rx: mpsc::Receiver<RelayFrame>, shutdown: CancellationToken) {
    loop {
        let f = tokio::select! {
            f = rx.recv() => f,
            _ = shutdown.cancelled() => None,
        };
        let Some(f) = f else { break };
        let headers = frame_headers(&f);
        let subject = frame_subject(&f.room, f.kind);
        let size = f.frame.len();
        // A cheap clone (shared bytes): the frame's headers are needed again if it is too large.
        match client.publish_with_headers(subject.clone(), headers, f.frame.clone().into()).await {
            Ok(()) => {}
            Err(e) if e.kind() == async_nats::client::PublishErrorKind::MaxPayloadExceeded => {
                // Relays cannot get this frame: they are told so (a marker with no body in its place) and tell
                // their clients `relay_too_large` rather than wait for it (docs/multi-node.md, max_payload).
                too_large("frame", &f.room, size, client.max_payload());
                let mut marker = frame_headers(&f);
                marker.insert(TOO_LARGE, size.to_string().as_str());
                let _ = client.publish_with_headers(subject, marker, Default::default()).await;
            }
            Err(e) => {
                metrics::counter!("gb_bus_dropped_total").increment(1);
                tracing::warn!(room = %f.room, error = %e, "frame not published");
            }
        }
    }
}

/// `Gb-Epoch`, `Gb-Game`, `Gb-Seq` and, for a versioned frame, `Gb-V`: what a relay orders frames by (relay.rs).
fn frame_headers(f: &RelayFrame) -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("Gb-Epoch", f.epoch.to_string().as_str());
    headers.insert("Gb-Game", f.game.to_string().as_str());
    headers.insert("Gb-Seq", f.seq.to_string().as_str());
    if let Some(v) = f.v {
        headers.insert("Gb-V", v.to_string().as_str());
    }
    headers
}
