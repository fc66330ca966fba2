//! Chaos: live matches with spectators while the real server is SIGKILLed at random intervals and started
//! again on the same database; every client reconnects with what it held (resume). Counted: acknowledged
//! intents lost (an `accepted {seq, v}` whose logged version is not that intent), duplicated (one version
//! acknowledged twice), spectators that went backwards (a frame or welcome older than one already shown), and
//! matches finished. All but the last must be 0; every match must finish.
//!
//! The test is a short run (a few matches, kills every 2–4 s). The long run in BENCHMARKS.md sets, e.g.,
//! `GB_CHAOS_MATCHES=200 GB_CHAOS_KILL_SECS=20-40`; `GB_CHAOS_SPECTATORS` (per match, 1) and
//! `GB_CHAOS_INTENTS` (per seat before it concedes, 40), `GB_CHAOS_THINK_MS` (before each intent, 150) and
//! `GB_CHAOS_MINUTES` (the run's limit, 4) tune the rest.
#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;
#[allow(dead_code)]
#[path = "support/players.rs"]
mod players;
#[path = "support/process.rs"]
mod process;
#[allow(dead_code)]
#[path = "api/wsclient.rs"]
mod wsclient;

use helpers::{Backend, test_database};
use players::{Player, SeatReport, Target, play_seat, watch};
use process::{free_port, start};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};
use wsclient::{Lcg, seated_room};

fn setting(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

struct Table {
    match_id: String,
    seats: [tokio::task::JoinHandle<SeatReport>; 2],
    spectators: Vec<tokio::task::JoinHandle<u32>>,
}

async fn chaos(backend: Backend) {
    let matches: usize = setting("GB_CHAOS_MATCHES", "4").parse().unwrap();
    let spectators: usize = setting("GB_CHAOS_SPECTATORS", "1").parse().unwrap();
    let max: u32 = setting("GB_CHAOS_INTENTS", "40").parse().unwrap();
    let think = Duration::from_millis(setting("GB_CHAOS_THINK_MS", "150").parse().unwrap());
    let kill_secs = setting("GB_CHAOS_KILL_SECS", "2-4");
    let (lo, hi) = kill_secs.split_once('-').expect("GB_CHAOS_KILL_SECS is MIN-MAX");
    let (lo, hi): (u64, u64) = (lo.parse().unwrap(), hi.parse().unwrap());
    let until = Instant::now() + Duration::from_secs(setting("GB_CHAOS_MINUTES", "4").parse::<u64>().unwrap() * 60);

    let db = test_database(backend).await;
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    // Every socket comes from 127.0.0.1, and all reconnect at once after each kill. A room waits for its
    // seats longer than the one second recovery.rs gives it: setting up 200 rooms on a busy machine is slow.
    let env = [
        ("GB_MAX_CONNECTIONS_PER_ADDR", "8192"),
        ("GB_WS_OPENS_PER_ADDR_BURST", "1000000"),
        ("GB_ROOM_IDLE_SECS", "60"),
    ];
    let mut server = start(&db.url, port, &env).await;
    let mut tables = Vec::new();
    for i in 0..matches {
        // Half the rooms hold spectators back a second: the delay must survive the restarts too.
        let delay = if i % 2 == 1 { json!({ "seconds": 1 }) } else { Value::Null };
        let body =
            json!({ "visibility": "public", "best_of": 1, "spectator_delay": delay, "clock": null, "vs_bot": false });
        let (room, [a, b]) = seated_room(&base, body).await;
        let info: Value = reqwest::get(format!("{base}/api/rooms/{room}")).await.unwrap().json().await.unwrap();
        let match_id = info["games"][0]["match_id"].as_str().unwrap().to_owned();
        let seed = 1000 + 2 * i as u64;
        let seats = [(a.cookie, seed), (b.cookie, seed + 1)].map(|(cookie, seed)| {
            let me = Player { rng: Lcg(seed), think, max, seq: 0, sent: HashMap::new() };
            tokio::spawn(play_seat(Target::Fixed(base.clone()), room.clone(), cookie, me, until))
        });
        let spectators =
            (0..spectators).map(|_| tokio::spawn(watch(Target::Fixed(base.clone()), room.clone(), until))).collect();
        tables.push(Table { match_id, seats, spectators });
    }

    let mut rng = Lcg(7);
    let mut kills = 0;
    let running = || tables.iter().any(|t| t.seats.iter().any(|s| !s.is_finished()));
    while running() && Instant::now() < until {
        let next = Instant::now() + Duration::from_secs(lo + rng.below((hi - lo + 1) as usize) as u64);
        while running() && Instant::now() < next {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        if running() {
            server.sigkill().await;
            kills += 1;
            server = start(&db.url, port, &env).await;
        }
    }

    let store = gb_server::Db::connect(&db.url).await.unwrap();
    let (mut acked, mut lost, mut duplicated, mut backwards, mut finished) = (0, 0, 0, 0, 0);
    for t in tables {
        let log = gb_server::db::matches::log_with_meta(&store, &t.match_id).await.unwrap();
        let mut versions = HashSet::new();
        let mut done = true;
        for (seat, handle) in t.seats.into_iter().enumerate() {
            let report = handle.await.unwrap();
            done &= report.finished;
            for ack in report.acks {
                acked += 1;
                duplicated += u32::from(!versions.insert(ack.v));
                let logged = log
                    .get(ack.v as usize - 1)
                    .filter(|row| row.seat == seat as i64)
                    .map(|row| serde_json::from_str::<gb_core::Intent>(&row.intent_json).unwrap());
                let sent: gb_core::Intent = serde_json::from_value(ack.intent).unwrap();
                lost += u32::from(logged.as_ref() != Some(&sent));
            }
        }
        for s in t.spectators {
            backwards += s.await.unwrap();
        }
        finished += usize::from(done);
    }
    println!(
        "chaos ({backend:?}): {matches} matches, {spectators} spectator(s) each, {kills} SIGKILLs; \
         {acked} acknowledged intents: {lost} lost, {duplicated} duplicated; \
         {backwards} spectator steps backwards; {finished}/{matches} matches finished"
    );
    assert!(kills >= 1, "the server was never killed: the run was too short to mean anything");
    assert_eq!((lost, duplicated, backwards), (0, 0, 0));
    assert_eq!(finished, matches, "every match finished");
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_sqlite() {
    chaos(Backend::Sqlite).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_postgres() {
    chaos(Backend::Postgres).await
}
