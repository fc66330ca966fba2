//! Graceful drain on SIGTERM (docs/multi-node.md, "Drain"): the node stops taking rooms, marks itself
//! `draining` (placement skips it, `/healthz` answers 503), and every owned room settles its clocks, releases
//! its lease with them to the least-loaded other node and closes its sockets with 1012, so its clients
//! reconnect to the new owner without waiting for a lease to expire. Then the node row is marked dead.
use super::Cluster;
use crate::db::Db;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// How long a drain waits for its rooms before the process exits anyway (the expiry path covers the rest).
const DEADLINE: Duration = Duration::from_secs(20);

pub async fn drain(db: &Db, cluster: &Cluster) {
    let started = Instant::now();
    cluster.draining.store(true, Ordering::SeqCst);
    super::node::mark(db, cluster, "draining").await;
    let rooms = cluster.rooms_owned();
    cluster.stop_all(true);
    while cluster.rooms_owned() > 0 && started.elapsed() < DEADLINE {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    super::node::mark(db, cluster, "dead").await;
    metrics::histogram!("gb_drain_seconds").record(started.elapsed().as_secs_f64());
    tracing::info!(rooms, left = cluster.rooms_owned(), secs = started.elapsed().as_secs_f64(), "node drained");
}
