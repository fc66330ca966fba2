//! Two nodes on one PostgreSQL and the real NATS (issue #15): a room owned by node 1 is played with seat B and a
//! spectator on node 2, whose sockets are relayed. Until the lease loop lands nothing claims rooms by itself, so
//! the test writes the node rows and the lease (`claim_for_test`) and starts the owner's RPC by hand.
use crate::helpers::{Backend, TestApp, spawn_app_with, spawn_node_on};
use crate::wsclient::{Ws, connect, game_over, play_seat_keep, seated_room};
use gb_server::Db;
use gb_server::bus::BusSettings;
use serde_json::Value;
use std::time::Duration;

const NATS: &str = "nats://127.0.0.1:4222";

fn on_bus(node: &str, nats: Option<&str>) -> impl FnOnce(&mut gb_server::Settings) {
    let bus = BusSettings { nats_url: nats.map(str::to_owned), node_id: Some(node.to_owned()) };
    move |s| s.bus = bus
}

/// Both nodes alive for an hour, and `owner` holding `room` under `epoch`.
async fn claim_for_test(db: &Db, nodes: &[&str], room: &str, owner: &str, epoch: i64) {
    let Db::Pg(pool) = db else { panic!("clusters run on PostgreSQL") };
    for n in nodes {
        sqlx::query(
            "INSERT INTO nodes (node_id, addr, state, heartbeat_at, expires_at) \
             VALUES ($1, '', 'live', clock_timestamp(), clock_timestamp() + interval '1 hour') ON CONFLICT DO NOTHING",
        )
        .bind(n)
        .execute(pool)
        .await
        .unwrap();
    }
    sqlx::query(
        "INSERT INTO room_leases (room_id, owner_node, epoch, claimed_at) VALUES ($1, $2, $3, clock_timestamp()) \
         ON CONFLICT (room_id) DO UPDATE SET owner_node = $2, epoch = $3",
    )
    .bind(room)
    .bind(owner)
    .bind(epoch)
    .execute(pool)
    .await
    .unwrap();
}

/// Frames that belong to a viewer kind's stream (not presence, answers or the per-socket welcome).
fn stream_frames(ws: &Ws) -> Vec<String> {
    let per_socket = ["welcome", "room", "accepted", "rejected", "error", "pong"];
    ws.raw
        .iter()
        .filter(|t| {
            let v: Value = serde_json::from_str(t).unwrap();
            !per_socket.contains(&v["type"].as_str().unwrap_or(""))
        })
        .cloned()
        .collect()
}

/// Reads until the game is over (10 s per frame at most).
async fn watch_to_end(ws: &mut Ws) {
    while let Some(m) = ws.next().await {
        if game_over(&m) {
            return;
        }
    }
    panic!("closed before the game ended");
}

async fn two_nodes(nats2: Option<&str>) -> (TestApp, TestApp) {
    let n = uuid::Uuid::new_v4().simple().to_string();
    let one = spawn_app_with(Backend::Postgres, on_bus(&format!("n1-{n}"), Some(NATS))).await;
    let two = spawn_node_on(&one, on_bus(&format!("n2-{n}"), nats2)).await;
    (one, two)
}

#[tokio::test]
async fn a_match_relayed_to_another_node_gets_the_same_frames_and_resumes_by_version() {
    let (one, two) = two_nodes(Some(NATS)).await;
    let (n1, n2) = (one.state.bus.node().to_owned(), two.state.bus.node().to_owned());
    let (room, [a, b]) = seated_room(&one.address, crate::wsclient::public_room()).await;
    claim_for_test(&one.db, &[&n1, &n2], &room, &n1, 7).await;
    one.state.bus.serve_room(one.state.rooms.get(&room).unwrap(), 7).await.unwrap();

    // Reference sockets on the owner, then the relayed ones on node 2, all before play starts.
    let (mut b_local, _) = connect(&one.address, &room, Some(&b.cookie), "player", None).await;
    let (mut s_local, _) = connect(&one.address, &room, None, "spectator", None).await;
    let (b_relay, welcome) = connect(&two.address, &room, Some(&b.cookie), "player", None).await;
    assert_eq!(welcome["seat"], "B", "node 2 knows the seat through the owner");
    let (mut s_relay, _) = connect(&two.address, &room, None, "spectator", None).await;
    let (a_ws, _) = connect(&one.address, &room, Some(&a.cookie), "player", None).await;

    let ((fa, _), (fb, b_relay)) = tokio::join!(play_seat_keep(a_ws, 11, 40), play_seat_keep(b_relay, 12, 40));
    assert!(fa.last().is_some_and(game_over) && fb.last().is_some_and(game_over), "the match ended");
    for ws in [&mut b_local, &mut s_local, &mut s_relay] {
        watch_to_end(ws).await;
    }

    // Byte for byte what a local socket of the same kind got.
    assert_eq!(stream_frames(&b_relay), stream_frames(&b_local), "seat B through the relay");
    assert_eq!(stream_frames(&s_relay), stream_frames(&s_local), "spectator through the relay");

    // Every relayed intent was answered `accepted` with the version its update carries, and the log has it.
    let accepted: Vec<u64> = fb.iter().filter(|m| m["type"] == "accepted").map(|m| m["v"].as_u64().unwrap()).collect();
    assert!(!accepted.is_empty(), "seat B played through the relay");
    let versions: Vec<u64> = fb.iter().filter(|m| m["type"] == "update").filter_map(|m| m["v"].as_u64()).collect();
    for v in &accepted {
        assert!(versions.contains(v), "accepted v{v} is a version seat B saw");
    }
    let Db::Pg(pool) = &one.db else { unreachable!() };
    let (logged,): (i64,) = sqlx::query_as(
        "SELECT count(*) FROM match_intents i JOIN matches m ON m.id = i.match_id WHERE m.room = $1 AND i.seat = 1",
    )
    .bind(&room)
    .fetch_one(pool)
    .await
    .unwrap();
    assert!(logged as usize >= accepted.len(), "every accepted relayed intent is in the log");

    // Resume by version through the relay: exactly the frames after it, the same bytes the local socket got.
    let last = *versions.last().unwrap() as u32;
    let from = last.saturating_sub(3);
    let (mut again, _) = connect(&two.address, &room, Some(&b.cookie), "player", Some(from)).await;
    let mut missed = Vec::new();
    while missed.len() < (last - from) as usize {
        let m = again.next().await.expect("the missed frames");
        if m["type"] == "update" || m["type"] == "skip" {
            missed.push(again.raw.last().unwrap().clone());
        }
    }
    let local = stream_frames(&b_local);
    assert_eq!(missed, local[local.len() - missed.len()..], "resumed through the relay with no gap");
}

#[tokio::test]
async fn a_relay_without_nats_answers_unavailable_instead_of_hanging() {
    // Nothing listens on port 1: node 2's NATS never connects.
    let (one, two) = two_nodes(Some("nats://127.0.0.1:1")).await;
    let (n1, n2) = (one.state.bus.node().to_owned(), two.state.bus.node().to_owned());
    let (room, [_, b]) = seated_room(&one.address, crate::wsclient::public_room()).await;
    claim_for_test(&one.db, &[&n1, &n2], &room, &n1, 1).await;
    one.state.bus.serve_room(one.state.rooms.get(&room).unwrap(), 1).await.unwrap();
    let started = std::time::Instant::now();
    let mut ws = crate::wsclient::open(&two.address, &room, Some(&b.cookie), None).await.unwrap();
    ws.send(crate::wsclient::hello("player", None)).await;
    let m = ws.next().await.expect("an answer");
    assert_eq!(m["type"], "error");
    assert_eq!(m["code"], "unavailable", "{m}");
    assert_eq!(ws.close_code().await, Some(gb_server::protocol::close::RESTARTING));
    assert!(started.elapsed() < Duration::from_secs(5), "told within the RPC timeouts: {:?}", started.elapsed());
    let health: Value = two.get(&two.client, "/healthz").await.json().await.unwrap();
    assert_ne!(health["nats"], "connected");
    let health: Value = one.get(&one.client, "/healthz").await.json().await.unwrap();
    assert_eq!(health["nats"], "connected");
}
