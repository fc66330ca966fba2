//! Crash recovery with the real binary: several matches are played partway over WebSockets, the server is
//! killed with SIGKILL, restarted on the same database, and every match resumes at exactly its last accepted
//! version; the players reconnect with their last version and finish. Runs on SQLite and PostgreSQL.
#[allow(dead_code)]
#[path = "api/helpers.rs"]
mod helpers;
#[path = "support/process.rs"]
mod process;
#[allow(dead_code)]
#[path = "api/wsclient.rs"]
mod wsclient;

use gb_server::protocol::ViewState;
use helpers::{Backend, test_database};
use process::{free_port, start};
use serde_json::{Value, json};
use wsclient::{Lcg, Ws, advance, choose, connect, game_over, play_seat, public_room, resume, seated_room};

struct Table {
    room: String,
    match_id: String,
    /// The seed commitment the room published while the game was live (before the crash).
    seed_hash: String,
    cookies: [String; 2],
    last: [Value; 2],
    /// What each seat's client held when the server died: it resumes with it, as a browser would.
    held: [ViewState; 2],
    version: u32,
}

async fn sigkill_loses_no_accepted_intent(backend: Backend) {
    let db = test_database(backend).await;
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let server = start(&db.url, port, &[]).await;
    let mut tables = Vec::new();
    for (i, moves) in [3u32, 8, 13].into_iter().enumerate() {
        let (room, [a, b]) = seated_room(&base, public_room()).await;
        let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
        let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
        let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
        let version = advance([&mut wa, &mut wb], &mut last, &mut Lcg(i as u64 + 40), moves).await;
        assert_eq!(version, moves);
        let info: Value = reqwest::get(format!("{base}/api/rooms/{room}")).await.unwrap().json().await.unwrap();
        let match_id = info["games"][0]["match_id"].as_str().unwrap().to_owned();
        let seed_hash = info["games"][0]["seed_hash"].as_str().unwrap().to_owned();
        let held = [wa.held(), wb.held()];
        tables.push(Table { room, match_id, seed_hash, cookies: [a.cookie, b.cookie], last, held, version });
    }
    // One more room has an intent in flight when the server dies: sent, not yet answered.
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let seen = advance([&mut wa, &mut wb], &mut last, &mut Lcg(77), 5).await;
    let owner = usize::from(choose(&last[0], &mut Lcg(0)).is_none());
    let pending = choose(&last[owner], &mut Lcg(78)).unwrap();
    let ws = if owner == 0 { &mut wa } else { &mut wb };
    ws.send(json!({ "type": "intent", "seq": 1, "intent": pending })).await;
    let inflight = (room, [a.cookie, b.cookie], seen, owner, pending, [wa.held(), wb.held()]);
    server.sigkill().await;

    let _server = start(&db.url, port, &[]).await;
    let client = reqwest::Client::new();
    for t in &mut tables {
        let info: Value =
            client.get(format!("{base}/api/rooms/{}", t.room)).send().await.unwrap().json().await.unwrap();
        assert_eq!(info["version"], t.version, "room {} resumed at its last accepted version", t.room);
        assert_eq!(info["status"], "playing");
    }
    // A client two versions behind gets exactly those two frames, rebuilt by replay byte for byte.
    for t in &tables {
        let (mut ws, _) = connect(&base, &t.room, Some(&t.cookies[0]), "player", Some(t.version - 2)).await;
        assert_eq!(wsclient::next_version(&mut ws).await["v"], t.version - 1);
        let head = wsclient::next_version(&mut ws).await;
        assert_eq!(head["v"], t.version);
        if t.last[0]["v"] == t.version {
            // The test client adds the patched `view` and `legal` to an update when it holds a snapshot; this
            // resumed socket holds none, so compare the wire frames alone.
            let mut sent = t.last[0].clone();
            let wire = sent.as_object_mut().expect("a frame is an object");
            wire.remove("view");
            wire.remove("legal");
            assert_eq!(head, sent, "the rebuilt frame equals the one sent before the crash");
        }
    }
    // Players reconnect with their last version: nothing is missing, nothing is replayed twice, and they play on.
    let mut games = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let mut socks: Vec<Ws> = Vec::new();
        for seat in 0..2 {
            let (mut ws, w) = resume(&base, &t.room, Some(&t.cookies[seat]), t.held[seat].clone()).await;
            assert_eq!(w["version"], t.version);
            assert_eq!(w["seat"], ["A", "B"][seat]);
            ws.send(json!({ "type": "ping" })).await;
            loop {
                let m = ws.next().await.unwrap();
                match m["type"].as_str() {
                    Some("pong") => break,
                    Some("room") => continue,
                    _ => panic!("nothing should be replayed at the head: {m}"),
                }
            }
            socks.push(ws);
        }
        // Whoever owed a decision before the crash still owes the same one: play the remembered choice.
        let owner = usize::from(choose(&t.last[0], &mut Lcg(0)).is_none());
        let intent = choose(&t.last[owner], &mut Lcg(i as u64)).expect("someone owes");
        socks[owner].send(json!({ "type": "intent", "seq": 1, "intent": intent })).await;
        let wb = socks.pop().unwrap();
        let wa = socks.pop().unwrap();
        games.push(tokio::spawn(async move {
            let (fa, fb) = tokio::join!(play_seat(wa, 7 + i as u64, 300), play_seat(wb, 8 + i as u64, 300));
            (fa, fb)
        }));
    }
    // The in-flight intent either became version 6 (and reconnecting clients get exactly that frame) or never
    // happened (and is simply sent again); either way the game goes on from a version nobody has to doubt.
    let (room, cookies, seen, owner, pending, [held_a, held_b]) = inflight;
    let info: Value = client.get(format!("{base}/api/rooms/{room}")).send().await.unwrap().json().await.unwrap();
    let now = info["version"].as_u64().unwrap() as u32;
    assert!(now == seen || now == seen + 1, "version {now} after {seen} seen");
    let (mut wa, _) = resume(&base, &room, Some(&cookies[0]), held_a).await;
    let (mut wb, _) = resume(&base, &room, Some(&cookies[1]), held_b).await;
    if now == seen + 1 {
        assert_eq!(wsclient::next_version(&mut wa).await["v"], now);
        assert_eq!(wsclient::next_version(&mut wb).await["v"], now);
        let snap_a = connect(&base, &room, Some(&cookies[0]), "player", None).await.0.next_of("snapshot").await;
        if let Some(i) = choose(&snap_a, &mut Lcg(5)) {
            wa.send(json!({ "type": "intent", "seq": 2, "intent": i })).await;
        } else {
            let snap_b = connect(&base, &room, Some(&cookies[1]), "player", None).await.0.next_of("snapshot").await;
            let i = choose(&snap_b, &mut Lcg(5)).expect("someone owes");
            wb.send(json!({ "type": "intent", "seq": 2, "intent": i })).await;
        }
    } else {
        let ws = if owner == 0 { &mut wa } else { &mut wb };
        ws.send(json!({ "type": "intent", "seq": 2, "intent": pending })).await;
    }
    let (fa, fb) = tokio::join!(play_seat(wa, 90, 300), play_seat(wb, 91, 300));
    assert!(game_over(fa.last().unwrap()) && game_over(fb.last().unwrap()));

    for (t, g) in tables.iter().zip(games) {
        let (fa, fb) = g.await.unwrap();
        let first = fa.iter().find(|f| f["type"] == "update").expect("an update after reconnecting");
        assert_eq!(first["v"], t.version + 1, "versions continue where they stopped");
        assert!(game_over(fa.last().unwrap()) && game_over(fb.last().unwrap()));
        // The finished record (published once the room closed) verifies: the log across the crash replays to
        // the recorded result.
        let replay = wsclient::released_replay(&client, &base, &t.match_id).await;
        assert_eq!(replay["finished"], true);
        let record: gb_core::record::MatchRecord = serde_json::from_value(replay["record"].clone()).unwrap();
        let published = &t.seed_hash;
        record.verify(Some(published)).expect("the record verifies against the commitment published at the start");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_recovery_sqlite() {
    sigkill_loses_no_accepted_intent(Backend::Sqlite).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_recovery_postgres() {
    sigkill_loses_no_accepted_intent(Backend::Postgres).await
}
