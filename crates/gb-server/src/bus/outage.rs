//! Riding out a lost NATS connection (docs/multi-node.md, "NATS outage"). A relayed socket waits up to
//! `GB_NATS_OUTAGE_MS` for the connection to come back, then re-attaches from the last version it forwarded
//! (frames published meanwhile are lost to it); past that it is told `unavailable` and closed with 1012, so its
//! client reconnects, perhaps to another node. An owner forgets the remote sockets it can no longer reach after
//! as long, so they stop counting as connected seats and spectators. Owned rooms run on locally throughout:
//! their frames for other nodes wait in the bus queue or are dropped, never awaited.
use super::Bus;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

impl Bus {
    /// Whether NATS is connected now, as it changes.
    pub(crate) fn connection(&self) -> watch::Receiver<bool> {
        self.inner.connected.clone()
    }

    /// The outage setting.
    pub(crate) fn outage(&self) -> std::time::Duration {
        self.inner.outage
    }

    /// How long a relay waits for a new owner of a room whose owner cannot be reached.
    pub(crate) fn failover(&self) -> std::time::Duration {
        self.inner.failover
    }

    /// Whether NATS is connected now.
    pub(crate) fn nats_up(&self) -> bool {
        *self.inner.connected.borrow()
    }

    /// True once a connection this node had is gone (not while the first one is still being made: a node
    /// that never reached NATS answers `unavailable` at once rather than waiting out an outage).
    pub(crate) fn nats_lost(&self) -> bool {
        self.nats_state() == "disconnected"
    }
}

/// Resolves when NATS goes down.
pub(crate) async fn lost(link: &mut watch::Receiver<bool>) {
    until(link, false).await
}

/// Resolves when NATS is connected.
async fn back(link: &mut watch::Receiver<bool>) {
    until(link, true).await
}

async fn until(link: &mut watch::Receiver<bool>, up: bool) {
    let closed = link.wait_for(|now| *now == up).await.is_err();
    if closed {
        // The bus outlives every waiter; should it not, there is nothing left to wait for.
        std::future::pending::<()>().await;
    }
}

/// Waits, up to the outage setting, for NATS to come back: true if it did.
pub(crate) async fn ride_out(bus: &Bus, link: &mut watch::Receiver<bool>) -> bool {
    tokio::time::timeout(bus.inner.outage, back(link)).await.is_ok()
}

/// The owner's side, for one served room until `stop`: after an outage longer than the setting, `forget` its
/// remote sockets (their relays have closed them; they re-attach once they reconnect).
pub(crate) async fn forget_after_outage(bus: Bus, stop: CancellationToken, forget: impl Fn()) {
    let mut link = bus.connection();
    loop {
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = lost(&mut link) => {}
        }
        let recovered = tokio::select! {
            _ = stop.cancelled() => return,
            recovered = ride_out(&bus, &mut link) => recovered,
        };
        if recovered {
            continue;
        }
        tracing::warn!("NATS down past the outage setting: remote sockets forgotten");
        forget();
        tokio::select! {
            _ = stop.cancelled() => return,
            _ = back(&mut link) => {}
        }
    }
}
