//! Room REST on a node that does not own the room (issue #15): room info, seats, rematches and the claims after a
//! player left (docs/protocol.md, "Leaving") are forwarded to the owner over NATS and answered with the owner's own
//! status and body, so both nodes answer alike.
use crate::helpers::{Backend, TestApp, spawn_app_with, spawn_node_on};
use crate::relay::{NATS, on_cluster};
use crate::wsclient::{Guest, connect, create_room, guest_at, join, play_seat};
use gb_server::Db;
use serde_json::{Value, json};
use std::time::Duration;

/// Status and body text, to compare two nodes' answers byte for byte.
async fn answer(r: reqwest::Response) -> (u16, String) {
    (r.status().as_u16(), r.text().await.unwrap())
}

async fn post(base: &str, g: &Guest, path: &str, body: Value) -> (u16, String) {
    answer(g.client.post(format!("{base}{path}")).json(&body).send().await.unwrap()).await
}

async fn info(base: &str, room: &str) -> (u16, String) {
    answer(crate::helpers::new_client().get(format!("{base}/api/rooms/{room}")).send().await.unwrap()).await
}

/// The same call on both nodes gets the same answer; returns it.
async fn alike(nodes: [&TestApp; 2], g: &Guest, path: &str, body: Value) -> (u16, String) {
    let first = post(&nodes[0].address, g, path, body.clone()).await;
    let second = post(&nodes[1].address, g, path, body).await;
    assert_eq!(first, second, "{path}: both nodes answer alike");
    first
}

fn node_id(app: &TestApp) -> String {
    app.state.cluster.as_ref().unwrap().node_id()
}

/// Waits until `node`'s heartbeat has recorded `n` owned rooms (placement reads it).
async fn wait_rooms_owned(db: &Db, node: &str, n: i32) {
    let Db::Pg(pool) = db else { unreachable!() };
    for _ in 0..100 {
        let (owned,): (i32,) = sqlx::query_as("SELECT rooms_owned FROM nodes WHERE node_id = $1")
            .bind(node)
            .fetch_one(pool)
            .await
            .unwrap();
        if owned == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("node {node} never reported {n} owned rooms");
}

#[tokio::test]
async fn room_calls_answer_alike_on_every_node() {
    // Node 1 counts as full once it owns one room, so the next room is placed on node 2, not on its creator.
    let one = spawn_app_with(Backend::Postgres, |s| {
        on_cluster(NATS)(s);
        s.cluster.capacity = 1;
    })
    .await;
    let ann = guest_at(&one.address, "Ann").await;
    create_room(&one.address, &ann, crate::wsclient::public_room()).await;
    wait_rooms_owned(&one.db, &node_id(&one), 1).await;
    let two = spawn_node_on(&one, on_cluster(NATS)).await;
    let (bob, carl) = (guest_at(&two.address, "Bob").await, guest_at(&two.address, "Carl").await);

    let body =
        json!({ "visibility": "private", "best_of": 3, "spectator_delay": null, "clock": null, "vs_bot": false });
    let room = create_room(&one.address, &ann, body).await;
    let Db::Pg(pool) = &one.db else { unreachable!() };
    let (placed,): (Option<String>,) = sqlx::query_as("SELECT placed_on FROM room_leases WHERE room_id = $1")
        .bind(&room)
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(placed, Some(node_id(&two)), "placed on the emptier node");

    // Joinable at once from the creating node, though node 2 may not have claimed it yet.
    assert_eq!(join(&one.address, &ann, &room, "fire-and-wind").await, "A");
    let owner = gb_server::cluster::owner_of(&one.db, &room).await.unwrap().expect("claimed");
    assert_eq!(owner.node, node_id(&two));
    assert!(one.state.rooms.get(&room).is_none(), "node 1 only relays");
    assert_eq!(join(&two.address, &bob, &room, "tide-and-stone").await, "B");
    assert_eq!(info(&one.address, &room).await, info(&two.address, &room).await, "info from both nodes");

    // Refusals: the same status and body from the owner and from the relaying node.
    let seats = format!("/api/rooms/{room}/seats");
    let (status, text) = alike([&one, &two], &carl, &seats, json!({ "preconstructed": "fire-and-wind" })).await;
    assert_eq!(status, 409, "{text}");
    assert!(text.contains("room_full"), "{text}");
    let (status, text) = alike([&one, &two], &ann, &seats, json!({ "preconstructed": "fire-and-wind" })).await;
    assert_eq!((status, text.contains("already_seated")), (409, true), "{text}");
    let (status, text) = alike([&one, &two], &carl, &seats, json!({ "preconstructed": "no-such-deck" })).await;
    assert_eq!((status, text.contains("no_such_deck")), (404, true), "{text}");
    let rematch = format!("/api/rooms/{room}/rematch");
    let (status, text) = alike([&one, &two], &ann, &rematch, json!({})).await;
    assert_eq!((status, text.contains("game_not_over")), (409, true), "{text}");
    let (status, text) = alike([&one, &two], &carl, &rematch, json!({})).await;
    assert_eq!((status, text.contains("not_seated")), (403, true), "{text}");
    let missing = "/api/rooms/0123456789abcdef0123456789abcdef/seats";
    let (status, _) = alike([&one, &two], &carl, missing, json!({ "preconstructed": "fire-and-wind" })).await;
    assert_eq!(status, 404);

    // Game 1 ends at once (a concession); Ann asks for game 2 through node 1 (relayed), Bob on the owner.
    let (a_ws, _) = connect(&one.address, &room, Some(&ann.cookie), "player", None).await;
    let (b_ws, _) = connect(&two.address, &room, Some(&bob.cookie), "player", None).await;
    tokio::join!(play_seat(a_ws, 1, 0), play_seat(b_ws, 2, 0));
    let (status, text) = post(&one.address, &ann, &rematch, json!({})).await;
    assert_eq!(status, 200, "{text}");
    let mid: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(mid["seats"][0]["rematch"], true, "{mid}");
    let (status, text) = post(&two.address, &bob, &rematch, json!({})).await;
    assert_eq!(status, 200, "{text}");
    let after: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(after["status"], "playing", "game 2 started: {after}");
    let games = after["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "game 1 over, game 2 under way: {after}");
    assert_eq!(games[0]["reason"], "concession", "{after}");
    let (status, from_one) = info(&one.address, &room).await;
    assert_eq!((status, from_one), info(&two.address, &room).await, "info from both nodes after the rematch");

    let metrics = one.metrics().await;
    assert!(metrics.contains("gb_rest_relayed_total"), "relayed calls are counted");
}

/// Placement's fallback: a room placed on a node that never claims it (its row live in the table, no process
/// sweeping behind it) is claimed by the next sweep of a real node once `PLACEMENT_GRACE` (1 s) has passed,
/// and is joinable from then on.
#[tokio::test]
async fn a_room_placed_on_a_node_that_never_claims_it_is_claimed_after_a_second() {
    let one = spawn_app_with(Backend::Postgres, on_cluster(NATS)).await;
    let Db::Pg(pool) = &one.db else { unreachable!() };
    // Emptier than any real node (a negative load), so placement picks it; never renewed, never sweeping.
    sqlx::query(
        "INSERT INTO nodes (node_id, addr, state, heartbeat_at, expires_at, rooms_owned, capacity) \
         VALUES ('silent', 'nowhere', 'live', clock_timestamp(), clock_timestamp() + interval '1 hour', -1, 1)",
    )
    .execute(pool)
    .await
    .unwrap();
    let ann = guest_at(&one.address, "Ann").await;
    let created = std::time::Instant::now();
    let room = create_room(&one.address, &ann, crate::wsclient::public_room()).await;
    let (placed,): (Option<String>,) = sqlx::query_as("SELECT placed_on FROM room_leases WHERE room_id = $1")
        .bind(&room)
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(placed.as_deref(), Some("silent"));
    let owner = loop {
        if let Some(o) = gb_server::cluster::owner_of(&one.db, &room).await.unwrap() {
            break o;
        }
        assert!(created.elapsed() < Duration::from_secs(4), "nobody claimed the room");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let took = created.elapsed();
    assert_eq!(owner.node, node_id(&one), "the only real node claims it");
    assert!(took >= Duration::from_millis(900), "the placed node had its second first: {took:?}");
    println!("placement fallback: claimed {took:?} after creation (grace 1 s, sweep 200 ms)");
    assert_eq!(join(&one.address, &ann, &room, "fire-and-wind").await, "A");
}

/// Polls the room's info (from `base`) until seat B's `claim_win_at_ms` is set, and returns it.
async fn b_left_at(base: &str, room: &str) -> i64 {
    for _ in 0..200 {
        let (_, text) = info(base, room).await;
        let info: Value = serde_json::from_str(&text).unwrap();
        if let Some(at) = info["seats"][1]["claim_win_at_ms"].as_i64() {
            return at;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("seat B was never counted as away");
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// Claiming the win, or calling a casual game a draw, after the opponent left works from a node that only relays
/// the room, with the owner's refusals before the grace period ends and after the game is over.
#[tokio::test]
async fn claims_after_a_player_left_go_through_a_node_that_does_not_own_the_room() {
    let grace = |s: &mut gb_server::Settings| s.leave_grace_secs = 1;
    let one = spawn_app_with(Backend::Postgres, |s| {
        on_cluster(NATS)(s);
        s.cluster.capacity = 1;
        grace(s);
    })
    .await;
    let filler = guest_at(&one.address, "Filler").await;
    create_room(&one.address, &filler, crate::wsclient::public_room()).await;
    wait_rooms_owned(&one.db, &node_id(&one), 1).await;
    let two = spawn_node_on(&one, |s| {
        on_cluster(NATS)(s);
        grace(s);
    })
    .await;
    let (ann, bob) = (guest_at(&one.address, "Ann").await, guest_at(&two.address, "Bob").await);
    let body = json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": false });

    for claim in ["claim_win", "claim_draw"] {
        let room = create_room(&one.address, &ann, body.clone()).await;
        assert_eq!(join(&one.address, &ann, &room, "fire-and-wind").await, "A");
        assert_eq!(join(&two.address, &bob, &room, "tide-and-stone").await, "B");
        let owner = gb_server::cluster::owner_of(&one.db, &room).await.unwrap().expect("claimed");
        assert_eq!(owner.node, node_id(&two), "{claim}: owned by node 2");
        assert!(one.state.rooms.get(&room).is_none(), "{claim}: node 1 only relays");
        let path = format!("/api/rooms/{room}/{claim}");

        // Ann plays through node 1 (relayed), Bob on the owner; with both there, nothing to claim.
        let (_a_ws, _) = connect(&one.address, &room, Some(&ann.cookie), "player", None).await;
        let (b_ws, _) = connect(&two.address, &room, Some(&bob.cookie), "player", None).await;
        let (status, text) = alike([&one, &two], &ann, &path, json!({})).await;
        assert_eq!((status, text.contains("opponent_present")), (409, true), "{claim}: {text}");

        // Bob leaves; once the owner says when the claim opens, node 1 says the same.
        drop(b_ws);
        let at = b_left_at(&two.address, &room).await;
        assert_eq!(b_left_at(&one.address, &room).await, at, "{claim}: both nodes tell the same moment");
        if at - now_ms() > 300 {
            let (status, text) = post(&one.address, &ann, &path, json!({})).await;
            assert_eq!((status, text.contains("claim_too_early")), (409, true), "{claim}: {text}");
        }
        tokio::time::sleep(Duration::from_millis((at - now_ms()).max(0) as u64 + 100)).await;

        // The claim through the relaying node ends the game as the owner would.
        let (status, text) = post(&one.address, &ann, &path, json!({})).await;
        assert_eq!(status, 200, "{claim}: {text}");
        let ended: Value = serde_json::from_str(&text).unwrap();
        let game = &ended["games"][0];
        let expected = match claim {
            "claim_win" => (Some("A"), Some("abandoned")),
            _ => (None, Some("drawn")),
        };
        assert_eq!((game["winner"].as_str(), game["reason"].as_str()), expected, "{claim}: {ended}");
        assert_eq!(ended["status"], "finished", "{claim}: {ended}");
        assert_eq!(info(&one.address, &room).await, info(&two.address, &room).await, "{claim}: info alike after");
        let (status, text) = alike([&one, &two], &ann, &path, json!({})).await;
        assert_eq!((status, text.contains("no_claim")), (409, true), "{claim}: nothing left to claim: {text}");
    }
}
