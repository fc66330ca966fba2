//! Crash recovery with the real binary: several matches are played partway over WebSockets, the server is
//! killed with SIGKILL, restarted on the same database, and every match resumes at exactly its last accepted
//! version; the players reconnect with their last version and finish. Runs on SQLite and PostgreSQL, for
//! two-player rooms and for a free-for-all table of four with a computer seat (issue 16).
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
use wsclient::{
    Lcg, Ws, advance, advance_table, choose, connect, free_for_all, game_over, last_standing, owing, play_seat,
    public_room, quiet_until_pong, resume, seat_of, seated_room, seated_table, stream_frames, try_resume, watch_to_end,
};

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
            quiet_until_pong(&mut ws).await;
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
        verify_record(&client, &base, &t.match_id, &t.seed_hash).await;
    }
}

/// A table of four (MP-1): three people and the computer the host's start seats, with a spectator, played partway;
/// the server is killed (SIGKILL) while a person owes a decision, restarted on the same database, and every seat
/// and the spectator resume by version at exactly what they held: the same version, seating and seed commitment,
/// the missed frames rebuilt byte for byte, and a fresh snapshot equal to the view and legal intents each held.
/// Then they play on to the last one standing (MP-30): the places are stored and the record verifies.
async fn sigkill_four_seats_loses_no_accepted_intent(backend: Backend) {
    let db = test_database(backend).await;
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let server = start(&db.url, port, &[]).await;
    let names = ["Ann", "Bob", "Cy"];
    let (room, guests) = seated_table(&base, free_for_all(4), &names).await;
    // Everyone connects before the start, so every socket is sent the game's first snapshot at the same version.
    let cookies: Vec<Option<String>> = guests.iter().map(|g| Some(g.cookie.clone())).chain([None]).collect();
    let role = |i: usize| if cookies[i].is_some() { "player" } else { "spectator" };
    let mut socks = Vec::new();
    for (i, cookie) in cookies.iter().enumerate() {
        socks.push(connect(&base, &room, cookie.as_deref(), role(i), None).await.0);
    }
    let r = guests[0].client.post(format!("{base}/api/rooms/{room}/start")).json(&json!({})).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let started: Value = r.json().await.unwrap();
    let computers: Vec<&Value> = started["seats"].as_array().unwrap().iter().filter(|s| s["bot"] == true).collect();
    assert_eq!(computers.len(), 1, "the host's start seats one computer: {started}");
    let mut last = Vec::new();
    for ws in &mut socks {
        last.push(ws.next_of("snapshot").await);
    }
    let mut rng = Lcg(16);
    let mut version = advance_table(&mut socks.iter_mut().collect::<Vec<_>>(), &mut last, &mut rng, 30).await;
    // Killed while a person owes: no computer's decision is under way, so every socket is at the room's head.
    while owing(&last).is_none() {
        assert!(!game_over(&last[0]), "the game should outlast the first {version} versions");
        version = advance_table(&mut socks.iter_mut().collect::<Vec<_>>(), &mut last, &mut rng, 1).await;
    }
    let client = reqwest::Client::new();
    let info: Value = client.get(format!("{base}/api/rooms/{room}")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["version"], version);
    let (match_id, seed_hash) = (info["games"][0]["match_id"].clone(), info["games"][0]["seed_hash"].clone());
    server.sigkill().await;

    let _server = start(&db.url, port, &[]).await;
    let back: Value = client.get(format!("{base}/api/rooms/{room}")).send().await.unwrap().json().await.unwrap();
    assert_eq!((&back["version"], &back["status"]), (&json!(version), &json!("playing")), "{back}");
    assert_eq!(back["games"][0]["seed_hash"], seed_hash, "the same game, not a new deal");
    let seating = |info: &Value| names.map(|n| seat_of(info, n));
    assert_eq!(seating(&back), seating(&started), "the seating is stored");
    let mut resumed = Vec::new();
    for (i, (old, cookie)) in socks.iter().zip(&cookies).enumerate() {
        // Two versions behind: exactly the frames this viewer kind was sent before the crash, rebuilt by replay.
        let (mut behind, _) = connect(&base, &room, cookie.as_deref(), role(i), Some(version - 2)).await;
        for _ in 0..2 {
            wsclient::next_version(&mut behind).await;
        }
        let sent = stream_frames(old);
        assert_eq!(stream_frames(&behind), sent[sent.len() - 2..], "{}'s missed frames", role(i));
        // A fresh connection's snapshot is what the viewer held: no accepted intent lost, none added.
        let (mut fresh, _) = connect(&base, &room, cookie.as_deref(), role(i), None).await;
        let snapshot = fresh.next_of("snapshot").await;
        let held = old.held();
        assert_eq!(snapshot["v"], version);
        assert_eq!(
            (&snapshot["view"], snapshot["legal"].as_array().unwrap().as_slice()),
            (held.view(), held.legal_json())
        );
        let (mut ws, welcome) = try_resume(&base, &room, cookie.as_deref(), role(i), held).await.expect("resumed");
        assert_eq!(welcome["version"], version);
        let seat = cookies[i].as_ref().map(|_| seat_of(&started, names[i]));
        assert_eq!(welcome["seat"], json!(seat), "{} resumes in the seat it had", role(i));
        quiet_until_pong(&mut ws).await;
        resumed.push(ws);
    }
    // Whoever owed before the crash still owes the same decision; then everyone plays on. Ann concedes after 30
    // of her intents, Bob after 60, Cy after 90 (MP-29); the computer never does, so someone is left to win.
    let owner = owing(&last).expect("a person owes");
    let intent = choose(&last[owner], &mut rng).expect("the owner has a choice");
    resumed[owner].send(json!({ "type": "intent", "seq": 1, "intent": intent })).await;
    let mut watcher = resumed.pop().unwrap();
    let [w0, w1, w2]: [Ws; 3] = resumed.try_into().unwrap_or_else(|_| unreachable!());
    let (f0, f1, f2, ()) =
        tokio::join!(play_seat(w0, 31, 30), play_seat(w1, 32, 60), play_seat(w2, 33, 90), watch_to_end(&mut watcher));
    drop(watcher);
    for frames in [&f0, &f1, &f2] {
        let first = frames.iter().find(|m| matches!(m["type"].as_str(), Some("update" | "skip"))).unwrap();
        assert_eq!(first["v"], version + 1, "versions continue where they stopped");
    }
    let (winner, places) = last_standing(&[&f0, &f1, &f2], 4);
    // The room records the result before it sends the last frame (room/commit.rs `announce`).
    let done: Value = client.get(format!("{base}/api/rooms/{room}")).send().await.unwrap().json().await.unwrap();
    assert_eq!((&done["games"][0]["winner"], &done["games"][0]["places"]), (&winner, &Value::Array(places)));
    verify_record(&client, &base, match_id.as_str().unwrap(), seed_hash.as_str().unwrap()).await;
}

/// The finished record (published once the room closed) verifies against the seed commitment published while
/// the game was live: the log across the crash replays to the recorded result.
async fn verify_record(client: &reqwest::Client, base: &str, match_id: &str, seed_hash: &str) {
    let replay = wsclient::released_replay(client, base, match_id).await;
    assert_eq!(replay["finished"], true);
    let record: gb_core::record::MatchRecord = serde_json::from_value(replay["record"].clone()).unwrap();
    record.verify(Some(seed_hash)).expect("the record verifies against the commitment published at the start");
}

/// A scenario as two tests, on SQLite and on PostgreSQL, under the names given.
macro_rules! on_both_backends {
    ($scenario:ident: $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            $scenario(Backend::Sqlite).await
        }

        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            $scenario(Backend::Postgres).await
        }
    };
}

on_both_backends!(sigkill_loses_no_accepted_intent: sigkill_recovery_sqlite, sigkill_recovery_postgres);
on_both_backends!(
    sigkill_four_seats_loses_no_accepted_intent: sigkill_recovery_four_seats_sqlite,
    sigkill_recovery_four_seats_postgres
);
