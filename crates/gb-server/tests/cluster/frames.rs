//! Every frame alike on every node (issue #15, "Proof"; docs/multi-node.md "Tests"): three real `gb-server`
//! processes on a fresh PostgreSQL database and the real NATS, and matches whose every viewer kind (seat A, seat
//! B, a spectator) has a socket on each of the three nodes, so each kind is served once by the owner itself (what
//! a single node sends) and twice relayed. Seat A plays from the node after the owner and seat B from the one
//! after that, so every intent travels by NATS request/reply. When the match ends, each kind's frames (`snapshot`,
//! `update`, `skip`, `history`: everything but the per-socket `welcome`, `room`, `accepted` and `rejected`) are
//! the same bytes, in the same order, on all three nodes; so is each seat's `rejected` answer to a refused intent.
use crate::cluster::{index_of, seated, start_nodes};
use crate::helpers::{Backend, test_database};
use crate::wsclient::{Ws, connect, play_seat_keep, stream_frames, watch_to_end};
use futures_util::future::{BoxFuture, join_all};
use gb_server::Db;
use serde_json::{Value, json};
use std::collections::HashMap;

const NODES: usize = 3;
const MATCHES: usize = 2;
const KINDS: [&str; 3] = ["seat A", "seat B", "spectator"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_kind_gets_the_owners_bytes_on_every_node() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let nodes = start_nodes(&db, NODES, &[]).await;
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();

    let mut plays: Vec<BoxFuture<'static, (usize, usize, usize, Ws)>> = Vec::new();
    let mut owners = Vec::new();
    for m in 0..MATCHES {
        let (room, [a, b], owner) = seated(&store, &nodes[m % NODES], Value::Null).await;
        let o = index_of(&nodes, &owner);
        owners.push(o);
        // Every socket is open (and has its snapshot of version 0) before anyone plays.
        for (kind, cookie) in [Some(&a.cookie), Some(&b.cookie), None].into_iter().enumerate() {
            let role = if cookie.is_some() { "player" } else { "spectator" };
            for (n, base) in bases.iter().enumerate() {
                let (ws, _) = connect(base, &room, cookie.map(String::as_str), role, None).await;
                // Seat A's player on the node after the owner, seat B's on the one after that: both relayed.
                let plays_here = kind < 2 && n == (o + 1 + kind) % NODES;
                plays.push(Box::pin(async move {
                    let ws = if plays_here {
                        play_seat_keep(ws, 300 + (m * 2 + kind) as u64, 60).await.1
                    } else {
                        let mut ws = ws;
                        watch_to_end(&mut ws).await;
                        ws
                    };
                    (m, kind, n, ws)
                }));
            }
        }
    }
    let mut sockets = join_all(plays).await;

    // A refused intent is answered alike too: the owner's `rejected`, forwarded untouched.
    let mut refusals: HashMap<(usize, usize, usize), String> = HashMap::new();
    for (m, kind, n, ws) in sockets.iter_mut().filter(|s| s.1 < 2) {
        let bogus = json!({ "type": "play_gem", "card": 999_999, "hero": "left" });
        ws.send(json!({ "type": "intent", "seq": 9_000, "intent": bogus })).await;
        ws.next_of("rejected").await;
        refusals.insert((*m, *kind, *n), ws.raw.last().unwrap().clone());
    }

    for m in 0..MATCHES {
        for (kind, name) in KINDS.iter().enumerate() {
            let frames = |n: usize| {
                let (.., ws) = sockets.iter().find(|(mm, k, nn, _)| (*mm, *k, *nn) == (m, kind, n)).unwrap();
                stream_frames(ws)
            };
            let reference = frames(owners[m]);
            let updates = reference.iter().filter(|t| t.starts_with(r#"{"type":"update""#)).count();
            assert!(updates > 10, "match {m} was played: {name} got {updates} updates");
            for n in (0..NODES).filter(|n| *n != owners[m]) {
                let relayed = frames(n);
                let first_difference = reference.iter().zip(&relayed).position(|(x, y)| x != y);
                assert!(
                    relayed == reference,
                    "match {m}, {name}: node {n} (relayed) sent {} frames, the owner (node {}) {}; first \
                     difference at {first_difference:?}",
                    relayed.len(),
                    owners[m],
                    reference.len()
                );
            }
            if kind < 2 {
                let refused = &refusals[&(m, kind, owners[m])];
                for n in (0..NODES).filter(|n| *n != owners[m]) {
                    assert_eq!(&refusals[&(m, kind, n)], refused, "match {m}, {name}: node {n}'s rejected");
                }
            }
            println!(
                "cluster frames: match {m} (owner node {}), {name}: {updates} updates alike on 3 nodes",
                owners[m]
            );
        }
    }
}
