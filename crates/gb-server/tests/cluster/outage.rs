//! A NATS outage under live cluster play (issue 45; docs/multi-node.md "NATS outage"). The machine's shared NATS
//! serves other tests, so the three nodes use a private `nats-server` on a port of their own, killed mid-play and
//! started again on the same port within the outage setting (`GB_NATS_OUTAGE_MS`, 5 s). Every seat is relayed,
//! so no match can move while NATS is gone; when it is back every relayed socket re-attaches from the last
//! version it forwarded (the attach reply's catch-up fills what was published meanwhile) and play resumes.
//! Checked as for every cluster test (live.rs `finish`: I1, I2, I6, no gap, every match finished), and that a
//! short outage is ridden out: every seat kept its one socket and no room changed owner (PostgreSQL, which leases
//! need, stayed up).
use crate::cluster::{log, start_nodes};
use crate::helpers::{Backend, test_database};
use crate::live::{LIMITS, finish, start_tables, totals, under_way};
use crate::nats::Nats;
use gb_server::Db;
use std::time::{Duration, Instant};

/// The total number of versions in the matches' logs.
async fn versions(store: &Db, match_ids: &[String]) -> usize {
    let mut n = 0;
    for m in match_ids {
        n += log(store, m).await.len();
    }
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_play_rides_out_a_nats_outage() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let mut nats = Nats::start().await;
    let db = test_database(Backend::Postgres).await;
    let store = Db::connect(&db.url).await.unwrap();
    let url = nats.url();
    let env = [LIMITS[0], LIMITS[1], ("GB_NATS_URL", url.as_str())];
    let nodes = start_nodes(&db, 3, &env).await;
    let tables = start_tables(&store, &nodes, 12, Duration::from_millis(100), 4600).await;
    under_way(&store, &tables, 4).await;
    let match_ids: Vec<String> = tables.iter().map(|t| t.match_id.clone()).collect();

    nats.kill();
    let down = Instant::now();
    // Every seat is relayed: play stops everywhere (an intent in flight may still land).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stalled = versions(&store, &match_ids).await;
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(versions(&store, &match_ids).await, stalled, "no relayed seat could play while NATS was down");
    let nats_health: Vec<String> = {
        let mut v = Vec::new();
        for n in &nodes {
            let h: serde_json::Value = reqwest::get(format!("{}/healthz", n.base)).await.unwrap().json().await.unwrap();
            v.push(h["nats"].as_str().unwrap_or_default().to_owned());
        }
        v
    };
    assert!(nats_health.iter().all(|s| s == "disconnected"), "every node saw the outage: {nats_health:?}");
    nats.restart().await;
    let outage = down.elapsed();

    // Play resumes: the logs grow again.
    let back = Instant::now();
    while versions(&store, &match_ids).await <= stalled {
        assert!(back.elapsed() < Duration::from_secs(10), "play did not resume after NATS came back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let resumed = back.elapsed();

    let played = finish(&store, tables).await;
    for p in &played {
        assert_eq!(p.epochs.len(), 1, "no room changed owner ({})", p.room);
        for r in &p.reports {
            assert_eq!(r.connects, 1, "a relayed seat rode the outage out on its socket ({})", p.room);
        }
    }
    let resyncs: f64 = {
        let mut n = 0.0;
        for node in &nodes {
            n += node.metric("gb_relay_resync_total").await;
        }
        n
    };
    let (acked, _) = totals(&played);
    println!(
        "NATS outage under live play: {} matches, NATS down for {outage:?}, the first version after it {resumed:?} \
         after its return; {resyncs} relay re-attaches; {acked} acknowledged intents, all in the log, none twice; \
         every match finished on its first owner, every seat on its first socket",
        played.len()
    );
}
