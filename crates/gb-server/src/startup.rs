//! `Application`: connects the database, binds the listener, builds the router, and runs
//! until its cancellation token fires, then drains tracked tasks.
use crate::cluster::Cluster;
use crate::db::Db;
use crate::guard::hashing::Hashing;
use crate::guard::login_throttle::LoginThrottle;
use crate::guard::replay_cache::ReplayCache;
use crate::guard::throttle::AddrLimits;
use crate::listen::{self, ListenOptions, limits::ConnLimits};
use crate::persist::Persist;
use crate::room::Rooms;
use crate::room::recover_rooms;
use crate::routes::{metrics_router, router};
use crate::settings::Settings;
use crate::state::AppState;
use crate::telemetry;
use anyhow::Context;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// A built, bound, not yet serving server.
pub struct Application {
    listener: TcpListener,
    local_addr: SocketAddr,
    /// The private `/metrics` listener, when `limits.metrics_bind` is set.
    metrics: Option<(TcpListener, SocketAddr)>,
    state: AppState,
}

impl Application {
    /// Connects and migrates the database, then binds `settings.bind` (port 0 picks a free port).
    pub async fn build(mut settings: Settings) -> anyhow::Result<Application> {
        crate::listen::fds::fit(&mut settings.limits);
        let db = Db::connect(&settings.database_url).await?;
        let looks = crate::db::accounts::fill_username_looks(&db).await.context("filling in username looks")?;
        if looks > 0 {
            tracing::info!(looks, "usernames' looks filled in");
        }
        let listener = TcpListener::bind(settings.bind).await.with_context(|| format!("binding {}", settings.bind))?;
        let local_addr = listener.local_addr()?;
        let metrics = match settings.limits.metrics_bind {
            Some(addr) => {
                let l = TcpListener::bind(addr).await.with_context(|| format!("binding metrics on {addr}"))?;
                let bound = l.local_addr()?;
                Some((l, bound))
            }
            None => None,
        };
        let cluster = match settings.cluster.enabled() {
            false => None,
            true => {
                anyhow::ensure!(
                    matches!(db, Db::Pg(_)),
                    "cluster mode (GB_NATS_URL) needs PostgreSQL: SQLite stays single-node"
                );
                let addr = settings.cluster.node_addr.clone().unwrap_or_else(|| local_addr.to_string());
                let cluster = Arc::new(Cluster::new(settings.cluster.clone(), addr));
                crate::cluster::node::register(&db, &cluster).await.context("registering the node")?;
                Some(cluster)
            }
        };
        let shutdown = CancellationToken::new();
        let tracker = TaskTracker::new();
        let persist = Persist::spawn(db.clone(), &tracker, shutdown.clone());
        let login_throttle = Arc::new(LoginThrottle::new(&settings.limits));
        let addr_limits = Arc::new(AddrLimits::new(&settings.limits));
        let hashing = Arc::new(Hashing::new(&settings.limits));
        let c = &settings.cluster;
        let outage = Duration::from_millis(c.nats_outage_ms);
        // A dead owner's rooms are claimed once its lease expires and a sweep finds them; a second more for the
        // rebuild (docs/multi-node.md, "Owner announcements").
        let failover = Duration::from_millis(c.lease_ttl_ms + 2 * c.sweep_ms) + Duration::from_secs(1);
        let bus = crate::bus::Bus::start(c.nats_url.as_deref(), outage, failover, &tracker, shutdown.clone()).await;
        if cluster.is_some() {
            let (beat, ttl) = (Duration::from_millis(c.heartbeat_ms), Duration::from_millis(c.lease_ttl_ms));
            bus.age_relays(beat, ttl, &tracker, shutdown.clone());
        }
        let state = AppState {
            db,
            settings: Arc::new(settings),
            metrics: telemetry::metrics_handle(),
            shutdown,
            tracker,
            rooms: Rooms::default(),
            tournaments: Default::default(),
            persist,
            login_throttle,
            addr_limits,
            hashing,
            replays: Arc::new(ReplayCache::new(std::thread::available_parallelism().map_or(1, usize::from))),
            cluster,
            bus,
            api: |s| axum::Router::new().nest("/api", crate::api::router(s)).with_state(s.clone()),
        };
        if state.cluster.is_some() {
            // Cluster mode: rooms are not loaded blindly; each comes back through a claim (cluster/sweep.rs),
            // so two nodes never run one room. Rooms from single-node days get a lease row to be claimed by.
            let leased = crate::cluster::lease::lease_unleased(&state.db).await?;
            tracing::info!(leased, "rooms left to the orphan sweep");
            if let Some(cluster) = &state.cluster {
                state.bus.serve_lobby(state.rooms.clone(), cluster.clone(), &state.tracker, state.shutdown.clone());
            }
        } else {
            // Unfinished games come back at exactly their last accepted version before anyone can connect.
            let recovered = recover_rooms(&state.room_deps()).await?;
            tracing::info!(recovered, "rooms recovered");
        }
        // After the rooms, so each event finds its tables' rooms already running.
        let events = crate::tournament::recover(&state.tournament_deps()).await?;
        tracing::info!(events, "tournaments recovered");
        tracing::info!(addr = %local_addr, db = state.db.backend(), metrics = ?metrics.as_ref().map(|m| m.1), "gb-server bound");
        Ok(Application { listener, local_addr, metrics, state })
    }

    /// The port actually bound (useful when `bind` asked for port 0).
    pub fn port(&self) -> u16 {
        self.local_addr.port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Where `/metrics` is served, if anywhere.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().map(|m| m.1)
    }

    /// Cancel this token to stop the server gracefully.
    pub fn shutdown_token(&self) -> CancellationToken {
        self.state.shutdown.clone()
    }

    /// The shared state (database, settings, shutdown token, task tracker).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Resolves on SIGINT or SIGTERM, then stops the server; in cluster mode it drains the node first (hands
    /// its rooms to other nodes, cluster/drain.rs). `main` spawns this next to the server.
    pub fn stop_on_signal(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let token = self.state.shutdown.clone();
        let drain = self.state.cluster.clone().map(|c| (self.state.db.clone(), c));
        async move {
            if !signalled(&token).await {
                return;
            }
            if let Some((db, cluster)) = drain {
                crate::cluster::drain::drain(&db, &cluster).await;
            }
            token.cancel();
        }
    }

    /// Serves until the shutdown token is cancelled, then waits (bounded) for tracked tasks
    /// and closes the database pool.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        let Application { listener, metrics, state, .. } = self;
        let token = state.shutdown.clone();
        spawn_session_sweeper(&state);
        state.tracker.spawn(crate::queue::matcher(state.room_deps()));
        if let Some(cluster) = &state.cluster {
            let (db, token) = (state.db.clone(), state.shutdown.clone());
            state.tracker.spawn(crate::cluster::node::heartbeat(db, cluster.clone(), token));
            state.tracker.spawn(crate::room::adopt::sweep(state.room_deps(), cluster.clone()));
            state.tracker.spawn(crate::tournament::sweep(state.tournament_deps(), cluster.clone()));
        }
        let grace = Duration::from_secs(state.settings.shutdown_grace_secs);
        if let Some((metrics, _)) = metrics {
            let app = metrics_router(state.clone());
            state.tracker.spawn(async move {
                if let Err(e) = axum::serve(metrics, app).with_graceful_shutdown(token.cancelled_owned()).await {
                    tracing::error!(error = %e, "metrics listener failed");
                }
            });
        }
        let limits = &state.settings.limits;
        let conn_limits = ConnLimits::new(limits.max_connections, limits.max_connections_per_addr);
        let options =
            ListenOptions { header_read_timeout: Duration::from_secs(limits.header_read_timeout_secs), drain: grace };
        listen::serve(listener, router(state.clone()), conn_limits, options, state.shutdown.clone()).await;
        state.tracker.close();
        if tokio::time::timeout(grace, state.tracker.wait()).await.is_err() {
            tracing::warn!(remaining = state.tracker.len(), "shutdown grace period over; abandoning tasks");
        }
        state.db.close().await;
        tracing::info!("gb-server stopped");
        Ok(())
    }
}

/// Hourly cleanup of expired sessions, tracked so shutdown waits for it.
fn spawn_session_sweeper(state: &AppState) {
    let (db, token) = (state.db.clone(), state.shutdown.clone());
    state.tracker.spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(3600));
        loop {
            tokio::select! {
                _ = token.cancelled() => break,
                _ = tick.tick() => match crate::db::sessions::delete_expired(&db).await {
                    Ok(n) if n > 0 => tracing::info!(n, "expired sessions removed"),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "session sweep failed"),
                },
            }
        }
    });
}

/// Resolves on SIGINT or SIGTERM, then cancels `token`. `main` spawns this next to the server.
pub async fn cancel_on_signal(token: CancellationToken) {
    if signalled(&token).await {
        token.cancel();
    }
}

/// Waits for SIGINT or SIGTERM (true), or for the token to be cancelled otherwise (false).
async fn signalled(token: &CancellationToken) -> bool {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
        _ = token.cancelled() => return false,
    }
    tracing::info!("shutdown signal received");
    true
}
