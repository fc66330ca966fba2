//! Durable intent appends through the group-commit writer (`persist.rs`), the way rooms use it: R rooms each
//! append V versions one after another, each waiting for its ack before the next (a room tells nobody about
//! a version before it is durable). Prints rows per second, batch sizes and ack latency quantiles.
//!
//! `cargo bench -p gb-server --bench append [-- ROOMS VERSIONS]` (default 4000 rooms × 25 versions) on a
//! temporary SQLite file (WAL, synchronous=NORMAL, as the server runs it); set `GB_BENCH_DATABASE_URL` to a
//! PostgreSQL URL to measure that backend instead.
use gb_server::Db;
use gb_server::db::matches::{AppendRow, insert_match};
use gb_server::db::status::MatchStatus;
use gb_server::persist::Persist;
use gb_server::seed::StoredSetup;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let rooms = args.first().copied().unwrap_or(4000);
    let versions = args.get(1).copied().unwrap_or(25);
    let dir = std::env::temp_dir().join(format!("gb-append-bench-{}", std::process::id()));
    let url = std::env::var("GB_BENCH_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}/gb.sqlite?mode=rwc", dir.display()));
    let db = Db::connect(&url).await?;
    let mut match_ids = Vec::with_capacity(rooms);
    for r in 0..rooms {
        match_ids.push(
            insert_match(&db, &format!("bench-{r}"), "hash", StoredSetup::undealt(), MatchStatus::Playing).await?.id,
        );
    }
    let tracker = TaskTracker::new();
    let shutdown = CancellationToken::new();
    let persist = Persist::spawn(db.clone(), &tracker, shutdown.clone());
    let started = Instant::now();
    let mut rooms_done = tokio::task::JoinSet::new();
    for match_id in match_ids {
        let persist = persist.clone();
        rooms_done.spawn(async move {
            let mut latencies = Vec::with_capacity(versions);
            for v in 1..=versions {
                let row = AppendRow {
                    match_id: match_id.clone(),
                    version: v as i64,
                    seat: (v % 2) as i64,
                    // A typical intent and clock record, as the rooms write them.
                    intent_json: r#"{"type":"equip_gem","card":17,"hero":"center"}"#.to_owned(),
                    meta_json: Some(r#"{"clocks":{"a_ms":1500000,"b_ms":1499000,"running":"b"},"flag":null}"#.into()),
                    finish: None,
                    epoch: 0,
                    intent_key: None,
                    rated: None,
                };
                let t = Instant::now();
                persist.append(row).await.expect("append");
                latencies.push(t.elapsed());
            }
            latencies
        });
    }
    let mut latencies: Vec<Duration> = Vec::with_capacity(rooms * versions);
    while let Some(done) = rooms_done.join_next().await {
        latencies.extend(done?);
    }
    let elapsed = started.elapsed();
    let batches = persist.batches_committed();
    shutdown.cancel();
    drop(persist);
    tracker.close();
    tracker.wait().await;
    latencies.sort();
    let q = |p: f64| latencies[((latencies.len() - 1) as f64 * p) as usize].as_secs_f64() * 1000.0;
    let rows = latencies.len();
    println!(
        "{backend}: {rooms} rooms × {versions} versions = {rows} rows in {:.2} s: {:.0} durable appends/s; \
         mean batch {:.1} rows; ack latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        elapsed.as_secs_f64(),
        rows as f64 / elapsed.as_secs_f64(),
        rows as f64 / batches.max(1) as f64,
        q(0.5),
        q(0.99),
        q(1.0),
        backend = if url.starts_with("sqlite") { "SQLite" } else { "PostgreSQL" },
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
