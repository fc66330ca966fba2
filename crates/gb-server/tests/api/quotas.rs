//! Quotas per account: open rooms (the probe made 600 rooms as one guest in 4 s) and unfinished tournaments (one
//! guest made 25).
use crate::helpers::{Backend, TestApp, assert_error, new_client, spawn_app_with};
use crate::wsclient::public_room;
use serde_json::{Value, json};

on_both_backends!(open_rooms_per_account_are_limited, open_events_per_account_are_limited);

async fn create(app: &TestApp, client: &reqwest::Client) -> reqwest::Response {
    app.post(client, "/api/rooms", &public_room()).await
}

async fn open_rooms_per_account_are_limited(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.limits.max_open_rooms = 2).await;
    let c = new_client();
    app.guest(&c, "Hoarder").await;
    let mut rooms = Vec::new();
    for _ in 0..2 {
        let r = create(&app, &c).await;
        assert_eq!(r.status(), 201);
        rooms.push(r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned());
    }
    let r = create(&app, &c).await;
    assert!(r.headers().contains_key("retry-after"));
    let body = assert_error(r, 429, "too_many_rooms").await;
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains("the limit is 2"), "{message}");
    let listed: Value = app.get(&c, "/api/rooms").await.json().await.unwrap();
    let open = listed["open"].as_array().unwrap();
    assert_eq!(open.len(), 2, "the refused room was not created: {listed}");
    // Someone else is not affected.
    let other = new_client();
    app.guest(&other, "Other").await;
    assert_eq!(create(&app, &other).await.status(), 201);
    // A room that is over no longer counts.
    gb_server::db::rooms::update_room(
        &app.db,
        &rooms[0],
        &[None, None],
        gb_server::db::status::RoomRowStatus::Finished,
    )
    .await
    .unwrap();
    assert_eq!(create(&app, &c).await.status(), 201);
    assert_error(create(&app, &c).await, 429, "too_many_rooms").await;
}

async fn open_events_per_account_are_limited(backend: Backend) {
    let app = spawn_app_with(backend, |s| (s.limits.max_open_events, s.limits.max_open_events_guest) = (2, 1)).await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 3 }, "games_per_match": 1, "next_game_chooser": "loser",
        "round_minutes": 45, "end_of_round": { "extra_turns": 3 }, "spectator_delay_seconds": 0
    });
    let event = |name: &str| json!({ "name": name, "settings": settings });
    let guest = new_client();
    app.guest(&guest, "Organizer").await;
    assert_eq!(app.post(&guest, "/api/tournaments", &event("First")).await.status(), 201);
    let r = app.post(&guest, "/api/tournaments", &event("Second")).await;
    assert_eq!(r.headers()["retry-after"], "60");
    let body = assert_error(r, 429, "too_many_events").await;
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains("the limit for a guest is 1"), "{message}");
    // A registered account gets more; each account counts its own.
    let organizer = new_client();
    let creds = json!({ "username": "organizer", "password": "correct horse" });
    assert_eq!(app.post(&organizer, "/api/register", &creds).await.status(), 201);
    for name in ["A", "B"] {
        assert_eq!(app.post(&organizer, "/api/tournaments", &event(name)).await.status(), 201);
    }
    assert_error(app.post(&organizer, "/api/tournaments", &event("C")).await, 429, "too_many_events").await;
    // The refused events were not made.
    assert_eq!(gb_server::db::tournaments::events(&app.db).await.unwrap().len(), 3);
}
