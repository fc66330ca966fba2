//! Three real `gb-server` processes against one fresh PostgreSQL database in cluster mode (issue #15,
//! docs/multi-node.md "Tests"): failover after SIGKILL, split brain under SIGSTOP (with and without the node's
//! self-fence), drain on SIGTERM. Until relays exist, clients connect to the room's owner (its lease row).
//! After each match: every acknowledged intent is in the log at its version (I1), versions have no gap and
//! epochs never decrease as versions grow (I2), no acknowledged version twice, no `intent_key` twice (I6).
#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "support/players.rs"]
mod players;
#[allow(dead_code)]
#[path = "support/process.rs"]
mod process;
#[allow(dead_code)]
#[path = "api/wsclient.rs"]
mod wsclient;

use gb_server::Db;
use gb_server::cluster::{Owner, owner_of};
use helpers::{Backend, TestDb, test_database};
use players::{Player, SeatReport, Target, owner_base, play_seat, watch};
use process::{Server, free_port, start};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};
use wsclient::{Guest, Lcg, Ws, advance, choose, connect, guest_at, join, try_resume};

const TTL: Duration = Duration::from_millis(2000);

/// One cluster of three processes at a time: these tests measure lease timings (a heartbeat within 400 ms),
/// which eighteen processes on a two-core machine would turn into self-fences.
static ONE_CLUSTER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
const HEARTBEAT: Duration = Duration::from_millis(400);

struct Node {
    server: Server,
    base: String,
    metrics: String,
}

async fn start_nodes(db: &TestDb, n: usize, extra: &[(&str, &str)]) -> Vec<Node> {
    let mut nodes = Vec::new();
    for _ in 0..n {
        let (port, metrics_port) = (free_port(), free_port());
        let metrics_bind = format!("127.0.0.1:{metrics_port}");
        let mut env = vec![
            ("GB_NATS_URL", "nats://127.0.0.1:4222"),
            ("GB_LEASE_TTL_MS", "2000"),
            ("GB_HEARTBEAT_MS", "400"),
            ("GB_SWEEP_MS", "200"),
            ("GB_METRICS_BIND", metrics_bind.as_str()),
            ("GB_ROOM_IDLE_SECS", "60"),
        ];
        env.extend_from_slice(extra);
        let server = start(&db.url, port, &env).await;
        nodes.push(Node {
            server,
            base: format!("http://127.0.0.1:{port}"),
            metrics: format!("http://127.0.0.1:{metrics_port}"),
        });
    }
    nodes
}

fn signal(node: &Node, sig: &str) {
    let pid = node.server.0.id().expect("running").to_string();
    let ok = std::process::Command::new("kill").args([sig, &pid]).status().unwrap().success();
    assert!(ok, "kill {sig} {pid}");
}

/// The sum of a metric's samples on a node's `/metrics` (0 if absent).
async fn metric(node: &Node, name: &str) -> f64 {
    let text = reqwest::get(format!("{}/metrics", node.metrics)).await.unwrap().text().await.unwrap();
    text.lines()
        .filter(|l| l.strip_prefix(name).is_some_and(|rest| rest.starts_with([' ', '{'])))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .fold(0.0, |a, b| a + b)
}

async fn rooms_owned(node: &Node) -> Option<u64> {
    let h: Value = reqwest::get(format!("{}/healthz", node.base)).await.ok()?.json().await.ok()?;
    h["rooms_owned"].as_u64()
}

/// Waits (up to `within`) for the room to have a live owner with an epoch above `after`.
async fn owner_after(store: &Db, room: &str, after: i64, within: Duration) -> Option<Owner> {
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
async fn connect_owner(store: &Db, room: &str, cookie: &str) -> (String, Ws, Value) {
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

fn index_of(nodes: &[Node], base: &str) -> usize {
    nodes.iter().position(|n| n.base == base).expect("the owner is one of ours")
}

/// A room created on node 0 (placed wherever placement says), both seats taken on its owner.
async fn seated(store: &Db, nodes: &[Node], clock: Value) -> (String, [Guest; 2], String) {
    let a = guest_at(&nodes[0].base, "Ann").await;
    let b = guest_at(&nodes[0].base, "Bob").await;
    let body =
        json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": clock, "vs_bot": false });
    let r = a.client.post(format!("{}/api/rooms", nodes[0].base)).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201);
    let room = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    owner_after(store, &room, 0, Duration::from_secs(3)).await.expect("the placed node claims the new room");
    let base = owner_base(store, &room).await.unwrap();
    assert_eq!(join(&base, &a, &room, "fire-and-wind").await, "A");
    assert_eq!(join(&base, &b, &room, "tide-and-stone").await, "B");
    (room, [a, b], base)
}

async fn match_id(base: &str, room: &str) -> String {
    let info: Value = reqwest::get(format!("{base}/api/rooms/{room}")).await.unwrap().json().await.unwrap();
    info["games"][0]["match_id"].as_str().unwrap().to_owned()
}

type LogRow = (i64, i64, String, i64, Option<String>);

async fn log(store: &Db, match_id: &str) -> Vec<LogRow> {
    let Db::Pg(pool) = store else { unreachable!() };
    sqlx::query_as(
        "SELECT version, seat, intent_json, epoch, intent_key FROM match_intents WHERE match_id = $1 ORDER BY version",
    )
    .bind(match_id)
    .fetch_all(pool)
    .await
    .unwrap()
}

async fn wait_rows(store: &Db, match_id: &str, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while log(store, match_id).await.len() < n {
        assert!(Instant::now() < deadline, "the match did not reach {n} versions");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// I1, I2, I6 and no duplicated acknowledgement; returns the epochs seen in the log.
async fn check_log(store: &Db, match_id: &str, reports: &[SeatReport]) -> Vec<i64> {
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

/// Both seats and a spectator, following the owner across failures until the match ends.
fn spawn_play(
    store: &Db,
    room: &str,
    seats: &[Guest; 2],
) -> ([tokio::task::JoinHandle<SeatReport>; 2], tokio::task::JoinHandle<u32>) {
    let until = Instant::now() + Duration::from_secs(120);
    let target = Target::Owner(store.clone());
    let players = [0u64, 1].map(|i| {
        let me = Player { rng: Lcg(40 + i), think: Duration::from_millis(60), max: 40, seq: 0, sent: HashMap::new() };
        tokio::spawn(play_seat(target.clone(), room.to_owned(), seats[i as usize].cookie.clone(), me, until))
    });
    let spectator = tokio::spawn(watch(target, room.to_owned(), until));
    (players, spectator)
}

async fn finish(
    store: &Db,
    match_id: &str,
    play: ([tokio::task::JoinHandle<SeatReport>; 2], tokio::task::JoinHandle<u32>),
) -> (Vec<SeatReport>, Vec<i64>) {
    let (players, spectator) = play;
    let mut reports = Vec::new();
    for p in players {
        reports.push(p.await.unwrap());
    }
    assert!(reports.iter().all(|r| r.finished), "both seats saw the match end");
    assert_eq!(spectator.await.unwrap(), 0, "the spectator never went backwards");
    let epochs = check_log(store, match_id, &reports).await;
    (reports, epochs)
}

/// Three nodes on a fresh database and a clocked match under way on them (its seats and a spectator following
/// the owner), `rows` intents into its log. Bind every field: the cluster lock and the database live as long as
/// their bindings.
struct UnderWay {
    _one: tokio::sync::MutexGuard<'static, ()>,
    _db: TestDb,
    store: Db,
    nodes: Vec<Node>,
    room: String,
    base: String,
    match_id: String,
    play: ([tokio::task::JoinHandle<SeatReport>; 2], tokio::task::JoinHandle<u32>),
}

async fn under_way(rows: usize) -> UnderWay {
    let one = ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let nodes = start_nodes(&db, 3, &[]).await;
    let clock = json!({ "type": "chess", "initial_ms": 600000, "increment_ms": 0, "disconnect_bank_ms": 120000 });
    let (room, seats, base) = seated(&store, &nodes, clock).await;
    let match_id = match_id(&base, &room).await;
    let play = spawn_play(&store, &room, &seats);
    wait_rows(&store, &match_id, rows).await;
    UnderWay { _one: one, _db: db, store, nodes, room, base, match_id, play }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failover_after_sigkill() {
    let UnderWay { _one, _db, store, mut nodes, room, base, match_id, play } = under_way(8).await;

    let before = owner_of(&store, &room).await.unwrap().unwrap();
    let dead = nodes.remove(index_of(&nodes, &base));
    let killed = Instant::now();
    dead.server.sigkill().await;
    let after =
        owner_after(&store, &room, before.epoch, TTL + Duration::from_secs(3)).await.expect("a survivor claims");
    let took = killed.elapsed();
    println!("failover: claimed at epoch {} {:?} after the SIGKILL", after.epoch, took);
    assert!(took <= TTL + Duration::from_secs(1), "claimed within TTL + 1 s, took {took:?}");
    assert_ne!(after.node, before.node);

    let (reports, epochs) = finish(&store, &match_id, play).await;
    assert!(epochs.len() >= 2, "the log spans the old and the new owner: {epochs:?}");
    assert!(reports.iter().all(|r| r.connects >= 2), "each seat reconnected to the new owner");
    let claimer = &nodes[index_of(&nodes, &owner_base(&store, &room).await.unwrap())];
    assert!(
        metric(claimer, "gb_room_claims_total").await >= 2.0
            || metric(claimer, "gb_takeover_seconds_count").await >= 1.0
    );
}

/// SIGSTOP the owner past its lease; a survivor claims; SIGCONT: the old owner never appends again, and stands
/// down (by its database fence, or first by its own self-fence) within a heartbeat or so.
async fn split_brain(no_self_fence: bool) {
    let _one = ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let extra: &[(&str, &str)] = if no_self_fence { &[("GB_TEST_NO_SELF_FENCE", "1")] } else { &[] };
    let nodes = start_nodes(&db, 3, extra).await;
    let (room, [a, b], base) = seated(&store, &nodes, Value::Null).await;
    let match_id = match_id(&base, &room).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    advance([&mut wa, &mut wb], &mut last, &mut Lcg(5), 4).await;

    let zombie = &nodes[index_of(&nodes, &base)];
    let before = owner_of(&store, &room).await.unwrap().unwrap();
    signal(zombie, "-STOP");
    let after = owner_after(&store, &room, before.epoch, TTL * 3).await;
    let at_claim = log(&store, &match_id).await.len();
    signal(zombie, "-CONT");
    let after = after.expect("a survivor claims the stopped owner's room");
    assert_eq!(after.epoch, before.epoch + 1);

    // The seat that owes acts on the zombie's socket at once: its append must not land.
    let resumed = Instant::now();
    let owes = usize::from(choose(&last[0], &mut Lcg(0)).is_none());
    let ws: &mut Ws = if owes == 0 { &mut wa } else { &mut wb };
    let intent = choose(&last[owes], &mut Lcg(9)).expect("someone owes");
    ws.send_raw(tokio_tungstenite::tungstenite::Message::Text(
        json!({ "type": "intent", "seq": 99, "intent": intent }).to_string().into(),
    ))
    .await;
    let mut accepted = false;
    while let Ok(Some(m)) = ws.next_within(Duration::from_secs(5)).await {
        accepted |= m["type"] == "accepted";
    }
    assert!(!accepted, "a deposed owner acknowledged an intent");

    let mut stood_down = None;
    while resumed.elapsed() < Duration::from_secs(3) {
        if rooms_owned(zombie).await == Some(0) {
            stood_down = Some(resumed.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let stood_down = stood_down.expect("the old owner stands down");
    let fenced = metric(zombie, "gb_append_fenced_total").await;
    let self_fenced = metric(zombie, "gb_self_fenced_total").await;
    println!(
        "split brain (no_self_fence={no_self_fence}): owns 0 rooms {stood_down:?} after SIGCONT; fenced appends {fenced}, self-fences {self_fenced}"
    );
    assert!(stood_down <= HEARTBEAT + Duration::from_millis(600), "0 rooms within about a heartbeat: {stood_down:?}");
    if no_self_fence {
        assert!(fenced >= 1.0, "the stale append was refused by the fence");
    } else {
        assert!(fenced >= 1.0 || self_fenced >= 1.0, "fenced or self-fenced");
    }
    // I3: nothing at the old epoch after the claim.
    let stale = log(&store, &match_id).await.iter().filter(|r| r.3 <= before.epoch && r.0 as usize > at_claim).count();
    assert_eq!(stale, 0, "no old-epoch row after the claim");
    // The new owner serves the room from the log.
    let (new_base, _ws, welcome) = connect_owner(&store, &room, &a.cookie).await;
    assert_ne!(new_base, base);
    assert_eq!(welcome["version"].as_u64(), Some(log(&store, &match_id).await.len() as u64));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn split_brain_fenced_by_the_database() {
    split_brain(true).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn split_brain_self_fenced() {
    split_brain(false).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drain_on_sigterm() {
    let UnderWay { _one, _db, store, mut nodes, room, base, match_id, play } = under_way(6).await;

    let before = owner_of(&store, &room).await.unwrap().unwrap();
    let mut draining = nodes.remove(index_of(&nodes, &base));
    let sent = Instant::now();
    signal(&draining, "-TERM");
    let status = tokio::time::timeout(Duration::from_secs(25), draining.server.0.wait()).await.expect("exits in time");
    assert!(status.unwrap().success(), "a drained node exits 0");
    let after = owner_after(&store, &room, before.epoch, Duration::from_secs(3)).await.expect("handed over");
    println!("drain: exited {:?} after SIGTERM; room at epoch {}", sent.elapsed(), after.epoch);
    assert_eq!(after.epoch, before.epoch + 1, "a handover is one claim");

    let (reports, epochs) = finish(&store, &match_id, play).await;
    assert_eq!(epochs.len(), 2, "one owner change: {epochs:?}");
    assert!(reports.iter().all(|r| r.connects >= 2), "each seat reconnected to the new owner");
    let claimer = &nodes[index_of(&nodes, &owner_base(&store, &room).await.unwrap())];
    assert!(metric(claimer, "gb_room_claims_total").await >= 1.0);
}

/// The owing seat's clock across an owner change (docs/multi-node.md, "Clocks"): it is charged for the time the
/// room ran on either owner, and for a crash up to the dead owner's last heartbeat; never for the time nobody
/// owned the room (release or last heartbeat → claim). Measured against the database's own record of those
/// moments (one machine, one clock). Without the handover a drain would give back the second waited here; without
/// the charge a crash would give back the time before the last heartbeat.
async fn clock_across_owner_change(crash: bool) {
    let _one = ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let mut nodes = start_nodes(&db, 3, &[]).await;
    let clock = json!({ "type": "chess", "initial_ms": 600000, "increment_ms": 0, "disconnect_bank_ms": 120000 });
    let (room, [a, b], base) = seated(&store, &nodes, clock).await;
    let match_id = match_id(&base, &room).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    advance([&mut wa, &mut wb], &mut last, &mut Lcg(5), 2).await;
    let clocks = &last[0]["clocks"];
    let seat = usize::from(clocks["running"] == "B");
    let remaining = clocks["remaining_ms"][seat].as_i64().expect("a running clock");

    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = owner_of(&store, &room).await.unwrap().unwrap();
    let mut old = nodes.remove(index_of(&nodes, &base));
    if crash {
        old.server.sigkill().await;
    } else {
        signal(&old, "-TERM");
        assert!(old.server.0.wait().await.unwrap().success());
    }
    owner_after(&store, &room, before.epoch, TTL * 3).await.expect("claimed");
    let (_, mut w, _) = connect_owner(&store, &room, &a.cookie).await;
    let snap = w.next_of("snapshot").await;
    let shown_at = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    let charged = remaining - snap["clocks"]["remaining_ms"][seat].as_i64().unwrap();

    let Db::Pg(pool) = &store else { unreachable!() };
    let ms = |sql: &'static str, id: String| {
        let pool = pool.clone();
        async move { sqlx::query_as::<_, (i64,)>(sql).bind(id).fetch_one(&pool).await.unwrap().0 }
    };
    let accepted = ms("SELECT max(created_at) FROM match_intents WHERE match_id = $1", match_id).await;
    let claimed =
        ms("SELECT (extract(epoch FROM claimed_at) * 1000)::bigint FROM room_leases WHERE room_id = $1", room.clone())
            .await;
    let left = if crash {
        ms("SELECT (extract(epoch FROM heartbeat_at) * 1000)::bigint FROM nodes WHERE node_id = $1", before.node).await
    } else {
        ms("SELECT (extract(epoch FROM released_at) * 1000)::bigint FROM room_leases WHERE room_id = $1", room).await
    };
    let expected = (left - accepted) + (shown_at - claimed);
    println!(
        "clock (crash={crash}): charged {charged} ms, expected {expected} ms ({} ms on the old owner, {} ms \
         unowned and free, {} ms on the new one)",
        left - accepted,
        claimed - left,
        shown_at - claimed
    );
    // The snapshot settles the clock a little before the test reads its own clock: a slow machine only widens
    // that side.
    assert!((expected - 250..=expected + 100).contains(&charged), "charged {charged} ms, expected {expected} ms");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drain_hands_the_running_clock_over() {
    clock_across_owner_change(false).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn crash_charges_the_clock_up_to_the_last_heartbeat() {
    clock_across_owner_change(true).await
}
