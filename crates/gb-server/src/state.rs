//! Shared application state handed to every handler (cheap to clone).
use crate::db::Db;
use crate::guard::hashing::Hashing;
use crate::guard::login_throttle::LoginThrottle;
use crate::guard::throttle::AddrLimits;
use crate::persist::Persist;
use crate::room::{RoomDeps, Rooms};
use crate::settings::Settings;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub metrics: PrometheusHandle,
    /// Cancelled on shutdown; long-lived tasks (WebSocket loops) must `select!` on it.
    pub shutdown: CancellationToken,
    /// Spawn long-lived tasks here so shutdown can wait for them (axum's graceful
    /// shutdown does not wait for upgraded connections; dependencies.md C2).
    pub tracker: TaskTracker,
    /// Live rooms by id.
    pub rooms: Rooms,
    /// The group-commit writer every room persists accepted intents through.
    pub persist: Persist,
    /// Live tournaments by id (tournament/).
    pub tournaments: crate::tournament::Tournaments,
    /// Login attempts per address, and strangers' failed ones per account.
    pub login_throttle: Arc<LoginThrottle>,
    /// WebSocket opens, sign-ups, guests and replays per address.
    pub addr_limits: Arc<AddrLimits>,
    /// Password hashing, bounded so it cannot take the games' cores.
    pub hashing: Arc<Hashing>,
    /// Public replays, computed once per version, off the executor (guard/replay_cache.rs).
    pub replays: Arc<crate::guard::replay_cache::ReplayCache>,
    /// Cluster mode (`GB_NATS_URL` set): this node's identity and leases; `None` on a single node.
    pub cluster: Option<Arc<crate::cluster::Cluster>>,
    /// Traffic to and from other nodes over NATS (bus/); off on a single node.
    pub bus: crate::bus::Bus,
    /// The HTTP API as one router (startup.rs): an event's owner runs other nodes' calls for it through it
    /// (bus/tournaments.rs). A function from above, so the state names no API type.
    pub api: fn(&AppState) -> axum::Router,
}

impl AppState {
    /// What a room actor needs from the application.
    pub fn room_deps(&self) -> RoomDeps {
        let tasks = (self.tracker.clone(), self.shutdown.clone());
        let mut deps =
            RoomDeps::new(self.db.clone(), self.persist.clone(), &self.settings, tasks, Arc::new(self.bus.clone()));
        deps.rooms = self.rooms.clone();
        deps.cluster = self.cluster.clone();
        deps
    }

    /// What an event actor needs from the application (tournament/deps.rs).
    pub fn tournament_deps(&self) -> crate::tournament::TournamentDeps {
        let state = self.clone();
        let serve: crate::tournament::ServeCalls = Arc::new(move |event, epoch, ended| {
            let tasks = (state.tracker.clone(), state.shutdown.clone());
            crate::bus::tournaments::serve_tournament(&state.bus, tasks, (state.api)(&state), event, epoch, ended);
        });
        crate::tournament::TournamentDeps {
            rooms: self.room_deps(),
            tournaments: self.tournaments.clone(),
            serve: Some(serve),
        }
    }
}

/// The room dependencies of the application: what the play-now matcher runs with (`queue::match_once`).
impl From<&AppState> for RoomDeps {
    fn from(state: &AppState) -> RoomDeps {
        state.room_deps()
    }
}
