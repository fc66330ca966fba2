//! Play now across nodes (docs/protocol.md, "Play now"): two real `gb-server` processes on one PostgreSQL
//! database and the real NATS. Players queue at the same moment, half on each node; every node's matcher claims
//! pairs from the one queue, so each player is matched exactly once, with a player of either node, and every room
//! holds its two players, answered alike by both nodes.
use crate::cluster::{get_json, start_nodes};
use crate::helpers::{Backend, test_database};
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};

async fn queue_and_wait(base: &str, g: &Guest) -> String {
    let body = json!({ "format": "bo1", "rated": true, "deck": { "preconstructed": "fire-and-wind" } });
    let r = g.client.post(format!("{base}/api/queue")).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let seen: Value = g.client.get(format!("{base}/api/queue")).send().await.unwrap().json().await.unwrap();
        if let Some(room) = seen["room"].as_str() {
            return room.to_owned();
        }
        assert!(Instant::now() < deadline, "never matched: {seen}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_queued_on_different_nodes_are_matched_exactly_once() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, &[]).await;
    // One player waits on each node: they are each other's opponent.
    let (x, y) = (guest_at(&nodes[0].base, "X").await, guest_at(&nodes[1].base, "Y").await);
    let (rx, ry) = tokio::join!(queue_and_wait(&nodes[0].base, &x), queue_and_wait(&nodes[1].base, &y));
    assert_eq!(rx, ry, "the players of two nodes share one room");

    // Eight more at once, alternating nodes, while both nodes' matchers run.
    let mut players = Vec::new();
    for i in 0..8 {
        let base = nodes[i % 2].base.clone();
        players.push((base.clone(), guest_at(&base, &format!("P{i}")).await));
    }
    let rooms = futures_util::future::join_all(players.iter().map(|(base, g)| queue_and_wait(base, g))).await;

    let mut seated: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, room) in rooms.iter().enumerate() {
        seated.entry(room).or_default().push(i);
    }
    assert_eq!(seated.len(), 4, "four rooms of two: {seated:?}");
    for (room, who) in &seated {
        assert_eq!(who.len(), 2, "room {room}: {who:?}");
        for node in &nodes {
            let info = get_json(&reqwest::Client::new(), &format!("{}/api/rooms/{room}", node.base)).await;
            let names: Vec<&str> =
                info["seats"].as_array().unwrap().iter().filter_map(|s| s["display_name"].as_str()).collect();
            assert_eq!(names.len(), 2, "both players seated, seen from {}: {info}", node.base);
            assert_eq!(info["rated"], true);
        }
    }
    // Every match is one room, each player's once: five rooms in all.
    let store = gb_server::Db::connect(&db.url).await.unwrap();
    let gb_server::Db::Pg(pool) = &store else { unreachable!() };
    let (matched,): (i64,) = sqlx::query_as("SELECT COUNT(DISTINCT room_id) FROM play_queue WHERE room_id IS NOT NULL")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(matched, 5);
}
