//! Play now (docs/protocol.md, "Play now"): two players who queue get the same room, once; the matcher's claim
//! never seats a player twice even when passes race; the computer comes after the player's own time; leaving
//! and bad requests get their own answers.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn ask(format: &str, rated: bool, deck: &str) -> Value {
    json!({ "format": format, "rated": rated, "deck": { "preconstructed": deck } })
}

async fn queue(app: &TestApp, g: &Guest, body: &Value) -> Value {
    let r = g.client.post(app.url("/api/queue")).json(body).send().await.unwrap();
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    r.json().await.unwrap()
}

async fn poll(app: &TestApp, g: &Guest) -> Value {
    let r = g.client.get(app.url("/api/queue")).send().await.unwrap();
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    r.json().await.unwrap()
}

/// The room a queued player is told of, once seated there.
async fn matched(app: &TestApp, g: &Guest) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(room) = poll(app, g).await["room"].as_str() {
            return room.to_owned();
        }
        assert!(Instant::now() < deadline, "never told of a room");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The room's info once its game has started (the matcher seats both players just after claiming them).
async fn room(app: &TestApp, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let info: Value =
            app.client.get(app.url(&format!("/api/rooms/{id}"))).send().await.unwrap().json().await.unwrap();
        if info["status"] == "playing" || Instant::now() > deadline {
            return info;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn two_players_queue_and_get_the_same_room_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let (a, b) = (guest_at(&app.address, "Ann").await, guest_at(&app.address, "Bob").await);
    let first = queue(&app, &a, &ask("bo1", true, "fire-and-wind")).await;
    assert_eq!((first["room"].is_null(), first["looking"].as_u64()), (true, Some(1)), "{first}");
    assert_eq!(first["gap"], 100);
    // A casual searcher is not a rated searcher's opponent.
    let c = guest_at(&app.address, "Cy").await;
    assert!(queue(&app, &c, &ask("bo1", false, "fire-and-wind")).await["room"].is_null());

    let second = queue(&app, &b, &ask("bo1", true, "tide-and-stone")).await;
    let id = second["room"].as_str().expect("matched at once").to_owned();
    assert_eq!(second["opponent"], "Ann");
    let seen = poll(&app, &a).await;
    assert_eq!((seen["room"].as_str(), seen["opponent"].as_str()), (Some(id.as_str()), Some("Bob")), "{seen}");

    let info = room(&app, &id).await;
    assert_eq!((info["rated"].as_bool(), info["status"].as_str()), (Some(true), Some("playing")), "{info}");
    let names: Vec<&str> =
        info["seats"].as_array().unwrap().iter().map(|s| s["display_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ann", "Bob"]);
    // Once matched, nobody is matched again: more passes change nothing, and leaving is refused (the room waits).
    for _ in 0..3 {
        assert_eq!(gb_server::queue::match_once(&app.state).await.unwrap(), 0);
    }
    assert_eq!(poll(&app, &b).await["room"].as_str(), Some(id.as_str()));
    assert_error(b.client.delete(app.url("/api/queue")).send().await.unwrap(), 409, "already_matched").await;
    assert!(poll(&app, &c).await["room"].is_null());
}

/// Ten players, many matcher passes at once: every player ends in exactly one room, every room holds two.
async fn racing_matchers_seat_each_player_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut players = Vec::new();
    for i in 0..10 {
        let g = guest_at(&app.address, &format!("P{i}")).await;
        let row = gb_server::db::queue::QueueRow {
            account_id: g.id.clone(),
            display_name: format!("P{i}"),
            format: "bo1".into(),
            rated: 1,
            deck: gb_core::decks::preconstructed_deck("fire-and-wind").unwrap(),
            rating: 1500.0 + f64::from(i) * 10.0,
            computer_after_ms: None,
            joined_at: gb_server::db::now_ms(),
            expires_at: gb_server::db::now_ms() + 60_000,
            room_id: None,
            opponent: None,
            matched_at: None,
            seated: 0,
        };
        gb_server::db::queue::join(&app.db, &row).await.unwrap();
        players.push(g);
    }
    let passes = (0..6).map(|_| gb_server::queue::match_once(&app.state));
    // The app's own matcher may claim some of them too: whoever claims, each player is claimed once.
    let opened: usize = futures_util::future::join_all(passes).await.into_iter().map(|r| r.unwrap()).sum();
    assert!(opened <= 5, "{opened} rooms for ten players");
    let mut rooms: HashMap<String, usize> = HashMap::new();
    for g in &players {
        let id = matched(&app, g).await;
        *rooms.entry(id).or_default() += 1;
    }
    assert_eq!(rooms.len(), 5);
    for (id, n) in rooms {
        assert_eq!(n, 2);
        assert_eq!(room(&app, &id).await["seats"].as_array().unwrap().iter().filter(|s| !s.is_null()).count(), 2);
    }
}

async fn nobody_found_means_the_computer_after_the_chosen_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let a = guest_at(&app.address, "Ann").await;
    let mut body = ask("bo3", true, "fire-and-wind");
    body["computer_after_seconds"] = json!(5);
    let started = Instant::now();
    assert!(queue(&app, &a, &body).await["room"].is_null());
    let seen = loop {
        let seen = poll(&app, &a).await;
        if !seen["room"].is_null() {
            break seen;
        }
        assert!(started.elapsed() < Duration::from_secs(15), "the computer never came");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    assert!(started.elapsed() >= Duration::from_secs(5), "not before the player's own time");
    assert_eq!(seen["opponent"], "Computer");
    let info = room(&app, seen["room"].as_str().unwrap()).await;
    assert!(info["rated"].is_null(), "a game against the computer is never rated: {info}");
    assert_eq!((info["best_of"].as_u64(), info["seats"][1]["bot"].as_bool()), (Some(3), Some(true)), "{info}");
}

async fn leaving_and_bad_requests_get_their_own_answers(backend: Backend) {
    let app = spawn_app(backend).await;
    let r = app.client.post(app.url("/api/queue")).json(&ask("bo1", true, "fire-and-wind")).send().await.unwrap();
    assert_eq!(r.status(), 401);
    let a = guest_at(&app.address, "Ann").await;
    let post = |body: Value| a.client.post(app.url("/api/queue")).json(&body).send();
    assert_error(post(ask("bo5", true, "fire-and-wind")).await.unwrap(), 422, "bad_format").await;
    let mut soon = ask("bo1", true, "fire-and-wind");
    soon["computer_after_seconds"] = json!(1);
    assert_error(post(soon).await.unwrap(), 422, "bad_computer_after").await;
    assert_error(post(ask("bo1", true, "no-such-deck")).await.unwrap(), 404, "no_such_deck").await;
    assert_error(a.client.get(app.url("/api/queue")).send().await.unwrap(), 404, "not_in_queue").await;
    assert_error(a.client.delete(app.url("/api/queue")).send().await.unwrap(), 404, "not_in_queue").await;

    queue(&app, &a, &ask("bo1", false, "fire-and-wind")).await;
    assert_eq!(a.client.delete(app.url("/api/queue")).send().await.unwrap().status(), 204);
    assert_error(a.client.get(app.url("/api/queue")).send().await.unwrap(), 404, "not_in_queue").await;

    // A place without a heartbeat expires: nobody is matched with a player who has gone.
    queue(&app, &a, &ask("bo1", false, "fire-and-wind")).await;
    let expire = "UPDATE play_queue SET expires_at = 0";
    match &app.db {
        gb_server::Db::Sqlite(p) => drop(sqlx::query(expire).execute(p).await.unwrap()),
        gb_server::Db::Pg(p) => drop(sqlx::query(expire).execute(p).await.unwrap()),
    }
    let b = guest_at(&app.address, "Bob").await;
    assert!(queue(&app, &b, &ask("bo1", false, "fire-and-wind")).await["room"].is_null());
    assert_error(a.client.get(app.url("/api/queue")).send().await.unwrap(), 404, "not_in_queue").await;
}

on_both_backends!(
    two_players_queue_and_get_the_same_room_once,
    racing_matchers_seat_each_player_once,
    nobody_found_means_the_computer_after_the_chosen_time,
    leaving_and_bad_requests_get_their_own_answers,
);
