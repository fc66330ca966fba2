//! Tournaments on several nodes (issue #15; docs/multi-node.md, "Tournaments"): real `gb-server` processes on a
//! fresh PostgreSQL database and the real NATS. Each event has one owner node by lease; calls reaching another
//! node are forwarded to it. Checked: an event created on one node and driven from the others (both nodes
//! asked to pair the same round at once) pairs each round exactly once; after its owner is SIGKILLed a survivor
//! claims it, keeps every recorded result and pairs the next round once; a deposed owner (SIGSTOPped past its
//! lease, its self-fence off) that wakes up with a command in hand is refused by the database fence.
use crate::cluster::{Node, TTL, get_json, start_nodes};
use crate::helpers::{Backend, test_database};
use crate::wsclient::{Guest, guest_at};
use gb_server::Db;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const DECKS: [&str; 2] = ["fire-and-wind", "tide-and-stone"];

fn settings() -> Value {
    json!({
        "structure": { "kind": "swiss", "rounds": 3 }, "games_per_match": 1, "next_game_chooser": "loser",
        "round_minutes": 45, "end_of_round": { "extra_turns": 3 }, "spectator_delay_seconds": 0
    })
}

fn pool(store: &Db) -> &sqlx::PgPool {
    let Db::Pg(pool) = store else { unreachable!("cluster tests run on PostgreSQL") };
    pool
}

/// The event's live owner as `(advertised address, epoch)`.
async fn tournament_owner(store: &Db, id: &str) -> Option<(String, i64)> {
    sqlx::query_as(
        "SELECT n.addr, l.epoch FROM event_leases l \
         JOIN nodes n ON n.node_id = l.owner_node AND n.expires_at > clock_timestamp() WHERE l.event_id = $1",
    )
    .bind(id)
    .fetch_optional(pool(store))
    .await
    .unwrap()
}

async fn owner_after(store: &Db, id: &str, epoch: i64, within: Duration) -> Option<(String, i64)> {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Some(o) = tournament_owner(store, id).await.filter(|o| o.1 > epoch) {
            return Some(o);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

fn node_of<'a>(nodes: &'a [Node], addr: &str) -> &'a Node {
    nodes.iter().find(|n| n.base == format!("http://{addr}")).expect("the owner is one of ours")
}

/// How many times each round was paired: `tournament_rounds` rows per number, and its pairing rows.
async fn rounds(store: &Db, id: &str) -> Vec<(i32, i64, i64)> {
    sqlx::query_as(
        "SELECT r.number, (SELECT count(*) FROM tournament_rounds x WHERE x.tournament_id = r.tournament_id \
           AND x.number = r.number), \
         (SELECT count(*) FROM tournament_pairings p WHERE p.tournament_id = r.tournament_id AND p.round = r.number) \
         FROM tournament_rounds r WHERE r.tournament_id = $1 ORDER BY r.number",
    )
    .bind(id)
    .fetch_all(pool(store))
    .await
    .unwrap()
}

/// Each table of `round` as `(table, player_a, result_json, room owner's address)`.
async fn tables(store: &Db, id: &str, round: i32) -> Vec<(i32, String, String, Option<String>)> {
    sqlx::query_as(
        "SELECT p.table_no, p.player_a, p.result_json, n.addr FROM tournament_pairings p \
         LEFT JOIN room_leases l ON l.room_id = p.room_id \
         LEFT JOIN nodes n ON n.node_id = l.owner_node AND n.expires_at > clock_timestamp() \
         WHERE p.tournament_id = $1 AND p.round = $2 AND p.table_no IS NOT NULL ORDER BY p.table_no",
    )
    .bind(id)
    .bind(round)
    .fetch_all(pool(store))
    .await
    .unwrap()
}

async fn post(g: &Guest, base: &str, path: &str, body: Value) -> reqwest::Response {
    g.client.post(format!("{base}/api/tournaments{path}")).json(&body).send().await.unwrap()
}

async fn status(g: &Guest, base: &str, path: &str, body: Value) -> u16 {
    let r = post(g, base, path, body).await;
    let status = r.status().as_u16();
    if status >= 300 {
        eprintln!("{path}: {status} {}", r.text().await.unwrap_or_default());
    }
    status
}

/// An event created by `organizer` on `creator`, with four players registered through `via`, registration
/// closed. Returns its id.
async fn four_player_event(creator: &Node, via: &Node, organizer: &Guest, players: &[Guest]) -> String {
    let r = post(organizer, &creator.base, "", json!({ "name": "Two nodes", "seed": 5, "settings": settings() })).await;
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    for (i, p) in players.iter().enumerate() {
        let path = format!("/{id}/registrations");
        assert_eq!(status(p, &via.base, &path, json!({ "preconstructed": DECKS[i % 2] })).await, 200);
    }
    assert_eq!(status(organizer, &via.base, &format!("/{id}/registration/close"), json!({})).await, 200);
    id
}

async fn guests(base: &str, n: usize) -> (Guest, Vec<Guest>) {
    let organizer = guest_at(base, "Organizer").await;
    let mut players = Vec::new();
    for i in 0..n {
        players.push(guest_at(base, &format!("Player {i}")).await);
    }
    (organizer, players)
}

/// The organizer concedes each table of `round` for its first player, through `via`.
async fn concede_all(store: &Db, id: &str, round: i32, organizer: &Guest, via: &Node) {
    for (table, a, _, _) in tables(store, id, round).await {
        let path = format!("/{id}/rounds/{round}/tables/{table}/concede");
        assert_eq!(status(organizer, &via.base, &path, json!({ "player": a })).await, 200);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_driven_from_another_node_pairs_each_round_once() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let nodes = start_nodes(&db, 2, &[]).await;
    let (organizer, players) = guests(&nodes[0].base, 4).await;
    let id = four_player_event(&nodes[0], &nodes[1], &organizer, &players).await;
    let (owner, epoch) = tournament_owner(&store, &id).await.expect("the creating node owns the event");
    assert_eq!(format!("http://{owner}"), nodes[0].base, "created on node 0, owned there");
    assert_eq!(epoch, 1);

    // Both nodes are asked to pair round 1 at once: the owner pairs it once, the other call is refused.
    let path = format!("/{id}/rounds");
    let (a, b) = tokio::join!(
        status(&organizer, &nodes[0].base, &path, json!({})),
        status(&organizer, &nodes[1].base, &path, json!({}))
    );
    let mut answers = [a, b];
    answers.sort();
    assert_eq!(answers, [201, 409], "one pairing, one refusal");
    assert_eq!(rounds(&store, &id).await, vec![(1, 1, 2)], "round 1 paired once: two tables");
    for (table, _, _, room_owner) in tables(&store, &id, 1).await {
        assert_eq!(room_owner.as_deref(), Some(owner.as_str()), "table {table}'s room runs on the event's owner");
    }

    // Reads are alike on both nodes (the other node's answer is the owner's, forwarded).
    let view = |base: String| {
        let (c, url) = (organizer.client.clone(), format!("{base}/api/tournaments/{id}"));
        async move { c.get(url).send().await.unwrap().text().await.unwrap() }
    };
    assert_eq!(view(nodes[0].base.clone()).await, view(nodes[1].base.clone()).await);

    // Round 2, driven from node 1 only.
    concede_all(&store, &id, 1, &organizer, &nodes[1]).await;
    assert_eq!(status(&organizer, &nodes[1].base, &path, json!({})).await, 201);
    assert_eq!(rounds(&store, &id).await, vec![(1, 1, 2), (2, 1, 2)], "each round paired once");
    assert!(nodes[1].metric("gb_event_calls_total").await >= 8.0, "node 1's calls went to the owner");
    assert_eq!(tournament_owner(&store, &id).await.unwrap().1, 1, "nobody else claimed it");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_survivor_carries_an_event_on_after_its_owner_dies() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let mut nodes = start_nodes(&db, 3, &[]).await;
    let (organizer, players) = guests(&nodes[1].base, 4).await;
    let id = four_player_event(&nodes[0], &nodes[1], &organizer, &players).await;
    assert_eq!(status(&organizer, &nodes[2].base, &format!("/{id}/rounds"), json!({})).await, 201);
    let round1 = tables(&store, &id, 1).await;
    let (t1, a1) = (round1[0].0, round1[0].1.clone());
    let path = format!("/{id}/rounds/1/tables/{t1}/concede");
    assert_eq!(status(&organizer, &nodes[1].base, &path, json!({ "player": a1 })).await, 200);
    let recorded = tables(&store, &id, 1).await[0].2.clone();

    let killed = Instant::now();
    nodes.remove(0).server.sigkill().await;
    let (owner, epoch) = owner_after(&store, &id, 1, TTL + Duration::from_secs(5)).await.expect("a survivor claims it");
    eprintln!("event claimed {:?} after the SIGKILL, epoch {epoch}", killed.elapsed());
    assert_eq!(epoch, 2);
    let survivor = node_of(&nodes, &owner);

    // Nothing recorded was lost; the other table's result arrives through the other survivor.
    let other = nodes.iter().find(|n| n.base != survivor.base).unwrap();
    assert_eq!(tables(&store, &id, 1).await[0].2, recorded, "table {t1}'s result survived");
    let (t2, a2) = (round1[1].0, round1[1].1.clone());
    let path = format!("/{id}/rounds/1/tables/{t2}/concede");
    assert_eq!(status(&organizer, &other.base, &path, json!({ "player": a2 })).await, 200);
    let view = get_json(&organizer.client, &format!("{}/api/tournaments/{id}", other.base)).await;
    let results = view["rounds"][0]["tables"].as_array().unwrap();
    assert!(results.iter().all(|t| t["result"]["end"].is_object() || t["result"]["games"].is_array()), "{view}");

    // Round 2 is paired once, by the new owner, and its tables run there; round 1's rooms came along.
    assert_eq!(status(&organizer, &other.base, &format!("/{id}/rounds"), json!({})).await, 201);
    assert_eq!(rounds(&store, &id).await, vec![(1, 1, 2), (2, 1, 2)], "no round paired twice");
    for (table, _, _, room_owner) in tables(&store, &id, 2).await {
        assert_eq!(room_owner.as_deref(), Some(owner.as_str()), "round 2 table {table} runs on the new owner");
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while tables(&store, &id, 1).await.iter().any(|t| t.3.as_deref() != Some(owner.as_str())) {
        assert!(Instant::now() < deadline, "round 1's rooms follow their event to its new owner");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(tournament_owner(&store, &id).await.unwrap().1, 2, "claimed once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deposed_event_owner_is_refused_by_the_fence() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let nodes = start_nodes(&db, 2, &[("GB_TEST_NO_SELF_FENCE", "1")]).await;
    let (organizer, players) = guests(&nodes[0].base, 4).await;
    let id = four_player_event(&nodes[0], &nodes[0], &organizer, &players).await;

    nodes[0].signal("-STOP");
    let (owner, epoch) = owner_after(&store, &id, 1, TTL + Duration::from_secs(5)).await.expect("node 1 claims it");
    assert_eq!(format!("http://{owner}"), nodes[1].base);
    assert_eq!(epoch, 2);
    // The deposed owner still runs the event in memory; a command waits in its socket while it sleeps.
    let stale = {
        let (org, base, path) =
            (organizer.client.clone(), nodes[0].base.clone(), format!("/api/tournaments/{id}/rounds"));
        tokio::spawn(async move { org.post(format!("{base}{path}")).json(&json!({})).send().await.unwrap().status() })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    nodes[0].signal("-CONT");
    let answer = stale.await.unwrap();
    assert_ne!(answer.as_u16(), 201, "the deposed owner paired nothing");
    assert!(rounds(&store, &id).await.is_empty(), "no round was written under the old epoch");
    assert!(nodes[0].metric("gb_event_fenced_total").await >= 1.0, "the write was refused by the fence");

    // It stood down: the same command on it now goes to the new owner, and pairs round 1 once.
    let path = format!("/{id}/rounds");
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        match status(&organizer, &nodes[0].base, &path, json!({})).await {
            201 => break,
            s => assert!(Instant::now() < deadline && s >= 500, "the old owner forwards once it stood down: {s}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(rounds(&store, &id).await, vec![(1, 1, 2)]);
    assert_eq!(tournament_owner(&store, &id).await.unwrap().1, 2);
}
