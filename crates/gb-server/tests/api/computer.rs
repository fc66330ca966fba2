//! Play vs computer at a chosen level: the room records the level, the computer answers through the room like
//! a person at every level, a bad level changes nothing, and a restarted server resumes the computer at its level.
use crate::helpers::{Backend, assert_error, spawn_app};
use crate::wsclient::{Guest, Lcg, Ws, choose, connect, game_over, guest_at, join};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn vs_computer(level: Option<&str>) -> Value {
    let mut body =
        json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": true });
    if let Some(level) = level {
        body["bot_level"] = json!(level);
    }
    body
}

/// POST /api/rooms, expecting 201; returns the room info.
async fn create(base: &str, g: &Guest, body: &Value) -> Value {
    let r = g.client.post(format!("{base}/api/rooms")).json(body).send().await.unwrap();
    assert_eq!(r.status(), 201);
    r.json().await.unwrap()
}

/// Plays seat A with random legal intents until the computer (seat B) has had `n` intents accepted; returns the
/// last version seen. A version the computer made is one that arrives while B owed the decision.
async fn until_computer_moved(ws: &mut Ws, n: u32) -> u32 {
    let mut rng = Lcg(9);
    let (mut v, mut moves, mut seq) = (0u32, 0u32, 0u32);
    let mut owed_by: Option<String> = None;
    let deadline = Instant::now() + Duration::from_secs(60);
    while moves < n {
        assert!(Instant::now() < deadline, "the computer made only {moves} of {n} moves by version {v}");
        let m = ws.next().await.expect("the socket stays open");
        let ty = m["type"].as_str().unwrap_or_default();
        if matches!(ty, "update" | "skip") {
            assert_eq!(m["v"], v + 1, "versions come one by one: {m}");
            v += 1;
            if owed_by.as_deref() == Some("B") {
                moves += 1;
            }
        }
        if !matches!(ty, "update" | "snapshot" | "rejected") {
            continue;
        }
        if ty == "snapshot" {
            v = m["v"].as_u64().unwrap() as u32;
        }
        if ty != "rejected" {
            assert!(!game_over(&m), "nobody concedes this early: {m}");
            owed_by = m["view"]["pending"]["seat"].as_str().map(str::to_owned);
        }
        if let Some(intent) = choose(&m, &mut rng) {
            seq += 1;
            ws.send(json!({ "type": "intent", "seq": seq, "intent": intent })).await;
        }
    }
    v
}

async fn computer_answers_at_each_level(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let a = guest_at(&base, "Ann").await;
    for level in ["random", "greedy", "search"] {
        let info = create(&base, &a, &vs_computer(Some(level))).await;
        assert_eq!(info["seats"][1]["bot"], true);
        assert_eq!(info["seats"][1]["bot_level"], level);
        let room = info["id"].as_str().unwrap();
        assert_eq!(join(&base, &a, room, "fire-and-wind").await, "A");
        let (mut ws, welcome) = connect(&base, room, Some(&a.cookie), "player", None).await;
        assert_eq!(welcome["room"]["seats"][0]["bot_level"], Value::Null, "a person has no level");
        assert_eq!(welcome["room"]["seats"][1]["bot_level"], level);
        let v = until_computer_moved(&mut ws, 8).await;
        // The room's public info follows the game and still names the level.
        let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
        assert_eq!(info["status"], "playing");
        assert!(info["version"].as_u64().unwrap() >= u64::from(v), "{info}");
        assert_eq!(info["seats"][1]["bot_level"], level);
    }
}

async fn bot_levels_are_checked_and_listed(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let a = guest_at(&base, "Ann").await;
    // An unknown level, or a level without the computer, is a specific 400 and creates nothing.
    let r = app.post(&a.client, "/api/rooms", &vs_computer(Some("grandmaster"))).await;
    let body = assert_error(r, 400, "unknown_bot_level").await;
    assert!(body["error"]["message"].as_str().unwrap().contains("grandmaster"), "{body}");
    let mut people = vs_computer(Some("search"));
    people["vs_bot"] = json!(false);
    assert_error(app.post(&a.client, "/api/rooms", &people).await, 400, "bot_level_without_bot").await;
    assert!(gb_server::db::rooms::recent_rooms(&app.db).await.unwrap().is_empty(), "no room was stored");
    // No level: medium. The lobby's words are accepted too. A room of people has no level at all.
    let default = create(&base, &a, &vs_computer(None)).await;
    assert_eq!(default["seats"][1]["bot_level"], "greedy");
    let hard = create(&base, &a, &vs_computer(Some("hard"))).await;
    assert_eq!(hard["seats"][1]["bot_level"], "search");
    let list: Value = app.get(&a.client, "/api/rooms").await.json().await.unwrap();
    let listed = |id: &Value| list["open"].as_array().unwrap().iter().find(|r| r["id"] == *id).cloned().unwrap();
    assert_eq!(listed(&default["id"])["seats"][1]["bot_level"], "greedy");
    assert_eq!(listed(&hard["id"])["seats"][1]["bot_level"], "search");
    assert_eq!(listed(&hard["id"])["seats"][0], Value::Null, "the person's seat is still open");
}

async fn computer_resumes_at_its_level_after_a_restart(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let a = guest_at(&app.address, "Ann").await;
    let info = create(&app.address, &a, &vs_computer(Some("search"))).await;
    let room = info["id"].as_str().unwrap().to_owned();
    join(&app.address, &a, &room, "tide-and-stone").await;
    let (mut ws, _) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    until_computer_moved(&mut ws, 1).await;
    drop(ws);
    app.restart().await;
    let base = app.address.clone();
    let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["status"], "playing");
    assert_eq!(info["seats"][1]["bot_level"], "search", "the level came back with the room");
    // The session lives in the database, so the same cookie plays on.
    let (mut ws, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    until_computer_moved(&mut ws, 2).await;
}

/// A game against the computer that its person leaves ends after the idle limit: a recorded concession with
/// reason "abandoned", the room leaves memory and is marked closed, so a restart does not bring it back.
async fn an_abandoned_game_against_the_computer_ends(backend: Backend) {
    let app = crate::helpers::spawn_app_with(backend, |s| s.room_idle_secs = 1).await;
    let base = app.address.clone();
    let a = guest_at(&base, "Ann").await;
    let room = create(&base, &a, &vs_computer(Some("random"))).await["id"].as_str().unwrap().to_owned();
    assert_eq!(join(&base, &a, &room, "fire-and-wind").await, "A");
    let (mut ws, w) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let match_id = w["room"]["games"][0]["match_id"].as_str().unwrap().to_owned();
    ws.next_of("snapshot").await;
    drop(ws);
    let deadline = Instant::now() + Duration::from_secs(15);
    while app.state.rooms.get(&room).is_some() {
        assert!(Instant::now() < deadline, "the abandoned room is still in memory");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let result = crate::helpers::find_result(&app, &match_id).await;
    assert_eq!((result["winner"].as_str(), result["reason"].as_str()), (Some("B"), Some("abandoned")), "{result}");
    let row = gb_server::db::rooms::find_room(&app.db, &room).await.unwrap().unwrap();
    assert_eq!(row.status.as_str(), "closed");
    let back = gb_server::db::rooms::recent_rooms(&app.db).await.unwrap();
    assert!(back.iter().all(|r| r.id != room), "not brought back at restart");
}

on_both_backends!(
    computer_answers_at_each_level,
    bot_levels_are_checked_and_listed,
    computer_resumes_at_its_level_after_a_restart,
    an_abandoned_game_against_the_computer_ends,
);
