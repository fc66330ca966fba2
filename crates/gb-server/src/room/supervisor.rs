//! Each room runs under a supervisor that owns its mailbox and its lobby info. When the actor panics, or stops
//! because an accepted intent could not be made durable, the supervisor rebuilds the room from its database rows
//! (recover.rs: the log is the truth) and runs it again on the same mailbox, so the handle every socket and
//! handler holds keeps working. Connections of the failed actor are closed with 1012 and resume from the log.
use super::actor::{Room, RoomInit, Stop, placeholder_info};
use super::cmd::RoomCmd;
use super::deps::{RoomDeps, Rooms};
use super::handle::RoomHandle;
use super::recover::{from_rows, load_room};
use futures_util::FutureExt;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// Rebuild attempts before the room is given up (removed from the registry; a server restart retries it).
const REBUILD_ATTEMPTS: u32 = 6;
/// The wait before the first retry of a failed rebuild; doubled each time (0.1 s … 3.2 s, ~6 s in all).
const FIRST_RETRY: Duration = Duration::from_millis(100);

impl Rooms {
    /// Starts a supervised room actor (and its computer seat, if any), registers its handle in `deps.rooms` and
    /// returns it: every room this node runs is spawned here, so none runs unregistered.
    pub fn spawn(deps: RoomDeps, init: RoomInit) -> RoomHandle {
        let rooms = deps.rooms.clone();
        let handle = spawn_actor(deps, init);
        rooms.insert(handle.clone());
        handle
    }
}

/// Starts a supervised room actor and returns its handle (registered by [`Rooms::spawn`]).
///
/// A room's task lives as long as the room (an hour after its game, `GB_ROOM_IDLE_SECS`), and an async fn lays out
/// everything it may await inline in that task. So the room is boxed once (run, supervisor and rebuild share one
/// allocation) and the futures awaited here and in `Room::run` are boxed while they run: 1,208 bytes a task
/// instead of 30,208 (BENCHMARKS.md, twenty-first session).
fn spawn_actor(deps: RoomDeps, init: RoomInit) -> RoomHandle {
    let (tx, rx) = mpsc::channel(256);
    let info_tx = Arc::new(watch::channel(placeholder_info(&init.id)).0);
    let handle = RoomHandle { id: init.id.clone(), tx, info: info_tx.subscribe() };
    let room = Box::new(Room::new(deps.clone(), init, info_tx.clone(), handle.tx.downgrade()));
    deps.tracker.clone().spawn(supervise(room, rx, handle.clone(), info_tx));
    handle
}

async fn supervise(
    mut room: Box<Room>,
    mut rx: mpsc::Receiver<RoomCmd>,
    handle: RoomHandle,
    info_tx: Arc<watch::Sender<crate::protocol::RoomInfo>>,
) {
    let (id, deps) = (room.id.clone(), room.deps.clone());
    // A rebuild on this node keeps the claim it was made under (the log decides the state, the lease who may
    // append to it).
    let lease = room.storage.lease.clone();
    // A leased room answers other nodes' sockets on its epoch's RPC subject for as long as it runs here.
    if let Some(l) = &lease
        && let Err(e) = Box::pin(deps.bus.serve_room(Arc::new(handle.clone()), l.epoch, &l.node)).await
    {
        tracing::error!(room = %id, error = %e, "room RPC not served; relayed sockets retry until it is");
    }
    loop {
        // The actor owns all room state, so nothing it half-changed survives the unwind.
        let why = match AssertUnwindSafe(room.run(&mut rx)).catch_unwind().await {
            Ok(Stop::Done) => {
                Box::pin(closed(&deps, &id, lease.as_ref())).await;
                break;
            }
            Ok(Stop::StandDown) => {
                // Another node owns the room now: this handle must not serve it any more.
                deps.rooms.remove_handle(&handle);
                if let (Some(c), Some(l)) = (&deps.cluster, &lease) {
                    c.forget(&id, l.epoch);
                }
                break;
            }
            Ok(Stop::Rebuild(why)) => why,
            Err(panic) => panic_message(panic.as_ref()),
        };
        metrics::counter!("gb_room_rebuilds").increment(1);
        tracing::error!(room = %id, reason = %why, "room failed; rebuilding it from the log");
        let Some(mut init) = Box::pin(rebuild(&deps, &id)).await else {
            deps.rooms.remove_handle(&handle);
            if let (Some(c), Some(l)) = (&deps.cluster, &lease) {
                c.forget(&id, l.epoch);
            }
            tracing::error!(room = %id, "room given up after {REBUILD_ATTEMPTS} rebuild attempts");
            break;
        };
        init.lease = lease.clone();
        let version = init.game.as_ref().map_or(0, |g| g.state.version());
        tracing::info!(room = %id, version, "room rebuilt");
        // A computer's seat starts deciding again from the rebuilt state; answers of the failed actor that
        // arrive late are for an older version and are dropped.
        room = Box::new(Room::new(deps.clone(), init, info_tx.clone(), handle.tx.downgrade()));
    }
    if let Some(l) = &lease {
        deps.bus.unserve_room(&id, l.epoch);
    }
    tracing::debug!(room = %id, "room stopped");
}

/// The room as its rows say, retried with backoff while the database is unreachable; `None` after the last
/// attempt or on shutdown.
async fn rebuild(deps: &RoomDeps, id: &str) -> Option<RoomInit> {
    let mut wait = FIRST_RETRY;
    for attempt in 1..=REBUILD_ATTEMPTS {
        if deps.shutdown.is_cancelled() {
            return None;
        }
        match load_room(deps, id).await {
            Ok(init) => return Some(init),
            Err(e) => tracing::warn!(room = %id, attempt, error = %format!("{e:#}"), "room rebuild failed"),
        }
        tokio::time::sleep(wait).await;
        wait *= 2;
    }
    None
}

/// The actor is done. Cluster mode: a room that left memory on its own (idle eviction) is closed for good, so
/// its lease row goes; on shutdown the lease stays, and another node claims the room once it expires.
async fn closed(deps: &RoomDeps, id: &str, lease: Option<&crate::cluster::Lease>) {
    let (Some(cluster), Some(lease)) = (&deps.cluster, lease) else { return };
    cluster.forget(id, lease.epoch);
    if deps.shutdown.is_cancelled() {
        return;
    }
    if let Err(e) = crate::cluster::lease::delete(&deps.db, id, &lease.node, lease.epoch).await {
        tracing::warn!(room = %id, error = %e, "lease of a closed room not deleted");
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text =
        panic.downcast_ref::<&str>().map(|s| (*s).to_owned()).or_else(|| panic.downcast_ref::<String>().cloned());
    format!("panicked: {}", text.unwrap_or_else(|| "(no message)".to_owned()))
}

/// Rebuilds and spawns every recent room; returns how many came back. A room that fails to rebuild is logged
/// and left out rather than stopping the server.
pub async fn recover_rooms(deps: &RoomDeps) -> anyhow::Result<usize> {
    let rows = crate::db::rooms::recent_rooms(&deps.db).await?;
    let mut n = 0;
    for row in rows {
        match from_rows(deps, &row.id, row.config, row.seats).await {
            Ok(init) => {
                let version = init.game.as_ref().map_or(0, |g| g.state.version());
                tracing::info!(room = %row.id, version, "room recovered");
                Rooms::spawn(deps.clone(), init);
                n += 1;
            }
            Err(e) => tracing::error!(room = %row.id, error = %format!("{e:#}"), "room not recovered"),
        }
    }
    Ok(n)
}
