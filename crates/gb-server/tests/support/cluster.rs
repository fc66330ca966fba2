//! Real `gb-server` processes in cluster mode on one fresh PostgreSQL database and the real NATS (issue #15,
//! docs/multi-node.md "Tests"): starting, signalling and restarting nodes, reading their metrics and the lease
//! directory, seating a room on its owner, and checking a match's log against what its clients were told
//! (tests/cluster/).
use crate::helpers::TestDb;
use crate::players::{SeatReport, owner_base};
use crate::process::{Server, free_port, start};
use crate::wsclient::{Guest, Ws, guest_at, join, try_resume};
use gb_server::Db;
use gb_server::cluster::{Owner, owner_of};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::time::{Duration, Instant};

pub(crate) const TTL: Duration = Duration::from_millis(2000);
pub(crate) const HEARTBEAT: Duration = Duration::from_millis(400);

/// One node: its process, addresses, and what it was started with (to restart it on the same ports).
pub(crate) struct Node {
    pub server: Server,
    pub base: String,
    pub metrics: String,
    port: u16,
    env: Vec<(String, String)>,
}

/// `n` nodes with the test timings (TTL 2000 / heartbeat 400 / sweep 200 ms), `extra` settings on top.
pub(crate) async fn start_nodes(db: &TestDb, n: usize, extra: &[(&str, &str)]) -> Vec<Node> {
    start_nodes_on(&db.url, n, extra).await
}

/// [`start_nodes`] on the database at `url` (a private PostgreSQL server, power_loss.rs).
pub(crate) async fn start_nodes_on(url: &str, n: usize, extra: &[(&str, &str)]) -> Vec<Node> {
    let mut nodes = Vec::new();
    for _ in 0..n {
        let (port, metrics_port) = (free_port(), free_port());
        let mut env: Vec<(String, String)> = [
            ("GB_NATS_URL", "nats://127.0.0.1:4222"),
            ("GB_LEASE_TTL_MS", "2000"),
            ("GB_HEARTBEAT_MS", "400"),
            ("GB_SWEEP_MS", "200"),
            ("GB_METRICS_BIND", &format!("127.0.0.1:{metrics_port}")),
            ("GB_ROOM_IDLE_SECS", "60"),
        ]
        .iter()
        .chain(extra)
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        env.push(("DATABASE_URL".into(), url.to_owned()));
        nodes.push(Node::start(port, env, format!("http://127.0.0.1:{metrics_port}")).await);
    }
    nodes
}

impl Node {
    async fn start(port: u16, env: Vec<(String, String)>, metrics: String) -> Node {
        let url = &env.iter().find(|(k, _)| k == "DATABASE_URL").expect("a database").1;
        let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let server = start(url, port, &pairs).await;
        Node { server, base: format!("http://127.0.0.1:{port}"), metrics, port, env }
    }

    /// SIGKILL, then a new process on the same ports (a new node id: node rows are never reused).
    pub(crate) async fn kill_and_restart(self) -> Node {
        let Node { server, port, env, metrics, .. } = self;
        server.sigkill().await;
        Node::start(port, env, metrics).await
    }

    /// A new process on the same ports once this one has died (power_loss.rs kills it with its database).
    pub(crate) async fn restart(self) -> Node {
        let Node { server, port, env, metrics, .. } = self;
        drop(server);
        Node::start(port, env, metrics).await
    }

    pub(crate) fn pid(&self) -> u32 {
        self.server.0.id().expect("running")
    }

    pub(crate) fn signal(&self, sig: &str) {
        let pid = self.server.0.id().expect("running").to_string();
        let ok = std::process::Command::new("kill").args([sig, &pid]).status().unwrap().success();
        assert!(ok, "kill {sig} {pid}");
    }

    /// The sum of a metric's samples on the node's `/metrics` (0 if absent).
    pub(crate) async fn metric(&self, name: &str) -> f64 {
        self.samples(name, |labels| labels.starts_with([' ', '{'])).await
    }

    /// [`Node::metric`] over the samples whose labels hold `label` (`reason="handover"`).
    pub(crate) async fn metric_with(&self, name: &str, label: &str) -> f64 {
        self.samples(name, |labels| labels.starts_with('{') && labels.contains(label)).await
    }

    /// The sum of `name`'s samples whose rest of the line (labels, value) `keep` accepts.
    async fn samples(&self, name: &str, keep: impl Fn(&str) -> bool) -> f64 {
        let text = reqwest::get(format!("{}/metrics", self.metrics)).await.unwrap().text().await.unwrap();
        text.lines()
            .filter(|l| l.strip_prefix(name).is_some_and(&keep))
            .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
            .fold(0.0, |a, b| a + b)
    }

    pub(crate) async fn rooms_owned(&self) -> Option<u64> {
        let h: Value = reqwest::get(format!("{}/healthz", self.base)).await.ok()?.json().await.ok()?;
        h["rooms_owned"].as_u64()
    }
}

/// Waits (up to `within`) for the room to have a live owner with an epoch above `after`.
pub(crate) async fn owner_after(store: &Db, room: &str, after: i64, within: Duration) -> Option<Owner> {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Ok(Some(o)) = owner_of(store, room).await
            && o.epoch > after
        {
            return Some(o);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

/// A seat's socket on the room's current owner. A claim is in the lease row a moment before the rebuilt room
/// is registered on its node, so a client retries as real ones do.
pub(crate) async fn connect_owner(store: &Db, room: &str, cookie: &str) -> (String, Ws, Value) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let base = owner_base(store, room).await.expect("an owner");
        if let Ok((ws, welcome)) = try_resume(&base, room, Some(cookie), "player", Default::default()).await {
            return (base, ws, welcome);
        }
        assert!(Instant::now() < deadline, "the owner serves the room");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub(crate) fn index_of(nodes: &[Node], base: &str) -> usize {
    nodes.iter().position(|n| n.base == base).expect("the owner is one of ours")
}

/// A room created by `host` on `creator` (placed wherever placement says), once claimed; returns it and its
/// owner's base URL.
pub(crate) async fn create_room(
    store: &Db,
    creator: &Node,
    host: &Guest,
    best_of: u8,
    clock: Value,
) -> (String, String) {
    let body =
        json!({ "visibility": "public", "best_of": best_of, "spectator_delay": null, "clock": clock, "vs_bot": false });
    create_room_with(store, creator, host, body).await
}

/// [`create_room`] with the whole `POST /api/rooms` body (a spectator delay, a computer seat).
pub(crate) async fn create_room_with(store: &Db, creator: &Node, host: &Guest, body: Value) -> (String, String) {
    let r = host.client.post(format!("{}/api/rooms", creator.base)).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let room = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    owner_after(store, &room, 0, Duration::from_secs(3)).await.expect("the placed node claims the new room");
    let base = owner_base(store, &room).await.unwrap();
    served(&base, &room).await;
    (room, base)
}

/// A room created on `creator` with `clock`, both seats taken on its owner. Returns the room, its seats and its
/// owner's base URL.
pub(crate) async fn seated(store: &Db, creator: &Node, clock: Value) -> (String, [Guest; 2], String) {
    let a = guest_at(&creator.base, "Ann").await;
    let b = guest_at(&creator.base, "Bob").await;
    let (room, base) = create_room(store, creator, &a, 1, clock).await;
    assert_eq!(join(&base, &a, &room, "fire-and-wind").await, "A");
    assert_eq!(join(&base, &b, &room, "tide-and-stone").await, "B");
    (room, [a, b], base)
}

/// Waits until the room's owner has it in memory: a claim is in the lease row a moment before the rebuilt room
/// is registered on its node (404 until then).
pub(crate) async fn served(base: &str, room: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while reqwest::get(format!("{base}/api/rooms/{room}")).await.unwrap().status() != 200 {
        assert!(Instant::now() < deadline, "the owner serves the room");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `GET url` with `client` (a guest's, for its session, or any); asserts 200 and returns the JSON body.
pub(crate) async fn get_json(client: &reqwest::Client, url: &str) -> Value {
    let r = client.get(url).send().await.unwrap();
    assert_eq!(r.status(), 200, "GET {url}");
    r.json().await.unwrap()
}

pub(crate) async fn match_id(base: &str, room: &str) -> String {
    let info = get_json(&reqwest::Client::new(), &format!("{base}/api/rooms/{room}")).await;
    info["games"][0]["match_id"].as_str().unwrap().to_owned()
}

/// `(version, seat, intent_json, epoch, intent_key)`
pub(crate) type LogRow = (i64, i64, String, i64, Option<String>);

pub(crate) async fn log(store: &Db, match_id: &str) -> Vec<LogRow> {
    let Db::Pg(pool) = store else { unreachable!() };
    sqlx::query_as(
        "SELECT version, seat, intent_json, epoch, intent_key FROM match_intents WHERE match_id = $1 ORDER BY version",
    )
    .bind(match_id)
    .fetch_all(pool)
    .await
    .unwrap()
}

pub(crate) async fn wait_rows(store: &Db, match_id: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while log(store, match_id).await.len() < n {
        assert!(Instant::now() < deadline, "the match did not reach {n} versions");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// I1 (every acknowledged intent is in the log at its version, from its seat), I2 (versions 1..N, epochs never
/// decreasing), I6 (no `intent_key` twice) and no version acknowledged twice; returns the epochs seen in the log.
pub(crate) async fn check_log(store: &Db, match_id: &str, reports: &[SeatReport]) -> Vec<i64> {
    let rows = log(store, match_id).await;
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.0, i as i64 + 1, "I2: versions 1..N without a gap");
    }
    assert!(rows.windows(2).all(|w| w[0].3 <= w[1].3), "I2: the epoch never decreases as the version grows");
    let keys: Vec<&String> = rows.iter().filter_map(|r| r.4.as_ref()).collect();
    assert_eq!(keys.len(), keys.iter().collect::<HashSet<_>>().len(), "I6: no intent_key twice");
    let mut versions = HashSet::new();
    for (seat, report) in reports.iter().enumerate() {
        for ack in &report.acks {
            assert!(versions.insert(ack.v), "version {} acknowledged twice", ack.v);
            let row = rows.get(ack.v as usize - 1).expect("I1: an acknowledged version is in the log");
            assert_eq!(row.1, seat as i64, "I1: the acknowledged seat wrote version {}", ack.v);
            let logged: gb_core::Intent = serde_json::from_str(&row.2).unwrap();
            let sent: gb_core::Intent = serde_json::from_value(ack.intent.clone()).unwrap();
            assert_eq!(logged, sent, "I1: version {} is the acknowledged intent", ack.v);
        }
    }
    let mut epochs: Vec<i64> = rows.iter().map(|r| r.3).collect();
    epochs.dedup();
    epochs
}
