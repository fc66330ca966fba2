//! Two nodes on one PostgreSQL and the real NATS (issue #15): a room owned by node 1 is played with seat B and a
//! spectator on node 2, whose sockets are relayed. Node 2 starts after the room is placed, so node 1 (the only
//! live node then) owns it; the owner serves its RPC subject from its claim on (room/supervisor.rs).
use crate::helpers::{Backend, TestApp, spawn_app_with, spawn_node_on};
use crate::wsclient::{connect, game_over, play_seat_keep, seated_room, stream_frames, watch_to_end};
use gb_server::Db;
use serde_json::Value;
use std::time::Duration;

pub(crate) const NATS: &str = "nats://127.0.0.1:4222";

/// Cluster mode (leases in PostgreSQL, traffic over `nats`) with the test timings of docs/multi-node.md.
pub(crate) fn on_cluster(nats: &str) -> impl FnOnce(&mut gb_server::Settings) {
    let nats = nats.to_owned();
    move |s| {
        s.cluster.nats_url = Some(nats);
        (s.cluster.lease_ttl_ms, s.cluster.heartbeat_ms, s.cluster.sweep_ms) = (2000, 400, 200);
    }
}

/// Node 1 alone places and owns a seated room; then node 2 joins the cluster (its NATS at `nats2`).
pub(crate) async fn two_nodes(nats2: &str) -> (TestApp, TestApp, String, [crate::wsclient::Guest; 2]) {
    seated_on_two(on_cluster(NATS), on_cluster(nats2)).await
}

/// [`two_nodes`] with each node's settings.
pub(crate) async fn seated_on_two(
    first: impl FnOnce(&mut gb_server::Settings),
    second: impl FnOnce(&mut gb_server::Settings),
) -> (TestApp, TestApp, String, [crate::wsclient::Guest; 2]) {
    seated_on_two_with(crate::wsclient::public_room(), first, second).await
}

/// [`seated_on_two`] for a room created with `body`.
pub(crate) async fn seated_on_two_with(
    body: Value,
    first: impl FnOnce(&mut gb_server::Settings),
    second: impl FnOnce(&mut gb_server::Settings),
) -> (TestApp, TestApp, String, [crate::wsclient::Guest; 2]) {
    let one = spawn_app_with(Backend::Postgres, first).await;
    let (room, seats) = seated_room(&one.address, body).await;
    let owner = gb_server::cluster::owner_of(&one.db, &room).await.unwrap().expect("placed and claimed");
    assert_eq!(owner.node, one.state.cluster.as_ref().unwrap().node_id(), "the only live node owns it");
    let two = spawn_node_on(&one, second).await;
    (one, two, room, seats)
}

#[tokio::test]
async fn a_match_relayed_to_another_node_gets_the_same_frames_and_resumes_by_version() {
    let (one, two, room, [a, b]) = two_nodes(NATS).await;

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
    let (one, two, room, [_, b]) = two_nodes("nats://127.0.0.1:1").await;
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

#[tokio::test]
async fn a_protocol_5_socket_relayed_to_a_free_for_all_is_refused_and_closed_like_a_local_one() {
    let body = crate::wsclient::free_for_all(4);
    let (_one, two, room, [a, _]) = seated_on_two_with(body, on_cluster(NATS), on_cluster(NATS)).await;
    // The owner refuses it through the relay, which must close it too, not leave it open and silent.
    crate::wsclient::refused_as_protocol_5(&two.address, &room, &a.cookie).await;
}
