//! The node's own lease: one `nodes` row, renewed every heartbeat by one short statement on the database clock
//! (docs/multi-node.md, "Leases"). A node that cannot renew stops every room it owns before anyone else may
//! claim them: on a renewal that finds its row expired (0 rows), and on its own clock when the last good
//! renewal is older than TTL − 0.5 s (a paused or partitioned node never learns it lost anything).
use super::Cluster;
use crate::db::Db;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// How much earlier than the database's expiry a node stops trusting its lease (its clock and the database's
/// may drift; the statement that renewed it took time).
const SELF_FENCE_MARGIN: Duration = Duration::from_millis(500);

/// Inserts a fresh node row (a new random id) and makes it this node's identity.
pub async fn register(db: &Db, cluster: &Cluster) -> Result<(), sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(()) };
    let id = uuid::Uuid::new_v4().simple().to_string();
    let sent = Instant::now();
    sqlx::query(
        "INSERT INTO nodes (node_id, addr, state, heartbeat_at, expires_at, rooms_owned, capacity) \
         VALUES ($1, $2, 'live', clock_timestamp(), clock_timestamp() + $3 * interval '1 millisecond', 0, $4)",
    )
    .bind(&id)
    .bind(&cluster.addr)
    .bind(cluster.settings.lease_ttl_ms as f64)
    .bind(cluster.settings.capacity)
    .execute(pool)
    .await?;
    tracing::info!(node = %id, addr = %cluster.addr, "node registered");
    cluster.set_node_id(id);
    cluster.renewed(sent);
    Ok(())
}

/// One renewal; false when the row had already expired (or was marked dead): the lease is lost.
async fn renew(db: &Db, cluster: &Cluster) -> Result<bool, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(true) };
    let state = if cluster.is_draining() { "draining" } else { "live" };
    let done = sqlx::query(
        "UPDATE nodes SET heartbeat_at = clock_timestamp(), \
         expires_at = clock_timestamp() + $2 * interval '1 millisecond', rooms_owned = $3, state = $4 \
         WHERE node_id = $1 AND expires_at > clock_timestamp() AND state <> 'dead'",
    )
    .bind(cluster.node_id())
    .bind(cluster.settings.lease_ttl_ms as f64)
    .bind(cluster.rooms_owned() as i32)
    .bind(state)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

impl Cluster {
    /// A renewal sent at `sent` succeeded: the lease holds until at least `sent + TTL` on any clock.
    fn renewed(&self, sent: Instant) {
        let ttl = Duration::from_millis(self.settings.lease_ttl_ms);
        *self.fence_at.lock().expect("fence lock") = Some(sent + ttl.saturating_sub(SELF_FENCE_MARGIN));
    }

    pub(crate) fn fence_due(&self, now: Instant) -> bool {
        self.fence_at.lock().expect("fence lock").is_some_and(|at| now >= at)
    }

    /// Stops every owned room because the lease can no longer be trusted (no handover: memory may be ahead of
    /// the log). Skipped under `GB_TEST_NO_SELF_FENCE`, so the database fence alone refuses the stale appends.
    fn self_fence(&self, why: &str) {
        if self.settings.test_no_self_fence || self.rooms_owned() == 0 {
            return;
        }
        tracing::warn!(node = %self.node_id(), rooms = self.rooms_owned(), why, "self-fencing: stopping every owned room");
        metrics::counter!("gb_self_fenced_total").increment(1);
        self.stop_all(false);
    }
}

/// Renews the node's lease every heartbeat until shutdown; on a lost lease, stops every owned room and
/// registers again under a new id. A watchdog on the node's clock stops the rooms first if renewals stall.
pub async fn heartbeat(db: Db, cluster: Arc<Cluster>, shutdown: CancellationToken) {
    let every = Duration::from_millis(cluster.settings.heartbeat_ms);
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut watchdog = tokio::time::interval(Duration::from_millis(50));
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => break,
            _ = watchdog.tick() => {
                if cluster.fence_due(Instant::now()) {
                    cluster.self_fence("no good heartbeat within the lease");
                }
                continue;
            }
            _ = tick.tick() => {}
        }
        let sent = Instant::now();
        // The local fence must not fire just because this renewal is slow: the deadline only moves on success.
        match tokio::time::timeout(every.max(Duration::from_millis(200)), renew(&db, &cluster)).await {
            Ok(Ok(true)) => {
                cluster.renewed(sent);
                metrics::counter!("gb_lease_renewals_total").increment(1);
            }
            Ok(Ok(false)) => {
                metrics::counter!("gb_lease_lost_total").increment(1);
                cluster.self_fence("the node's lease expired");
                // A drained node marked itself dead and is about to exit: it must not come back as a fresh,
                // empty node that placement would pick.
                if cluster.is_draining() {
                    continue;
                }
                if let Err(e) = register(&db, &cluster).await {
                    tracing::error!(error = %e, "re-registering the node failed");
                }
            }
            Ok(Err(e)) => tracing::warn!(error = %e, "heartbeat failed"),
            Err(_) => tracing::warn!("heartbeat timed out"),
        }
    }
}

/// Marks the node row `draining` (placement and readiness skip it) or `dead` (graceful stop: its rooms are
/// released already, and its lease ends now so nobody waits for it to expire).
pub async fn mark(db: &Db, cluster: &Cluster, state: &'static str) {
    let Db::Pg(pool) = db else { return };
    let sql = "UPDATE nodes SET state = $2, \
               expires_at = CASE WHEN $2 = 'dead' THEN clock_timestamp() ELSE expires_at END WHERE node_id = $1";
    let r = sqlx::query(sql).bind(cluster.node_id()).bind(state).execute(pool).await;
    if let Err(e) = r {
        tracing::warn!(error = %e, state, "node state not recorded");
    }
}
