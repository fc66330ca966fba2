//! Ageing out a dead relay's attachments (docs/multi-node.md, "Relayed sockets"). An owner keeps one attachment
//! per remote socket and publishes a viewer kind's frames while one of that kind is attached, so a relaying node
//! that dies without detaching would leave its sockets "connected" (their disconnection bank never charged) and
//! the owner publishing for nobody. Every node says it is alive on `gb.v1.node.{node}.alive` every heartbeat;
//! an owner drops the attachments of a node it has not heard from for a lease TTL (checked every heartbeat).
//! A relay whose own NATS connection was down that long resyncs when it is back (bus/relay.rs) and attaches
//! again.
use super::Bus;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};
use std::time::Duration;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// When each relaying node was last heard from, and the timings (set once, in cluster mode).
#[derive(Default)]
pub(super) struct Seen {
    timing: OnceLock<(Duration, Duration)>,
    last: Mutex<HashMap<String, Instant>>,
}

fn alive_subject(node: &str) -> String {
    format!("gb.v1.node.{node}.alive")
}

impl Bus {
    /// Cluster mode: says this node is alive every `beat`, and remembers who else is. `ttl`: how long a silent
    /// relay's attachments are kept.
    pub fn age_relays(&self, beat: Duration, ttl: Duration, tracker: &TaskTracker, shutdown: CancellationToken) {
        let Some(client) = self.client().cloned() else { return };
        if self.inner.seen.timing.set((beat, ttl)).is_err() {
            return;
        }
        let (me, stop) = (alive_subject(self.node()), shutdown.clone());
        let beating = client.clone();
        tracker.spawn(async move {
            let mut tick = tokio::time::interval(beat);
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = stop.cancelled() => break,
                }
                // A beat lost while NATS reconnects is what the TTL allows for.
                let _ = beating.publish(me.clone(), bytes::Bytes::new()).await;
            }
        });
        let bus = self.clone();
        tracker.spawn(async move {
            let mut sub = match client.subscribe(alive_subject("*")).await {
                Ok(s) => s,
                Err(e) => return tracing::error!(error = %e, "relay liveness not followed; attachments never age out"),
            };
            loop {
                let msg = tokio::select! {
                    m = sub.next() => m,
                    _ = shutdown.cancelled() => None,
                };
                let Some(msg) = msg else { break };
                if let Some(node) = msg.subject.split('.').nth(3) {
                    bus.inner.seen.last.lock().expect("seen lock").insert(node.to_owned(), Instant::now());
                }
            }
        });
    }

    /// How often an owner checks its attachments (an hour when ageing is off: the check then keeps all).
    pub(super) fn age_every(&self) -> Duration {
        self.inner.seen.timing.get().map_or(Duration::from_secs(3600), |t| t.0)
    }

    /// Whether the node relaying `relay` (`"{node}:{conn}"`) was heard from within the TTL (or the socket
    /// attached since). This node's own relayed sockets are alive while it runs.
    pub(super) fn relay_alive(&self, relay: &str, attached_at: Instant) -> bool {
        let Some((_, ttl)) = self.inner.seen.timing.get() else { return true };
        let node = relay.split(':').next().unwrap_or_default();
        if node == self.node() {
            return true;
        }
        let heard = self.inner.seen.last.lock().expect("seen lock").get(node).copied();
        heard.map_or(attached_at, |h| h.max(attached_at)).elapsed() < *ttl
    }
}
