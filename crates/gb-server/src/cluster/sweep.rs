//! The orphan sweep: every sweep interval a node claims rooms and tournaments nobody holds (released by a drain,
//! placed on it at creation, or left by a node whose lease expired); the room side (room/adopt.rs) rebuilds each
//! room from its log with the supervisor's function (`room::recover::load_room`) and runs it. Which leases are
//! orphans, and how many a node takes per round, is cluster/lease/mod.rs's `orphans_sql`.
use super::Cluster;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// One sweep loop for rooms (room/adopt.rs) and events (tournament/lease.rs): every `sweep_ms` until `shutdown`, the
/// orphans this node may take (`find`, given the node id), each handed to `claim`. Skipped while the node
/// drains or its own lease is in doubt (its self-fence is due): a claim then would only be stood down.
pub async fn every_sweep<Found, Claimed>(
    cluster: &Cluster,
    shutdown: &CancellationToken,
    what: &'static str,
    find: impl Fn(String) -> Found,
    claim: impl Fn(String, String) -> Claimed,
) where
    Found: Future<Output = Result<Vec<String>, sqlx::Error>>,
    Claimed: Future<Output = ()>,
{
    let mut tick = tokio::time::interval(Duration::from_millis(cluster.settings.sweep_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => break,
            _ = tick.tick() => {}
        }
        if cluster.is_draining() || cluster.fence_due(Instant::now()) {
            continue;
        }
        let me = cluster.node_id();
        match find(me.clone()).await {
            Ok(orphans) => {
                for id in orphans {
                    claim(id, me.clone()).await;
                }
            }
            Err(e) => tracing::warn!(what, error = %e, "orphan sweep failed"),
        }
    }
}
