//! Server settings: command-line flags with environment-variable fallbacks (clap).
use clap::Parser;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Everything the server needs to start. Parsed from flags/env in `main`, built by hand in tests.
#[derive(Clone, Debug, Parser)]
#[command(name = "gb-server", about = "Gem Blenders Online server")]
pub struct Settings {
    /// Address to listen on; port 0 picks a free port (tests).
    #[arg(long, env = "GB_BIND", default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// `sqlite://path?mode=rwc` or `postgres://user@host/db`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/gb.sqlite?mode=rwc")]
    pub database_url: String,

    /// Built web client, served at `/` when the directory exists.
    #[arg(long, env = "GB_STATIC_DIR", default_value = "web-client/dist")]
    pub static_dir: PathBuf,

    /// Extra origins (e.g. `https://play.example.com`) allowed for browser requests
    /// besides the server's own host. Comma-separated in the env variable.
    #[arg(long = "allowed-origin", env = "GB_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,

    /// Largest request body accepted, in bytes. Deck lists are a few KiB.
    #[arg(long, env = "GB_MAX_BODY_BYTES", default_value_t = 64 * 1024)]
    pub max_body_bytes: usize,

    /// Per-request timeout for plain HTTP handlers, in seconds.
    #[arg(long, env = "GB_REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,

    /// Mark the session cookie `Secure`; set it when served over HTTPS.
    #[arg(long, env = "GB_SECURE_COOKIES", default_value_t = false)]
    pub secure_cookies: bool,

    /// How long in-flight background tasks (WebSockets) get to finish on shutdown, in seconds.
    #[arg(long, env = "GB_SHUTDOWN_GRACE_SECS", default_value_t = 10)]
    pub shutdown_grace_secs: u64,

    /// Frames kept per viewer kind for reconnects; a client further behind gets a snapshot (and the game's
    /// history, so its log loses nothing). Each kept frame is a delta (a few hundred bytes, BENCHMARKS.md).
    #[arg(long, env = "GB_STREAM_HISTORY", default_value_t = 16)]
    pub stream_history: usize,

    /// Outgoing frames queued per socket before the client counts as too slow and is dropped.
    #[arg(long, env = "GB_WS_QUEUE", default_value_t = 64)]
    pub ws_queue: usize,

    /// Client messages per second allowed per socket (sustained), and the burst above it (close 1008 beyond).
    #[arg(long, env = "GB_WS_RATE", default_value_t = 20)]
    pub ws_rate_per_sec: u32,
    #[arg(long, env = "GB_WS_BURST", default_value_t = 40)]
    pub ws_burst: u32,

    /// How long the computer opponent thinks before each intent, in milliseconds.
    #[arg(long, env = "GB_BOT_THINK_MS", default_value_t = 300)]
    pub bot_think_ms: u64,

    /// Threads of the async runtime; 0 means one per core. Rooms, sockets and the database writer all hand
    /// work to each other, so fewer threads mean fewer cross-thread wake-ups (see BENCHMARKS.md).
    #[arg(long, env = "GB_WORKER_THREADS", default_value_t = 0)]
    pub worker_threads: usize,

    /// Seconds a room without a game in progress and without viewers stays in memory (it stays in the database).
    #[arg(long, env = "GB_ROOM_IDLE_SECS", default_value_t = 3600)]
    pub room_idle_secs: u64,

    /// Seconds a player may be disconnected mid-game before the opponent may claim the win (room/leaving.rs).
    #[arg(long, env = "GB_LEAVE_GRACE_SECS", default_value_t = 60)]
    pub leave_grace_secs: u64,

    #[command(flatten)]
    pub limits: Limits,

    #[command(flatten)]
    pub cluster: ClusterSettings,
}

/// Several nodes against one PostgreSQL (docs/multi-node.md). Unset `nats_url` = a single node, as before.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct ClusterSettings {
    /// `nats://host:4222`: turns on cluster mode (room leases in PostgreSQL, traffic between nodes over NATS).
    /// SQLite refuses it.
    #[arg(long, env = "GB_NATS_URL")]
    pub nats_url: Option<String>,

    /// The address other nodes and operators know this node by (defaults to the bound address).
    #[arg(long, env = "GB_NODE_ADDR")]
    pub node_addr: Option<String>,

    /// A node's lease: rooms of a node that has not renewed it for this long are claimed by others.
    #[arg(long, env = "GB_LEASE_TTL_MS", default_value_t = 5000)]
    pub lease_ttl_ms: u64,

    /// How often a node renews its lease.
    #[arg(long, env = "GB_HEARTBEAT_MS", default_value_t = 1000)]
    pub heartbeat_ms: u64,

    /// How often a node looks for rooms without a live owner.
    #[arg(long, env = "GB_SWEEP_MS", default_value_t = 250)]
    pub sweep_ms: u64,

    /// Rooms a node takes before it counts as full (placement divides by it).
    #[arg(long, env = "GB_NODE_CAPACITY", default_value_t = 1000)]
    pub capacity: i32,

    /// How long a node rides out a lost NATS connection: relayed sockets are told `unavailable` and closed with
    /// 1012 once it has been down this long (their clients reconnect elsewhere); a shorter outage ends with a
    /// resync by version. The node's own rooms run on regardless.
    #[arg(long, env = "GB_NATS_OUTAGE_MS", default_value_t = 5000)]
    pub nats_outage_ms: u64,

    /// Test only: never stop a room on the node's own say-so (lost heartbeat, local lease timer), so the
    /// database fence alone refuses a deposed owner's appends (the split-brain test's second path).
    #[arg(long, env = "GB_TEST_NO_SELF_FENCE", hide = true, value_parser = clap::builder::BoolishValueParser::new())]
    pub test_no_self_fence: bool,
}

impl ClusterSettings {
    pub fn enabled(&self) -> bool {
        self.nats_url.is_some()
    }
}

/// Abuse limits: slow or hoarding clients, password guessing, room hoarding (docs/limits.md).
#[derive(Clone, Debug, clap::Args)]
pub struct Limits {
    /// Seconds a connection gets to send a request's headers (also how long an idle keep-alive connection
    /// stays open); slower clients are cut off (slowloris).
    #[arg(long, env = "GB_HEADER_READ_TIMEOUT_SECS", default_value_t = default::HEADER_READ_TIMEOUT_SECS)]
    pub header_read_timeout_secs: u64,

    /// Open connections (HTTP and WebSocket) the server holds at once; beyond it new ones get a 503 and are
    /// closed. Keep it below the process's file descriptor limit.
    #[arg(long, env = "GB_MAX_CONNECTIONS", default_value_t = default::MAX_CONNECTIONS)]
    pub max_connections: usize,

    /// Open connections one client address may hold. Behind a reverse proxy every client has the proxy's
    /// address: raise it to `max_connections` there and let the proxy limit per client.
    #[arg(long, env = "GB_MAX_CONNECTIONS_PER_ADDR", default_value_t = default::MAX_CONNECTIONS_PER_ADDR)]
    pub max_connections_per_addr: usize,

    /// Login attempts per account: a burst, then one more every `login_account_refill_secs` (429 with
    /// Retry-After beyond).
    #[arg(long, env = "GB_LOGIN_ACCOUNT_BURST", default_value_t = default::LOGIN_ACCOUNT_BURST)]
    pub login_account_burst: u32,
    #[arg(long, env = "GB_LOGIN_ACCOUNT_REFILL_SECS", default_value_t = default::LOGIN_ACCOUNT_REFILL_SECS)]
    pub login_account_refill_secs: u64,

    /// Login attempts per client address (any accounts): a burst, then one more every
    /// `login_addr_refill_secs`.
    #[arg(long, env = "GB_LOGIN_ADDR_BURST", default_value_t = default::LOGIN_ADDR_BURST)]
    pub login_addr_burst: u32,
    #[arg(long, env = "GB_LOGIN_ADDR_REFILL_SECS", default_value_t = default::LOGIN_ADDR_REFILL_SECS)]
    pub login_addr_refill_secs: u64,

    /// Rooms one account may have open (created, not finished) at once.
    #[arg(long, env = "GB_MAX_OPEN_ROOMS", default_value_t = default::MAX_OPEN_ROOMS)]
    pub max_open_rooms: u32,

    /// Seconds a WebSocket gets, once upgraded, to send its `hello` (close 4001 beyond).
    #[arg(long, env = "GB_WS_HELLO_TIMEOUT_SECS", default_value_t = default::WS_HELLO_TIMEOUT_SECS)]
    pub ws_hello_timeout_secs: u64,

    /// Seconds a greeted WebSocket may stay silent (close 4002 beyond). Any message counts, so a client's
    /// `ping` (the web client sends one every 25 s) keeps a quiet spectator connected.
    #[arg(long, env = "GB_WS_IDLE_TIMEOUT_SECS", default_value_t = default::WS_IDLE_TIMEOUT_SECS)]
    pub ws_idle_timeout_secs: u64,

    /// Milliseconds between two presence announcements (`room` frames for a viewer connecting or leaving) in
    /// one room: under connection churn, the changes within an interval go out as one frame at its end.
    #[arg(long, env = "GB_PRESENCE_INTERVAL_MS", default_value_t = default::PRESENCE_INTERVAL_MS)]
    pub presence_interval_ms: u64,

    /// WebSocket opens per client address: a burst, then `ws_opens_per_addr_per_sec` more each second
    /// (429 `too_many_connects` beyond, before the upgrade).
    #[arg(long, env = "GB_WS_OPENS_PER_ADDR_BURST", default_value_t = default::WS_OPENS_PER_ADDR_BURST)]
    pub ws_opens_per_addr_burst: u32,
    #[arg(long, env = "GB_WS_OPENS_PER_ADDR_PER_SEC", default_value_t = default::WS_OPENS_PER_ADDR_PER_SEC)]
    pub ws_opens_per_addr_per_sec: u32,

    /// Sign-ups (`POST /api/register` without a session, and a guest's upgrade) per client address: a burst,
    /// then one more every `register_addr_refill_secs` (429 `too_many_signups` beyond). Every call counts, a
    /// taken username too, so names cannot be probed at speed.
    #[arg(long, env = "GB_REGISTER_ADDR_BURST", default_value_t = default::REGISTER_ADDR_BURST)]
    pub register_addr_burst: u32,
    #[arg(long, env = "GB_REGISTER_ADDR_REFILL_SECS", default_value_t = default::REGISTER_ADDR_REFILL_SECS)]
    pub register_addr_refill_secs: u64,

    /// Guest accounts per client address: a burst, then one more every `guest_addr_refill_secs` (429
    /// `too_many_signups` beyond), so guests cannot multiply the per-account quotas.
    #[arg(long, env = "GB_GUEST_ADDR_BURST", default_value_t = default::GUEST_ADDR_BURST)]
    pub guest_addr_burst: u32,
    #[arg(long, env = "GB_GUEST_ADDR_REFILL_SECS", default_value_t = default::GUEST_ADDR_REFILL_SECS)]
    pub guest_addr_refill_secs: u64,

    /// Password hashes (Argon2id, sign-up and login) computed at once; 0 means half the cores, at least one.
    /// The rest of the cores stay with the games.
    #[arg(long, env = "GB_HASH_WORKERS", default_value_t = 0)]
    pub hash_workers: usize,

    /// Password hashes that may wait for a worker; beyond, the call is answered 503 `busy` at once.
    #[arg(long, env = "GB_HASH_QUEUE", default_value_t = default::HASH_QUEUE)]
    pub hash_queue: usize,

    /// File descriptors kept for everything but client connections (database, NATS, files, the refused
    /// sockets held for their 503): `max_connections` is lowered at start to the descriptor limit less this.
    #[arg(long, env = "GB_FD_RESERVE", default_value_t = default::FD_RESERVE)]
    pub fd_reserve: usize,

    /// Tournaments one registered account may have that are not finished; guests get `max_open_events_guest`.
    #[arg(long, env = "GB_MAX_OPEN_EVENTS", default_value_t = default::MAX_OPEN_EVENTS)]
    pub max_open_events: u32,
    #[arg(long, env = "GB_MAX_OPEN_EVENTS_GUEST", default_value_t = default::MAX_OPEN_EVENTS_GUEST)]
    pub max_open_events_guest: u32,

    /// Replay requests per client address: a burst, then one more every `replay_addr_refill_ms` (429
    /// `too_many_replays` beyond).
    #[arg(long, env = "GB_REPLAY_ADDR_BURST", default_value_t = default::REPLAY_ADDR_BURST)]
    pub replay_addr_burst: u32,
    #[arg(long, env = "GB_REPLAY_ADDR_REFILL_MS", default_value_t = default::REPLAY_ADDR_REFILL_MS)]
    pub replay_addr_refill_ms: u64,

    /// Where to serve Prometheus `/metrics` (e.g. `127.0.0.1:9100`); unset, metrics are not served at all.
    /// Never on the public listener: the live intent counts would undo the spectator delay.
    #[arg(long, env = "GB_METRICS_BIND")]
    pub metrics_bind: Option<SocketAddr>,
}

/// The limits' defaults, shared by the flags and `Limits::default` (tests).
mod default {
    pub(super) const HEADER_READ_TIMEOUT_SECS: u64 = 10;
    pub(super) const MAX_CONNECTIONS: usize = 8192;
    pub(super) const MAX_CONNECTIONS_PER_ADDR: usize = 256;
    pub(super) const LOGIN_ACCOUNT_BURST: u32 = 5;
    pub(super) const LOGIN_ACCOUNT_REFILL_SECS: u64 = 30;
    pub(super) const LOGIN_ADDR_BURST: u32 = 20;
    pub(super) const LOGIN_ADDR_REFILL_SECS: u64 = 3;
    pub(super) const MAX_OPEN_ROOMS: u32 = 5;
    pub(super) const WS_HELLO_TIMEOUT_SECS: u64 = 10;
    pub(super) const WS_IDLE_TIMEOUT_SECS: u64 = 75;
    pub(super) const PRESENCE_INTERVAL_MS: u64 = 500;
    pub(super) const WS_OPENS_PER_ADDR_BURST: u32 = 120;
    pub(super) const WS_OPENS_PER_ADDR_PER_SEC: u32 = 10;
    pub(super) const REGISTER_ADDR_BURST: u32 = 5;
    pub(super) const REGISTER_ADDR_REFILL_SECS: u64 = 60;
    pub(super) const GUEST_ADDR_BURST: u32 = 10;
    pub(super) const GUEST_ADDR_REFILL_SECS: u64 = 120;
    pub(super) const HASH_QUEUE: usize = 16;
    pub(super) const FD_RESERVE: usize = 256;
    pub(super) const MAX_OPEN_EVENTS: u32 = 3;
    pub(super) const MAX_OPEN_EVENTS_GUEST: u32 = 1;
    pub(super) const REPLAY_ADDR_BURST: u32 = 20;
    pub(super) const REPLAY_ADDR_REFILL_MS: u64 = 2000;
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_read_timeout_secs: default::HEADER_READ_TIMEOUT_SECS,
            max_connections: default::MAX_CONNECTIONS,
            max_connections_per_addr: default::MAX_CONNECTIONS_PER_ADDR,
            login_account_burst: default::LOGIN_ACCOUNT_BURST,
            login_account_refill_secs: default::LOGIN_ACCOUNT_REFILL_SECS,
            login_addr_burst: default::LOGIN_ADDR_BURST,
            login_addr_refill_secs: default::LOGIN_ADDR_REFILL_SECS,
            max_open_rooms: default::MAX_OPEN_ROOMS,
            ws_hello_timeout_secs: default::WS_HELLO_TIMEOUT_SECS,
            ws_idle_timeout_secs: default::WS_IDLE_TIMEOUT_SECS,
            presence_interval_ms: default::PRESENCE_INTERVAL_MS,
            ws_opens_per_addr_burst: default::WS_OPENS_PER_ADDR_BURST,
            ws_opens_per_addr_per_sec: default::WS_OPENS_PER_ADDR_PER_SEC,
            register_addr_burst: default::REGISTER_ADDR_BURST,
            register_addr_refill_secs: default::REGISTER_ADDR_REFILL_SECS,
            guest_addr_burst: default::GUEST_ADDR_BURST,
            guest_addr_refill_secs: default::GUEST_ADDR_REFILL_SECS,
            hash_workers: 0,
            hash_queue: default::HASH_QUEUE,
            fd_reserve: default::FD_RESERVE,
            max_open_events: default::MAX_OPEN_EVENTS,
            max_open_events_guest: default::MAX_OPEN_EVENTS_GUEST,
            replay_addr_burst: default::REPLAY_ADDR_BURST,
            replay_addr_refill_ms: default::REPLAY_ADDR_REFILL_MS,
            metrics_bind: None,
        }
    }
}

impl Settings {
    /// Defaults suitable for tests and embedding: a given database, a free port on loopback,
    /// no static files. Ignores the environment so tests are not steered by the shell.
    pub fn local(database_url: impl Into<String>) -> Settings {
        Settings {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: database_url.into(),
            static_dir: PathBuf::from("/nonexistent-gb-static"),
            allowed_origins: Vec::new(),
            max_body_bytes: 64 * 1024,
            request_timeout_secs: 30,
            secure_cookies: false,
            shutdown_grace_secs: 5,
            stream_history: 16,
            ws_queue: 64,
            ws_rate_per_sec: 20,
            ws_burst: 40,
            bot_think_ms: 20,
            room_idle_secs: 3600,
            leave_grace_secs: 60,
            worker_threads: 0,
            // Metrics on their own free loopback port, as a deployment would (not on the public listener).
            limits: Limits { metrics_bind: Some(SocketAddr::from(([127, 0, 0, 1], 0))), ..Limits::default() },
            cluster: ClusterSettings {
                lease_ttl_ms: 5000,
                heartbeat_ms: 1000,
                sweep_ms: 250,
                capacity: 1000,
                nats_outage_ms: 5000,
                ..Default::default()
            },
        }
    }
}
