//! Several nodes against one PostgreSQL (issue #15, docs/multi-node.md). PostgreSQL is the directory: which node
//! owns which live room, under which epoch (the fencing token). NATS only carries traffic between nodes (bus/).
//! SQLite stays single-node: a clustered node refuses it.
use crate::db::Db;

/// The node that owns a room, and the epoch of its claim. An RPC for the room goes to exactly this epoch's
/// subject, so a deposed owner that wakes up never answers for its successor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub node: String,
    pub epoch: i64,
}

/// The current owner of `room` as the lease table says, if any node holds it. A lease whose holder's node row
/// has expired is not an owner (the room is claimable), judged on the database clock.
pub async fn owner_of(db: &Db, room: &str) -> Result<Option<Owner>, sqlx::Error> {
    lease::ROOMS.owner_of(db, room).await
}

pub mod drain;
pub mod lease;
pub mod node;
pub mod sweep;
use crate::settings::ClusterSettings;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio_util::sync::CancellationToken;

/// This node's part in the cluster: its identity, the rooms it holds leases on, and when it must stop
/// trusting its own lease. Shared by the heartbeat, the sweeper, the rooms and the drain.
pub struct Cluster {
    pub settings: ClusterSettings,
    /// What the node row advertises.
    pub addr: String,
    /// The current node id: fresh at every start, and again after a lost lease (identities are never reused).
    node: Mutex<String>,
    owned: Mutex<HashMap<String, Lease>>,
    /// Local deadline for self-fencing: send time of the last good heartbeat + TTL − 0.5 s (node clock).
    fence_at: Mutex<Option<Instant>>,
    draining: AtomicBool,
}

/// A room's lease as its owner holds it: the node id and epoch of the claim, and how the node tells the room
/// to stop (lost lease, drain).
#[derive(Clone, Debug)]
pub struct Lease {
    pub node: String,
    pub epoch: i64,
    stop: CancellationToken,
    handover: Arc<AtomicBool>,
}

impl Lease {
    /// Resolves when the node wants the room to stop.
    pub async fn stopped(&self) {
        self.stop.cancelled().await
    }
    /// True when the stop is a drain: settle the clocks and hand the room over, rather than just stop.
    pub fn is_handover(&self) -> bool {
        self.handover.load(Ordering::SeqCst)
    }
}

impl Cluster {
    pub fn new(settings: ClusterSettings, addr: String) -> Cluster {
        Cluster {
            settings,
            addr,
            node: Mutex::new(String::new()),
            owned: Mutex::default(),
            fence_at: Mutex::new(None),
            draining: AtomicBool::new(false),
        }
    }

    pub fn node_id(&self) -> String {
        self.node.lock().expect("node lock").clone()
    }

    fn set_node_id(&self, id: String) {
        *self.node.lock().expect("node lock") = id;
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// Records a claim; the room's actor gets the returned lease.
    pub fn hold(&self, room: &str, node: String, epoch: i64) -> Lease {
        let lease = Lease { node, epoch, stop: CancellationToken::new(), handover: Arc::default() };
        let n = {
            let mut owned = self.owned.lock().expect("owned lock");
            if let Some(old) = owned.insert(room.to_owned(), lease.clone()) {
                old.stop.cancel();
            }
            owned.len()
        };
        metrics::gauge!("gb_rooms_owned").set(n as f64);
        lease
    }

    /// Forgets a room whose actor has stopped, unless a newer claim of it already replaced this one.
    pub fn forget(&self, room: &str, epoch: i64) {
        let n = {
            let mut owned = self.owned.lock().expect("owned lock");
            if owned.get(room).is_some_and(|l| l.epoch == epoch) {
                owned.remove(room);
            }
            owned.len()
        };
        metrics::gauge!("gb_rooms_owned").set(n as f64);
    }

    pub fn rooms_owned(&self) -> usize {
        self.owned.lock().expect("owned lock").len()
    }

    /// The epoch this node holds `room` under, if it holds it (a room standing down is no longer held).
    pub fn epoch_of(&self, room: &str) -> Option<i64> {
        self.owned.lock().expect("owned lock").get(room).map(|l| l.epoch)
    }

    pub fn owns(&self, room: &str) -> bool {
        self.owned.lock().expect("owned lock").contains_key(room)
    }

    /// Stops every owned room; with `handover`, each settles its clocks and releases its lease (drain).
    pub fn stop_all(&self, handover: bool) {
        for lease in self.owned.lock().expect("owned lock").values() {
            lease.handover.store(handover, Ordering::SeqCst);
            lease.stop.cancel();
        }
    }
}
