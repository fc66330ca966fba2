//! An event's lease in cluster mode (docs/multi-node.md, "Tournaments"): one owner node runs the event's actor,
//! its writes fenced by the lease epoch. A surviving node's sweep claims an event whose owner died (or that a
//! draining owner released) and rebuilds it from its rows, the rebuild a single node does at startup; the
//! event's tables' rooms come with it (tables.rs `reattach`), so the event watches them locally.
use super::state::Event;
use super::{Cmd, TournamentDeps, TournamentHandle};
use crate::cluster::lease::tournament::{self as leases, owned_key};
use crate::cluster::{Cluster, Lease};
use crate::db::Db;
use crate::db::fence::TournamentDb;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How long a stand-down waits for the database before leaving the lease to expire instead.
const RELEASE_TIMEOUT: Duration = Duration::from_secs(2);

/// Resolves when the node stops the event (drain, lost or doubtful node lease); never without a lease.
pub(super) async fn stopped(lease: &Option<Lease>) {
    match lease {
        Some(l) => l.stopped().await,
        None => std::future::pending().await,
    }
}

/// Makes `event` this node's under `epoch`: its writes fenced, its lease held where drain and self-fence find it.
pub(super) fn hold(cluster: &Cluster, event: &mut Event, node: String, epoch: i64) {
    if let Db::Pg(pool) = event.deps.db() {
        event.db = TournamentDb::fenced(pool.clone(), &event.id, epoch);
    }
    event.lease = Some(cluster.hold(&owned_key(&event.id), node, epoch));
}

impl Event {
    /// Stops running the event on this node. On a drain the lease goes to the least-loaded other node (it claims
    /// it within a sweep); after a fenced write the lease has moved on already; otherwise it is released if this
    /// claim still holds it, so a sweeper rebuilds the event from its rows at once. Nothing is lost either way:
    /// every change was written (fenced) before it was applied in memory.
    pub(super) async fn stand_down(&mut self, tx: &mpsc::Sender<Cmd>, why: &str) {
        let Some(lease) = self.lease.clone() else { return };
        tracing::info!(event = %self.id, epoch = lease.epoch, why, "event stands down");
        if !self.db.fenced_out() {
            let db = self.deps.db().clone();
            let release = async {
                let next = match lease.is_handover() {
                    true => crate::cluster::lease::least_loaded(&db, Some(&lease.node)).await?,
                    false => None,
                };
                leases::release(&db, &self.id, &lease.node, lease.epoch, next.as_deref()).await
            };
            match tokio::time::timeout(RELEASE_TIMEOUT, release).await {
                Ok(Ok(released)) => tracing::debug!(event = %self.id, released, "event lease released"),
                Ok(Err(e)) => tracing::warn!(event = %self.id, error = %e, "event lease not released; it will expire"),
                Err(_) => tracing::warn!(event = %self.id, "event lease release timed out; it will expire"),
            }
        }
        self.deps.tournaments.remove_if(&self.id, |h| h.tx.same_channel(tx));
        if let Some(cluster) = self.deps.cluster() {
            cluster.forget(&owned_key(&self.id), lease.epoch);
        }
    }
}

/// A new event in cluster mode: owned by the node that created it (epoch 1).
pub(super) async fn own_new(deps: &TournamentDeps, cluster: &Cluster, event: &mut Event) -> anyhow::Result<()> {
    let me = cluster.node_id();
    let epoch = leases::created(deps.db(), &event.id, &me).await?;
    hold(cluster, event, me, epoch);
    metrics::counter!("gb_event_claims_total", "reason" => "created").increment(1);
    Ok(())
}

/// Runs an event this node has just claimed: rebuilt from its rows, its tables' rooms claimed with it.
async fn adopt(
    deps: &TournamentDeps,
    cluster: &Cluster,
    id: &str,
    me: &str,
    epoch: i64,
) -> anyhow::Result<TournamentHandle> {
    let started = Instant::now();
    let row = crate::db::tournaments::event(deps.db(), id).await?.ok_or_else(|| anyhow::anyhow!("no event {id}"))?;
    let (mut event, rooms) = super::load(deps, &row).await?.ok_or_else(|| anyhow::anyhow!("no event {id}"))?;
    hold(cluster, &mut event, me.to_owned(), epoch);
    let handle = super::start(deps, event, rooms);
    metrics::histogram!("gb_event_rebuild_seconds").record(started.elapsed().as_secs_f64());
    Ok(handle)
}

/// Claims events nobody holds every sweep interval until shutdown (cluster/sweep.rs `every_sweep`, the rooms'
/// loop too).
pub async fn sweep(deps: TournamentDeps, cluster: Arc<Cluster>) {
    let find = |me: String| {
        let db = deps.db().clone();
        async move { leases::orphans(&db, &me).await }
    };
    let claim_tournament = |id: String, me: String| {
        let (deps, cluster) = (deps.clone(), cluster.clone());
        async move {
            match leases::claim(deps.db(), &id, &me).await {
                Ok(Some(epoch)) => match adopt(&deps, &cluster, &id, &me, epoch).await {
                    Ok(_) => {
                        metrics::counter!("gb_event_claims_total", "reason" => "sweep").increment(1);
                        tracing::info!(event = %id, epoch, "event claimed");
                    }
                    Err(e) => {
                        tracing::error!(event = %id, error = %format!("{e:#}"), "claimed event not rebuilt; releasing it");
                        let _ = leases::release(deps.db(), &id, &me, epoch, None).await;
                    }
                },
                Ok(None) => {} // another node was faster
                Err(e) => tracing::warn!(event = %id, error = %e, "event claim failed"),
            }
        }
    };
    crate::cluster::sweep::every_sweep(&cluster, deps.shutdown(), "event", find, claim_tournament).await;
}
