//! A room this node claims through its lease (cluster mode, docs/multi-node.md): the rooms' orphan sweep
//! (cluster/lease finds the orphans, cluster/sweep.rs runs the loop) and [`adopt`], which rebuilds a claimed room from its
//! log, restores or charges its clocks and runs it under the claim's epoch.
use super::deps::RoomDeps;
use super::deps::Rooms;
use crate::cluster::Cluster;
use crate::cluster::lease::orphans;
use crate::cluster::lease::{self, Claimed};
use crate::cluster::sweep::every_sweep;
use std::sync::Arc;
use std::time::Instant;

/// Claims orphan rooms every sweep interval until shutdown ([`every_sweep`]).
pub async fn sweep(deps: RoomDeps, cluster: Arc<Cluster>) {
    let find = |me: String| {
        let db = deps.db.clone();
        async move { orphans(&db, &me).await }
    };
    let claim_room = |room: String, me: String| {
        let (deps, cluster) = (deps.clone(), cluster.clone());
        async move {
            match lease::claim(&deps.db, &room, &me).await {
                Ok(Some(claimed)) => {
                    let reason = match (&claimed.handover, claimed.prev_heartbeat_ms) {
                        (Some(_), _) => "handover",
                        (None, Some(_)) => "failover",
                        (None, None) => "placed",
                    };
                    adopt(&deps, &cluster, &room, &me, claimed, reason).await;
                }
                Ok(None) => {} // another node was faster
                Err(e) => tracing::warn!(room = %room, error = %e, "claim failed"),
            }
        }
    };
    every_sweep(&cluster, &deps.shutdown, "room", find, claim_room).await;
}

/// Runs a room this node has just claimed: rebuilt from its log, clocks restored (handover) or charged for a
/// dead owner's last stretch (docs/multi-node.md, "Clocks"), registered in Rooms under its epoch.
pub async fn adopt(deps: &RoomDeps, cluster: &Arc<Cluster>, room: &str, me: &str, claimed: Claimed, reason: &str) {
    let started = Instant::now();
    let mut init = match super::recover::load_room(deps, room).await {
        Ok(init) => init,
        Err(e) => {
            tracing::error!(room = %room, error = %format!("{e:#}"), "claimed room not rebuilt; releasing it");
            let _ = lease::release(&deps.db, room, me, claimed.epoch, None, None).await;
            return;
        }
    };
    match (&claimed.handover, claimed.prev_heartbeat_ms) {
        (Some(h), _) => super::lease::restore_handover(&mut init, h),
        (None, Some(hb)) => super::lease::charge_outage(&deps.db, &mut init, hb).await,
        (None, None) => {}
    }
    init.lease = Some(cluster.hold(room, me.to_owned(), claimed.epoch));
    let version = init.version();
    Rooms::spawn(deps.clone(), init);
    metrics::counter!("gb_room_claims_total", "reason" => reason.to_owned()).increment(1);
    metrics::histogram!("gb_rebuild_seconds").record(started.elapsed().as_secs_f64());
    if let Some(t) = claimed.takeover_secs {
        metrics::histogram!("gb_takeover_seconds").record(t.max(0.0));
    }
    tracing::info!(room = %room, epoch = claimed.epoch, version, reason, "room claimed");
}
