//! A drain under live play (issue 45; docs/multi-node.md "Drain (SIGTERM)"): three nodes, live matches with
//! both seats relayed; the node owning the most of them gets SIGTERM while it also carries relayed sockets of
//! other nodes' rooms (seats and spectators). It exits 0; every room it owned is handed over (claimed by
//! `handover`, at its epoch + 1, no room waits for a lease to expire); seats relayed through the surviving
//! nodes keep their sockets across the move (the owner announcement, "Owner announcements"); the drained
//! node's own clients reconnect elsewhere and resume by version. Nothing acknowledged is lost or doubled
//! (live.rs `finish`: I1, I2, I6).
use crate::cluster::start_nodes;
use crate::helpers::{Backend, test_database};
use crate::live::{LIMITS, busiest, finish, owned_by, start_tables, totals, under_way};
use gb_server::Db;
use std::time::{Duration, Instant};

/// Claims of released rooms (`handover`, `placed`) and of rooms whose owner's lease expired (`failover`) on
/// `which` nodes.
async fn released_claims(nodes: &[crate::cluster::Node], which: &[usize]) -> (f64, f64) {
    let (mut released, mut failover) = (0.0, 0.0);
    for &i in which {
        released += nodes[i].metric_with("gb_room_claims_total", r#"reason="handover""#).await;
        released += nodes[i].metric_with("gb_room_claims_total", r#"reason="placed""#).await;
        failover += nodes[i].metric_with("gb_room_claims_total", r#"reason="failover""#).await;
    }
    (released, failover)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drain_under_live_play_hands_every_room_over() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let mut nodes = start_nodes(&db, 3, &LIMITS).await;
    let tables = start_tables(&store, &nodes, 12, Duration::from_millis(100), 4500).await;
    under_way(&store, &tables, 4).await;

    let d = busiest(&store, &nodes, &tables).await;
    let owned = owned_by(&store, nodes[d].base.trim_start_matches("http://")).await;
    // It also carries relayed sockets: seat A of the rooms owned by the node before it, seat B of the node
    // before that, and spectators.
    let relayed_here = tables.iter().filter(|t| t.owner != d && t.seat_nodes.contains(&d)).count();
    assert!(!owned.is_empty() && relayed_here > 0, "the drained node owns rooms and relays others'");
    let survivors: Vec<usize> = (0..nodes.len()).filter(|i| *i != d).collect();
    let claims_before = released_claims(&nodes, &survivors).await;
    let sent = Instant::now();
    nodes[d].signal("-TERM");
    let status = tokio::time::timeout(Duration::from_secs(25), nodes[d].server.0.wait()).await.expect("exits");
    let exited = sent.elapsed();
    assert!(status.unwrap().success(), "a drained node exits 0");

    // Every room it owned is claimed at epoch + 1 by a survivor, without waiting for a lease to expire.
    let deadline = Instant::now() + Duration::from_secs(5);
    for (room, epoch) in &owned {
        let after =
            crate::cluster::owner_after(&store, room, *epoch, deadline.saturating_duration_since(Instant::now())).await;
        assert_eq!(after.map(|o| o.epoch), Some(epoch + 1), "{room} handed over in one claim");
    }
    let moved = sent.elapsed();
    // The claim counts once the room is rebuilt, a moment after its lease row moved. A released room without a
    // clock carries no `handover_json`, so its claim counts as `placed` (sweep.rs), as new rooms' claims did
    // before the drain; none may count as `failover`.
    let mut handover = 0.0;
    for _ in 0..100 {
        handover = released_claims(&nodes, &survivors).await.0 - claims_before.0;
        if handover as usize >= owned.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let failover = released_claims(&nodes, &survivors).await.1 - claims_before.1;
    assert_eq!(handover as usize, owned.len(), "each room claimed once released");
    assert_eq!(failover, 0.0, "no room waited for a lease to expire");
    // Restarted on its ports, so its clients' next reconnection finds a node there again.
    let node = nodes.remove(d).restart().await;
    nodes.insert(d, node);

    let played = finish(&store, tables).await;
    for p in &played {
        for (report, node) in p.reports.iter().zip(p.seat_nodes) {
            if node != d {
                assert_eq!(report.connects, 1, "a seat relayed through a surviving node kept its socket ({})", p.room);
            }
        }
    }
    let (acked, changed) = totals(&played);
    println!(
        "drain under live play: {} rooms owned and {relayed_here} rooms relayed by the drained node; exited \
         {exited:?} after SIGTERM, every room claimed by handover {moved:?} after it; {changed} of {} matches \
         changed owner; {acked} acknowledged intents, all in the log, none twice",
        owned.len(),
        played.len()
    );
    assert!(changed > 0, "the drained node's matches continued under a new owner");
}
