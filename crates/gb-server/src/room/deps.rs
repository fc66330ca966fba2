//! What every room shares: storage, the writer, task tracking, tunables, and the registry of live rooms.
use super::handle::RoomHandle;
use crate::bus::port::Serving;
use crate::db::Db;
use crate::persist::Persist;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Shared by every room: storage, the writer, task tracking, tunables.
#[derive(Clone)]
pub struct RoomDeps {
    pub db: Db,
    pub persist: Persist,
    pub tracker: TaskTracker,
    pub shutdown: CancellationToken,
    pub history: usize,
    pub bot_think: Duration,
    /// The registry, so an idle room can take itself out.
    pub rooms: Rooms,
    /// How long a room with no game in progress and nobody connected stays in memory.
    pub idle: Duration,
    /// At most one presence (`room`) frame per this interval under connection churn (room/presence.rs).
    pub presence: Duration,
    /// How long a person's seat may be away mid-game before the opponent may claim the win (room/leaving.rs).
    pub leave_grace: Duration,
    /// Cluster mode: this node's leases (claims, stand-downs); `None` on a single node.
    pub cluster: Option<Arc<crate::cluster::Cluster>>,
    /// Traffic to other nodes: a leased room answers its RPC subject through it (the bus, bus/owner.rs).
    pub bus: Arc<dyn Serving>,
}

impl RoomDeps {
    /// A single node's room dependencies with `settings`' timings and an empty registry; `AppState` fills in
    /// its own registry and cluster (state.rs).
    pub fn new(
        db: Db,
        persist: Persist,
        settings: &crate::settings::Settings,
        (tracker, shutdown): (TaskTracker, CancellationToken),
        bus: Arc<dyn Serving>,
    ) -> RoomDeps {
        RoomDeps {
            db,
            persist,
            tracker,
            shutdown,
            history: settings.stream_history,
            bot_think: Duration::from_millis(settings.bot_think_ms),
            rooms: Rooms::default(),
            idle: Duration::from_secs(settings.room_idle_secs),
            presence: Duration::from_millis(settings.limits.presence_interval_ms),
            leave_grace: Duration::from_secs(settings.leave_grace_secs),
            cluster: None,
            bus,
        }
    }
}

/// The registry of live rooms (registry.rs; its size is the `gb_rooms` gauge).
pub type Rooms = crate::registry::Registry<RoomHandle>;

impl crate::registry::Registered for RoomHandle {
    const GAUGE: Option<&'static str> = Some("gb_rooms");
    fn id(&self) -> &str {
        &self.id
    }
    fn same_actor(&self, other: &Self) -> bool {
        self.tx.same_channel(&other.tx)
    }
}
