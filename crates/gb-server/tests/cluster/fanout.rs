//! One NATS subscription per subject per node (issue #15, docs/multi-node.md "Relayed sockets share their
//! subscriptions"): two real `gb-server` processes on a fresh PostgreSQL database and the real NATS. Several
//! spectators of one room on the node that does not own it cost that node one subscription to the spectators'
//! frames and one to the room's owner notices (`gb_relay_subscriptions`), whatever their number; each still gets
//! byte for byte what a spectator on the owner gets, resumes by version on its own, and the last one to leave
//! takes the subscriptions with it.
use crate::cluster::{Node, seated, start_nodes};
use crate::helpers::{Backend, test_database};
use crate::wsclient::{Ws, connect, play_seat, stream_frames, watch_to_end};
use gb_server::Db;
use serde_json::Value;
use std::time::{Duration, Instant};

/// Relayed spectators of one room on one node.
const SPECTATORS: usize = 3;

/// Waits (5 s at most) until `node`'s `name` reads `want`.
async fn metric_reaches(node: &Node, name: &str, want: f64) {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let got = node.metric(name).await;
        if got == want {
            return;
        }
        assert!(Instant::now() < deadline, "{name} on {} is {got}, not {want}", node.base);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn relayed_spectators_of_one_room_share_one_subscription_and_get_the_owners_frames() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let nodes = start_nodes(&db, 2, &[]).await;
    let (room, [a, b], owner) = seated(&store, &nodes[0], Value::Null).await;
    let relay = nodes.iter().find(|n| n.base != owner).expect("a node that does not own the room");
    assert_eq!(relay.metric("gb_relay_subscriptions").await, 0.0, "nothing relayed yet");

    // A reference spectator on the owner, then the relayed ones, all before play starts.
    let (mut local, _) = connect(&owner, &room, None, "spectator", None).await;
    let mut relayed: Vec<Ws> = Vec::new();
    for _ in 0..SPECTATORS {
        relayed.push(connect(&relay.base, &room, None, "spectator", None).await.0);
    }
    metric_reaches(relay, "gb_relayed_sockets", SPECTATORS as f64).await;
    // The spectators' frame subject and the room's owner subject: two, not 2 × SPECTATORS.
    assert_eq!(relay.metric("gb_relay_subscriptions").await, 2.0, "one subscription per subject");

    let (wa, _) = connect(&owner, &room, Some(&a.cookie), "player", None).await;
    let (wb, _) = connect(&owner, &room, Some(&b.cookie), "player", None).await;
    tokio::join!(play_seat(wa, 31, 30), play_seat(wb, 32, 30));
    watch_to_end(&mut local).await;
    for ws in relayed.iter_mut() {
        watch_to_end(ws).await;
    }
    let reference = stream_frames(&local);
    assert!(reference.len() > 2, "the match was played: {} frames", reference.len());
    for (i, ws) in relayed.iter().enumerate() {
        assert_eq!(stream_frames(ws), reference, "relayed spectator {i}: the owner's bytes, none missing or twice");
    }

    // A socket joining later resumes by its own version, through the same subscription.
    let versioned: Vec<(u64, &String)> = reference
        .iter()
        .filter_map(|t| {
            let v: Value = serde_json::from_str(t).unwrap();
            matches!(v["type"].as_str(), Some("update" | "skip")).then(|| (v["v"].as_u64().unwrap(), t))
        })
        .collect();
    let last = versioned.last().expect("versions were played").0;
    let from = last - 3;
    let (mut late, _) = connect(&relay.base, &room, None, "spectator", Some(from as u32)).await;
    let mut missed = Vec::new();
    while missed.len() < 3 {
        let m = late.next().await.expect("the frames after its version");
        if matches!(m["type"].as_str(), Some("update" | "skip")) {
            missed.push(late.raw.last().unwrap().clone());
        }
    }
    let want: Vec<String> = versioned.iter().filter(|(v, _)| *v > from).map(|(_, t)| (*t).clone()).collect();
    assert_eq!(missed, want, "resumed by version through the shared subscription");
    assert_eq!(relay.metric("gb_relay_subscriptions").await, 2.0, "a fourth socket shares them too");

    // The last socket to leave unsubscribes.
    drop(late);
    drop(relayed);
    metric_reaches(relay, "gb_relayed_sockets", 0.0).await;
    metric_reaches(relay, "gb_relay_subscriptions", 0.0).await;
}
