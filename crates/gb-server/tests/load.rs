//! Concurrent matches: several rooms, each with two random players (no think time) and one spectator, over real
//! WebSockets against an in-process server on SQLite. It checks that every match finishes and that every accepted
//! intent shows up in the server's latency and persistence histograms, and prints the figures (no timing is
//! asserted: the machine is shared). For a real load run use `gb-loadgen`; here
//! `GB_LOAD_ROOMS=36 cargo test -p gb-server --release --test load -- --nocapture` scales it up.
#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "api/wsclient.rs"]
mod wsclient;

use helpers::{Backend, spawn_app_with};
use std::time::Instant;
use wsclient::{connect, game_over, play_seat, public_room, seated_room};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_dozens_of_matches() {
    let rooms: usize = std::env::var("GB_LOAD_ROOMS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    let backend = if std::env::var("GB_LOAD_PG").is_ok() { Backend::Postgres } else { Backend::Sqlite };
    let app = spawn_app_with(backend, |s| s.ws_rate_per_sec = 1000).await;
    let base = app.address.clone();
    let mut tables = Vec::new();
    for _ in 0..rooms {
        let (room, [a, b]) = seated_room(&base, public_room()).await;
        let (wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
        let (wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
        let (spec, _) = connect(&base, &room, None, "spectator", None).await;
        tables.push((wa, wb, spec));
    }
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (i, (wa, wb, mut spec)) in tables.into_iter().enumerate() {
        tasks.push(tokio::spawn(async move {
            let watch = tokio::spawn(async move {
                while let Some(m) = spec.next().await {
                    if game_over(&m) {
                        break;
                    }
                }
            });
            let (fa, _) = tokio::join!(play_seat(wa, 2 * i as u64, 250), play_seat(wb, 2 * i as u64 + 1, 250));
            let _ = watch.await;
            fa.iter().rev().find_map(|f| f["v"].as_u64()).unwrap_or(0)
        }));
    }
    let mut intents = 0;
    for t in tasks {
        intents += t.await.unwrap();
    }
    let secs = started.elapsed().as_secs_f64();
    println!("{rooms} matches ({backend:?}), {intents} intents in {secs:.2} s: {:.0} intents/s", intents as f64 / secs);
    let metrics = app.metrics().await;
    for name in ["gb_intent_to_last_frame_seconds", "gb_persist_latency_seconds"] {
        let (count, p50, p99) = quantiles(&metrics, name);
        println!("{name}: {count} samples, p50 <= {p50} s, p99 <= {p99} s (bucket upper bounds)");
    }
    let batches = value(&metrics, "gb_persist_batch_size_count");
    let inline = value(&metrics, "gb_persist_inline_total");
    println!("group commit: {batches} transactions for {intents} intents, {inline} of them written by their room");
    // Every match ended (each task returned its last version) and every accepted intent was measured and persisted.
    assert!(intents >= 4 * rooms as u64, "{rooms} matches produced only {intents} versions");
    let (frames, _, _) = quantiles(&metrics, "gb_intent_to_last_frame_seconds");
    let (persisted, _, _) = quantiles(&metrics, "gb_persist_latency_seconds");
    // The last few samples may land just after the clients saw the end; nearly all must be there.
    assert!(frames >= 0.9 * intents as f64, "{frames} latency samples for {intents} intents");
    assert!(persisted >= 1.0 && batches >= 1.0, "no persistence was measured");
    // A row its room wrote is a group of its own, so never more of them than groups; none on PostgreSQL, where
    // every row goes through the writer.
    assert!(inline <= batches, "{inline} rows written inline, {batches} groups");
    if backend == Backend::Postgres {
        assert_eq!(inline, 0.0, "an inline append on PostgreSQL");
    }
}

fn value(metrics: &str, name: &str) -> f64 {
    metrics.lines().find_map(|l| l.strip_prefix(name)?.trim().parse().ok()).unwrap_or(0.0)
}

/// Count and upper bounds of the buckets holding the median and the 99th percentile.
fn quantiles(metrics: &str, name: &str) -> (f64, String, String) {
    let prefix = format!("{name}_bucket{{le=\"");
    let buckets: Vec<(String, f64)> = metrics
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix(&prefix)?;
            let (le, n) = rest.split_once("\"} ")?;
            Some((le.to_owned(), n.trim().parse().ok()?))
        })
        .collect();
    let count = buckets.last().map_or(0.0, |b| b.1);
    let at = |q: f64| buckets.iter().find(|b| b.1 >= q * count).map_or("?".to_owned(), |b| b.0.clone());
    (count, at(0.5), at(0.99))
}
