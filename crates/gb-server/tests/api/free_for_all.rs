//! Rooms for three to six seats (issue 16, plan step 11): created with `seats`, listed with one slot per seat,
//! joined over HTTP, started by their host with computers in the empty seats, refused to protocol 5 clients, and
//! each seat and a spectator sent their own redacted view, and played to the last one standing.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::wsclient::{
    Guest, Lcg, Ws, connect, create_room, free_for_all, guest_at, join, last_standing, open, play_seat, seat_of,
    seated_table, watch_to_end,
};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn info(app: &TestApp, g: &Guest, room: &str) -> Value {
    app.get(&g.client, &format!("/api/rooms/{room}")).await.json().await.unwrap()
}

/// What a bad `seats` gets, and what a waiting free-for-all shows and refuses; needs no game.
async fn free_for_all_rooms_are_checked_listed_and_refuse_protocol_5(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let ann = guest_at(&base, "Ann").await;
    for (body, code) in [
        (json!({ "visibility": "public", "best_of": 1, "seats": 7 }), "bad_seats"),
        (json!({ "visibility": "public", "best_of": 1, "seats": 1 }), "bad_seats"),
        (json!({ "visibility": "public", "best_of": 3, "seats": 4 }), "free_for_all_best_of"),
        (json!({ "visibility": "public", "best_of": 1, "seats": 3, "vs_bot": true }), "free_for_all_vs_bot"),
    ] {
        assert_error(app.post(&ann.client, "/api/rooms", &body).await, 422, code).await;
    }
    assert!(gb_server::db::rooms::recent_rooms(&app.db).await.unwrap().is_empty(), "no room was stored");

    let room = create_room(&base, &ann, free_for_all(4)).await;
    let listed: Value = app.get(&ann.client, "/api/rooms").await.json().await.unwrap();
    let open_rooms = listed["open"].as_array().unwrap();
    let mine = open_rooms.iter().find(|r| r["id"] == room.as_str()).expect("listed as open");
    assert_eq!(mine["seats"], json!([null, null, null, null]), "one slot per seat: {mine}");
    assert!(mine.get("host").is_none(), "the host holds no seat yet: {mine}");
    assert_eq!(join(&base, &ann, &room, "fire-and-wind").await, "A");
    let bob = guest_at(&base, "Bob").await;
    assert_eq!(join(&base, &bob, &room, "tide-and-stone").await, "B");
    let seats = info(&app, &ann, &room).await["seats"].clone();
    assert_eq!(seats.as_array().unwrap().len(), 4);
    assert_eq!((seats[0]["display_name"].as_str(), seats[1]["display_name"].as_str()), (Some("Ann"), Some("Bob")));
    assert_eq!((&seats[2], &seats[3]), (&Value::Null, &Value::Null), "still open");
    assert_eq!(info(&app, &bob, &room).await["host"], "A", "the creator's seat, whoever asks");

    // Only the host starts; a stranger's start changes nothing.
    assert_error(app.post(&bob.client, &format!("/api/rooms/{room}/start"), &json!({})).await, 403, "not_host").await;
    assert_eq!(info(&app, &ann, &room).await["status"], "waiting");
    let empty = create_room(&base, &ann, free_for_all(3)).await;
    let r = app.post(&ann.client, &format!("/api/rooms/{empty}/start"), &json!({})).await;
    assert_error(r, 409, "nobody_seated").await;

    // A protocol 5 client knows two seats only: an `error` it can read, then close 4000 (protocol.md).
    crate::wsclient::refused_as_protocol_5(&base, &room, &ann.cookie).await;
    // A two-player room still serves protocol 5, and its welcome says 5.
    let two = create_room(&base, &ann, crate::wsclient::public_room()).await;
    join(&base, &ann, &two, "fire-and-wind").await;
    let mut v5 = open(&base, &two, Some(&ann.cookie), None).await.unwrap();
    v5.send(json!({ "type": "hello", "protocol": 5, "as": "spectator", "last_version": null })).await;
    let welcome = v5.next_of("welcome").await;
    assert_eq!(welcome["protocol"], 5);
    assert_eq!((&welcome["room"]["seats"][0]["seat"], &welcome["room"]["seats"][1]), (&json!("A"), &Value::Null));
    assert!(welcome["room"].get("host").is_none(), "its creator sits, yet its info is protocol 5's: {welcome}");
    // Neither 4 nor a future 7.
    for v in [4, 7] {
        let mut ws = open(&base, &two, None, None).await.unwrap();
        ws.send(json!({ "type": "hello", "protocol": v, "as": "spectator", "last_version": null })).await;
        assert_eq!(ws.close_code().await, Some(4000), "protocol {v}");
    }
}

/// The setup decisions a person answers here; anything else is left alone, so play stops before any attack.
const SETUP: [&str; 3] = ["choose_turn_order", "mulligan", "keep_hand"];

/// Whether `view` is `me`'s (or a spectator's, `me = None`) view with every hand dealt and redacted: its own hand
/// and bench as cards, every other player's as counts only (MP-31).
fn dealt_and_redacted(view: &Value, me: Option<&str>, seats: usize) -> bool {
    let players = view["players"].as_array().expect("players");
    assert_eq!(players.len(), seats, "one player per seat: {view}");
    players.iter().all(|p| {
        let own = me.is_some_and(|s| p["seat"] == s);
        if own {
            assert!(p["hand_count"].is_null() && p["bench_count"].is_null(), "own zones as cards: {p}");
            p["hand"].as_array().is_some_and(|h| !h.is_empty())
        } else {
            assert!(p["hand"].is_null() && p["bench"].is_null(), "another seat's hand or bench shown: {p}");
            p["hand_count"].as_u64().is_some_and(|n| n > 0)
        }
    })
}

/// Reads `ws` until its view is dealt and redacted, answering the setup decisions this seat owes.
async fn until_dealt(ws: &mut Ws, me: Option<&str>, seats: usize, seed: u64) -> Value {
    let mut rng = Lcg(seed);
    let mut seq = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        assert!(Instant::now() < deadline, "hands never dealt for {me:?}");
        let m = ws.next().await.expect("the socket stays open");
        if !matches!(m["type"].as_str(), Some("snapshot" | "update")) {
            continue;
        }
        assert!(m["view"]["outcome"].is_null(), "nobody wins during setup: {m}");
        if dealt_and_redacted(&m["view"], me, seats) {
            return m;
        }
        let legal: Vec<&Value> =
            m["legal"].as_array().unwrap().iter().filter(|i| SETUP.contains(&i["type"].as_str().unwrap())).collect();
        if !legal.is_empty() {
            seq += 1;
            let intent = legal[rng.below(legal.len())].clone();
            ws.send(json!({ "type": "intent", "seq": seq, "intent": intent })).await;
        }
    }
}

/// A four-seat room with two people: the host starts it, computers take the other two seats, the seating is
/// shuffled, and both people and a spectator get their own views: their own hand, everyone else's as counts. A
/// restart brings the room back with its four seats.
async fn host_starts_four_seats_with_computers(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let base = app.address.clone();
    let (ann, bob) = (guest_at(&base, "Ann").await, guest_at(&base, "Bob").await);
    let room = create_room(&base, &ann, free_for_all(4)).await;
    assert_eq!(join(&base, &ann, &room, "fire-and-wind").await, "A");
    assert_eq!(join(&base, &bob, &room, "tide-and-stone").await, "B");
    let (mut wa, _) = connect(&base, &room, Some(&ann.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&bob.cookie), "player", None).await;
    let (mut ws, _) = connect(&base, &room, None, "spectator", None).await;

    let r = app.post(&ann.client, &format!("/api/rooms/{room}/start"), &json!({})).await;
    assert_eq!(r.status(), 200);
    let started: Value = r.json().await.unwrap();
    assert_eq!(started["status"], "playing", "{started}");
    let seats = started["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let mut names: Vec<&str> = seats.iter().map(|s| s["display_name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Ann", "Bob", "Computer", "Computer"]);
    for s in seats.iter().filter(|s| s["bot"] == true) {
        assert_eq!(s["bot_level"], "random", "the room's level: {s}");
    }
    let letters: Vec<&str> = seats.iter().map(|s| s["seat"].as_str().unwrap()).collect();
    assert_eq!(letters, ["A", "B", "C", "D"]);
    let (sa, sb) = (seat_of(&started, "Ann"), seat_of(&started, "Bob"));
    assert_eq!(started["host"], sa.as_str(), "the host is named by the seat the random seating gave her");
    assert_error(app.post(&ann.client, &format!("/api/rooms/{room}/start"), &json!({})).await, 409, "already_started")
        .await;
    let cara = guest_at(&base, "Cara").await;
    let r = cara
        .client
        .post(format!("{base}/api/rooms/{room}/seats"))
        .json(&json!({ "preconstructed": "fire-and-wind" }))
        .send()
        .await
        .unwrap();
    assert_error(r, 409, "room_full").await;

    let (va, vb, vs) = tokio::join!(
        until_dealt(&mut wa, Some(&sa), 4, 1),
        until_dealt(&mut wb, Some(&sb), 4, 2),
        until_dealt(&mut ws, None, 4, 3),
    );
    assert_eq!(va["view"]["viewer"], json!({ "seat": sa }), "Ann's socket follows her to her seat");
    assert_eq!(vb["view"]["viewer"], json!({ "seat": sb }));
    assert_eq!(vs["view"]["viewer"], "spectator");
    for p in vs["view"]["players"].as_array().unwrap() {
        assert_eq!(p["hp"], 45, "a free-for-all starts at 45 HP (MP-2): {p}");
    }
    drop((wa, wb, ws));

    app.restart().await;
    let base = app.address.clone();
    let back = info(&app, &ann, &room).await;
    assert_eq!(back["status"], "playing");
    assert_eq!(back["seats"].as_array().unwrap().len(), 4);
    assert_eq!((seat_of(&back, "Ann"), seat_of(&back, "Bob")), (sa.clone(), sb), "the seating is stored");
    let (mut wa, welcome) = connect(&base, &room, Some(&ann.cookie), "player", None).await;
    assert_eq!(welcome["seat"], sa.as_str());
    let snapshot = wa.next_of("snapshot").await;
    assert!(dealt_and_redacted(&snapshot["view"], Some(&sa), 4), "{snapshot}");
}

/// A three-seat room starts by itself once three people sit; each sees three players and only its own hand.
async fn three_seats_start_when_full(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let guests = [guest_at(&base, "Ann").await, guest_at(&base, "Bob").await, guest_at(&base, "Cy").await];
    let room = create_room(&base, &guests[0], free_for_all(3)).await;
    assert_eq!(join(&base, &guests[0], &room, "fire-and-wind").await, "A", "in order before the start");
    assert_eq!(join(&base, &guests[1], &room, "tide-and-stone").await, "B");
    let last = join(&base, &guests[2], &room, "fire-and-wind").await;
    let started = info(&app, &guests[0], &room).await;
    assert_eq!(started["status"], "playing", "{started}");
    assert_eq!(last, seat_of(&started, "Cy"), "the seat that started the game is answered after the seating");
    assert!(started["seats"].as_array().unwrap().iter().all(|s| s["bot"] == false));
    let mut sockets = Vec::new();
    for g in &guests {
        sockets.push(connect(&base, &room, Some(&g.cookie), "player", None).await.0);
    }
    let me: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|n| seat_of(&started, n)).collect();
    let [w0, w1, w2] = &mut sockets[..] else { unreachable!() };
    let (v0, v1, v2) = tokio::join!(
        until_dealt(w0, Some(&me[0]), 3, 11),
        until_dealt(w1, Some(&me[1]), 3, 12),
        until_dealt(w2, Some(&me[2]), 3, 13),
    );
    for (v, s) in [(v0, &me[0]), (v1, &me[1]), (v2, &me[2])] {
        assert_eq!(v["view"]["viewer"], json!({ "seat": s }));
    }
}

/// Every player in `view` other than `me` (all of them for a spectator) shows its hand and bench as counts only.
fn others_redacted(view: &Value, me: Option<&str>) -> bool {
    view["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| me.is_none_or(|s| p["seat"] != s))
        .all(|p| p["hand"].is_null() && p["bench"].is_null() && p["deck"].is_null())
}

/// Three people at a table of three play random legal intents; two of them concede after a while (MP-29), so the
/// match ends with one player left (MP-30): every seat and the spectator see the same outcome, the stored result
/// names the places, winner first, and no frame ever showed a seat another player's hand, deck or bench.
async fn three_seats_play_to_the_last_one_standing(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, guests) = seated_table(&base, free_for_all(3), &["Ann", "Bob", "Cy"]).await;
    let started = info(&app, &guests[0], &room).await;
    let me: Vec<String> = ["Ann", "Bob", "Cy"].iter().map(|n| seat_of(&started, n)).collect();
    let mut sockets = Vec::new();
    for g in &guests {
        sockets.push(connect(&base, &room, Some(&g.cookie), "player", None).await.0);
    }
    let (mut watcher, _) = connect(&base, &room, None, "spectator", None).await;
    let [w0, w1, w2]: [Ws; 3] = sockets.try_into().unwrap_or_else(|_| unreachable!());
    // Ann concedes after 40 of her intents, Bob after 120, Cy never: someone is always left to win.
    let (f0, f1, f2, ()) = tokio::join!(
        play_seat(w0, 21, 40),
        play_seat(w1, 22, 120),
        play_seat(w2, 23, u32::MAX),
        watch_to_end(&mut watcher)
    );
    for (frames, seat) in [(&f0, &me[0]), (&f1, &me[1]), (&f2, &me[2])] {
        for f in frames.iter().filter(|f| matches!(f["type"].as_str(), Some("snapshot" | "update"))) {
            assert!(others_redacted(&f["view"], Some(seat)), "{seat} saw another player's hidden zone: {f}");
        }
    }
    let (winner, places) = last_standing(&[&f0, &f1, &f2], 3);

    let done = info(&app, &guests[0], &room).await;
    let game = &done["games"][0];
    assert_eq!(game["winner"], winner, "{done}");
    assert_eq!(game["places"], Value::Array(places), "the stored result names the places: {done}");
}

mod clocks;
mod rematch;

on_both_backends!(
    free_for_all_rooms_are_checked_listed_and_refuse_protocol_5,
    host_starts_four_seats_with_computers,
    three_seats_start_when_full,
    three_seats_play_to_the_last_one_standing,
);
