//! The lobby across nodes (issue #15, docs/multi-node.md "Lobby"): three real `gb-server` processes on one fresh
//! PostgreSQL database and the real NATS. Rooms created on every node are listed alike by every node
//! (`GET /api/rooms`), private ones nowhere; while the owner of most of them lies dead and its rooms are taken
//! over, every listing a survivor gives is still complete and has no room twice, and each of the dead node's
//! rooms is answered by `GET /api/rooms/{id}` on every survivor (from its stored row until its new owner runs it).

use crate::cluster::{Node, TTL, create_room, get_json, owner_after, start_nodes};
use crate::helpers::{Backend, test_database};
use crate::players::owner_base;
use crate::wsclient::{guest_at, join};
use gb_server::Db;
use gb_server::cluster::owner_of;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

async fn lobby(base: &str) -> Value {
    get_json(&reqwest::Client::new(), &format!("{base}/api/rooms")).await
}

/// The ids a listing shows, open and live; panics on a room shown twice.
fn ids(list: &Value) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for info in list["open"].as_array().unwrap().iter().chain(list["live"].as_array().unwrap()) {
        let id = info["id"].as_str().unwrap().to_owned();
        assert!(seen.insert(id.clone()), "room {id} listed twice: {list}");
    }
    seen
}

/// How many of `rooms` each node owns now.
async fn owned_by(store: &Db, nodes: &[Node], rooms: &BTreeSet<String>) -> Vec<usize> {
    let mut counts = vec![0; nodes.len()];
    for room in rooms {
        if let Some(base) = owner_base(store, room).await
            && let Some(i) = nodes.iter().position(|n| n.base == base)
        {
            counts[i] += 1;
        }
    }
    counts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_node_lists_every_public_room_through_a_takeover() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let mut nodes = start_nodes(&db, 3, &[]).await;

    // Two public rooms created on each node (placement spreads them), one of each pair seated and playing,
    // and a private room that no listing may show.
    let mut public = BTreeSet::new();
    for node in &nodes {
        let (ann, bob) = (guest_at(&node.base, "Ann").await, guest_at(&node.base, "Bob").await);
        let (open, _) = create_room(&store, node, &ann, 1, Value::Null).await;
        let (playing, owner) = create_room(&store, node, &ann, 1, Value::Null).await;
        assert_eq!(join(&owner, &ann, &playing, "fire-and-wind").await, "A");
        assert_eq!(join(&owner, &bob, &playing, "tide-and-stone").await, "B");
        public.extend([open, playing]);
    }
    let host = guest_at(&nodes[0].base, "Host").await;
    let private =
        json!({ "visibility": "private", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": false });
    let r = host.client.post(format!("{}/api/rooms", nodes[0].base)).json(&private).send().await.unwrap();
    assert_eq!(r.status(), 201);

    let first = lobby(&nodes[0].base).await;
    assert_eq!(ids(&first), public, "complete, and only the public rooms: {first}");
    assert_eq!(first["live"].as_array().unwrap().len(), 3, "the seated rooms play: {first}");
    for node in &nodes[1..] {
        assert_eq!(lobby(&node.base).await, first, "{} lists alike", node.base);
    }

    // SIGKILL the node owning the most of them; list on the survivors until every room has a new owner.
    let counts = owned_by(&store, &nodes, &public).await;
    let most = (0..nodes.len()).max_by_key(|&i| counts[i]).unwrap();
    assert!(counts[most] >= 1, "owners: {counts:?}");
    // The rooms the doomed node owns, with their epochs: taken over once owned at a newer epoch.
    let mut doomed = Vec::new();
    for room in &public {
        if owner_base(&store, room).await.as_deref() == Some(nodes[most].base.as_str()) {
            doomed.push((room.clone(), owner_of(&store, room).await.unwrap().expect("owned").epoch));
        }
    }
    let dead = nodes.remove(most);
    let killed = Instant::now();
    dead.server.sigkill().await;
    let (mut listings, mut room_gets) = (0, 0);
    loop {
        for node in &nodes {
            let list = lobby(&node.base).await;
            assert_eq!(ids(&list), public, "complete {:?} after the SIGKILL: {list}", killed.elapsed());
            listings += 1;
            // A room caught mid-takeover is shown (from its stored row until its new owner answers), not refused.
            for (room, _) in &doomed {
                let info = get_json(&reqwest::Client::new(), &format!("{}/api/rooms/{room}", node.base)).await;
                assert_eq!(info["id"], room.as_str(), "{info}");
                room_gets += 1;
            }
        }
        let mut taken = true;
        for (room, epoch) in &doomed {
            taken &= owner_after(&store, room, *epoch, Duration::from_millis(1)).await.is_some();
        }
        if taken {
            break;
        }
        assert!(killed.elapsed() < TTL + Duration::from_secs(5), "the dead node's rooms were never claimed");
    }
    println!(
        "lobby: {listings} complete listings, {room_gets} room GETs answered during the takeover ({:?})",
        killed.elapsed()
    );
    let stored: f64 =
        [nodes[0].metric("gb_room_info_stored_total").await, nodes[1].metric("gb_room_info_stored_total").await]
            .iter()
            .sum();
    println!("lobby: {stored} room GETs answered from the stored row");

    // Once the new owners have rebuilt them, both survivors list what was listed before the kill.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let lists = [lobby(&nodes[0].base).await, lobby(&nodes[1].base).await];
        if lists[0] == first && lists[1] == first {
            break;
        }
        assert!(Instant::now() < deadline, "after the takeover: {} / {} vs {first}", lists[0], lists[1]);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Any node answers a room's calls (relayed to the owner), and names the node that ran them, the owner, in
/// `x-gb-node` (its `/healthz` `node`): how a client that wants its sockets on the owner finds it (gb-loadgen's
/// `--local` baseline took the answering node for the owner, which relaying made every node).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_call_names_the_owner_whichever_node_answers_it() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let nodes = start_nodes(&db, 2, &[]).await;
    let host = guest_at(&nodes[0].base, "Ann").await;
    let (room, owner_base) = create_room(&store, &nodes[0], &host, 1, Value::Null).await;
    let owner = owner_of(&store, &room).await.unwrap().expect("an owner").node;
    let health = get_json(&reqwest::Client::new(), &format!("{owner_base}/healthz")).await;
    assert_eq!(health["node"], owner.as_str(), "{health}");
    // Its info too (issue 45: `GET /api/rooms/{id}` named no node).
    for node in &nodes {
        let r = reqwest::get(format!("{}/api/rooms/{room}", node.base)).await.unwrap();
        assert_eq!(r.status(), 200);
        let named = r.headers().get("x-gb-node").map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(named.as_deref(), Some(owner.as_str()), "info on {}", node.base);
    }
    for (i, node) in nodes.iter().enumerate() {
        let g = guest_at(&node.base, &format!("Guest{i}")).await;
        let r = g
            .client
            .post(format!("{}/api/rooms/{room}/seats", node.base))
            .json(&json!({ "preconstructed": "fire-and-wind" }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "seat {i} on {}", node.base);
        let named = r.headers().get("x-gb-node").map(|v| v.to_str().unwrap().to_owned());
        let relayed = node.base != owner_base;
        assert_eq!(named.as_deref(), Some(owner.as_str()), "seat {i} on {} (relayed: {relayed})", node.base);
    }
}
