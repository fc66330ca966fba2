//! [`TournamentDeps`]: what an event actor needs from the application, and nothing more, like the room's `RoomDeps`.
//! Built from `AppState` at the edge (`AppState::tournament_deps`); a test builds one around a bare database
//! (`TournamentDeps::local`) and drives the actor without HTTP. Other nodes' calls for an event reach it through
//! [`ServeCalls`], which the application supplies: the tournament knows nothing of HTTP or the bus.
use super::Tournaments;
use crate::db::Db;
use crate::room::RoomDeps;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Answers other nodes' calls for the event `event` run here under lease epoch `epoch`, until `ended` (cluster
/// mode): set by the application (`AppState::tournament_deps`), which runs them through its own API (bus/tournaments.rs).
pub type ServeCalls = std::sync::Arc<dyn Fn(String, i64, CancellationToken) + Send + Sync>;

#[derive(Clone)]
pub struct TournamentDeps {
    /// What its tables' rooms are opened and found again with (tables.rs): the room registry, the group-commit
    /// writer, the database, the task tracker, shutdown and, in cluster mode, this node's leases.
    pub rooms: RoomDeps,
    /// The registry of live tournaments: the actor is in it while it runs, and takes itself out when it stands down.
    pub tournaments: Tournaments,
    /// Cluster mode: how an event run here answers other nodes' calls; `None` on a single node and in tests.
    pub serve: Option<ServeCalls>,
}

impl TournamentDeps {
    /// An event's dependencies on a single node with `settings`, its own task tracker and shutdown token, no
    /// NATS: for tests and tools that drive events without a server.
    pub async fn local(db: Db, settings: &crate::settings::Settings) -> TournamentDeps {
        let (shutdown, tracker) = (CancellationToken::new(), TaskTracker::new());
        let persist = crate::persist::Persist::spawn(db.clone(), &tracker, shutdown.clone());
        let wait = std::time::Duration::from_secs(1); // a bus without NATS never waits on it
        let bus = crate::bus::Bus::start(None, wait, wait, &tracker, shutdown.clone()).await;
        let rooms = RoomDeps::new(db, persist, settings, (tracker, shutdown), std::sync::Arc::new(bus));
        TournamentDeps { rooms, tournaments: Tournaments::default(), serve: None }
    }

    pub fn db(&self) -> &Db {
        &self.rooms.db
    }
    pub fn tracker(&self) -> &TaskTracker {
        &self.rooms.tracker
    }
    pub fn shutdown(&self) -> &CancellationToken {
        &self.rooms.shutdown
    }
    pub fn cluster(&self) -> Option<&std::sync::Arc<crate::cluster::Cluster>> {
        self.rooms.cluster.as_ref()
    }
}
