//! Clocks, the spectator delay, and play against the computer (with a best-of-three rematch).
use crate::helpers::{Backend, spawn_app};
use crate::wsclient::{connect, game_over, next_version, play_seat, seated_room};
use crate::wsclient::{create_room, join};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn room_with(clock: Value, delay: Value) -> Value {
    json!({ "visibility": "public", "best_of": 1, "spectator_delay": delay, "clock": clock, "vs_bot": false })
}

async fn clock_expiry_loses_the_game_on_time(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let clock = json!({ "type": "per_turn", "limit_ms": 1500, "disconnect_bank_ms": 60000 });
    let (room, [a, b]) = seated_room(&base, room_with(clock, Value::Null)).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (_wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let snap = wa.next_of("snapshot").await;
    for ms in snap["clocks"]["remaining_ms"].as_array().unwrap() {
        assert!((1000..=1500).contains(&ms.as_u64().unwrap()), "{snap}");
    }
    let owed = snap["view"]["pending"]["seat"].as_str().unwrap().to_owned();
    assert_eq!(snap["clocks"]["running"], owed.as_str(), "only the seat that owes runs");
    let started = Instant::now();
    // Nobody moves: the owing seat flags and concedes on time.
    let end = next_version(&mut wa).await;
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(1300) && waited < Duration::from_secs(5), "{waited:?}");
    assert!(game_over(&end), "{end}");
    let winner = if owed == "A" { "B" } else { "A" };
    assert_eq!(end["view"]["outcome"]["winner"], winner);
    assert!(end["events"].as_array().unwrap().iter().any(|e| e["type"] == "conceded" && e["seat"] == owed.as_str()));
    let info = wa.next_of("room").await;
    assert_eq!(info["room"]["games"][0]["reason"], "time");
    assert_eq!(info["room"]["games"][0]["winner"], winner);
    // Stored with the match, and the log replays to the same end (the flag is an ordinary concession).
    let m = crate::helpers::find_result(&app, info["room"]["games"][0]["match_id"].as_str().unwrap()).await;
    assert_eq!(m["reason"], "time");
}

async fn disconnection_bank_runs_out_for_an_absent_player(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let clock = json!({ "type": "chess", "initial_ms": 60000, "increment_ms": 0, "disconnect_bank_ms": 800 });
    let (room, _) = seated_room(&base, room_with(clock, Value::Null)).await;
    // Only a spectator is here; whoever owes is away and their bank drains.
    let (mut spec, _) = connect(&base, &room, None, "spectator", None).await;
    let end = next_version(&mut spec).await;
    assert!(game_over(&end));
    let info = spec.next_of("room").await;
    assert_eq!(info["room"]["games"][0]["reason"], "disconnected");
}

async fn spectator_delay_holds_frames_back(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, room_with(Value::Null, json!({ "seconds": 2 }))).await;
    let (mut spec, _) = connect(&base, &room, None, "spectator", None).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    assert_eq!(spec.next_of("snapshot").await["v"], 0);
    let sent = Instant::now();
    crate::wsclient::advance([&mut wa, &mut wb], &mut last, &mut crate::wsclient::Lcg(5), 2).await;
    // The public replay is held back too while the game is live.
    let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    let mid = info["games"][0]["match_id"].as_str().unwrap().to_owned();
    let replay: Value = app.get(&a.client, &format!("/api/matches/{mid}/replay")).await.json().await.unwrap();
    assert_eq!(replay["steps"].as_array().unwrap().len(), 1, "only version 0 is public yet");
    assert_eq!(info["version"], 0, "the room's public version trails too");
    assert!(replay["record"].is_null(), "no seed before the end");
    let v1 = next_version(&mut spec).await;
    assert_eq!(v1["v"], 1);
    let held = sent.elapsed();
    assert!(held >= Duration::from_millis(1900), "spectator saw version 1 after {held:?}");
    assert_eq!(next_version(&mut spec).await["v"], 2);
    let replay: Value = app.get(&a.client, &format!("/api/matches/{mid}/replay")).await.json().await.unwrap();
    assert_eq!(replay["steps"].as_array().unwrap().len(), 3);
    // Seat A may read its own view sequence; seat B may not read A's.
    let mine: Value = app.get(&a.client, &format!("/api/matches/{mid}/replay?seat=A")).await.json().await.unwrap();
    assert!(mine["steps"][0]["view"]["players"][0]["hand"].is_array());
    let r = app.get(&b.client, &format!("/api/matches/{mid}/replay?seat=A")).await;
    crate::helpers::assert_error(r, 403, "not_your_seat").await;
}

/// Ann in seat A of a private best of 3 against the computer (seat B).
async fn series_against_the_computer(base: &str) -> (crate::wsclient::Guest, String) {
    let a = crate::wsclient::guest_at(base, "Ann").await;
    let body = json!({ "visibility": "private", "best_of": 3, "spectator_delay": null, "clock": null, "vs_bot": true });
    let room = create_room(base, &a, body).await;
    assert_eq!(join(base, &a, &room, "night-and-light").await, "A");
    (a, room)
}

async fn play_vs_computer_and_loser_chooses_next_game(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (a, room) = series_against_the_computer(&base).await;
    let (mut wa, w) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    assert_eq!(w["room"]["seats"][1]["bot"], true);
    // Game 1: Ann concedes at once, so she is the loser and chooses who goes first in game 2.
    wa.next_of("snapshot").await;
    wa.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    wa.next_of("accepted").await;
    let r = a
        .client
        .post(app.url(&format!("/api/rooms/{room}/rematch")))
        .json(&json!({ "go_first": true }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let info: Value = r.json().await.unwrap();
    assert_eq!(info["games"].as_array().unwrap().len(), 2, "the bot accepts at once");
    assert_ne!(info["games"][0]["seed_hash"], info["games"][1]["seed_hash"]);
    // Game 2 against the bot: the room answered the turn order with Ann's stated choice, whichever seat the draw
    // asked (CR 200.4), so she is not asked again; play to the end.
    let (mut wa2, w) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    assert_eq!(w["game"], 1);
    drop(wa);
    let snap = wa2.next_of("snapshot").await;
    let asked = snap["legal"].as_array().unwrap().iter().any(|i| i["type"] == "choose_turn_order");
    assert!(!asked, "the loser stated her choice with the rematch and is not asked again: {snap}");
    if let Some(intent) = crate::wsclient::choose(&snap, &mut crate::wsclient::Lcg(3)) {
        wa2.send(json!({ "type": "intent", "seq": 101, "intent": intent })).await;
    }
    let mut frames = vec![snap];
    frames.extend(play_seat(wa2, 11, 300).await);
    let first = frames.iter().find_map(|f| f["view"]["first_player"].as_str().map(str::to_owned));
    assert_eq!(first.as_deref(), Some("A"), "the loser of game 1 goes first");
    assert!(game_over(frames.last().unwrap()));
}

/// A best of 3 ends at two game wins: `RoomInfo.series_winner` names the winner and the server starts no further
/// game (409 `series_decided`); before that it is `null`.
async fn best_of_three_is_over_at_two_game_wins(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (a, room) = series_against_the_computer(&base).await;
    let rematch = || a.client.post(app.url(&format!("/api/rooms/{room}/rematch"))).json(&json!({})).send();
    // Ann concedes two games to the computer (seat B).
    for game in 0..2 {
        let (mut ws, w) = connect(&base, &room, Some(&a.cookie), "player", None).await;
        assert_eq!(w["game"], game);
        assert_eq!(w["room"]["series_winner"], Value::Null, "game {game}: nothing decided yet");
        ws.next_of("snapshot").await;
        ws.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
        ws.next_of("accepted").await;
        // The room records the result before it answers `accepted` (room/commit.rs `announce`).
        let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
        assert_eq!(info["games"][game]["winner"], "B", "game {game} is recorded as the computer's: {info}");
        if game == 0 {
            let info: Value = rematch().await.unwrap().json().await.unwrap();
            assert_eq!(info["series_winner"], Value::Null, "1–0 decides nothing: {info}");
        }
    }
    let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["series_winner"], "B", "{info}");
    assert_eq!(info["status"], "finished");
    crate::helpers::assert_error(rematch().await.unwrap(), 409, "series_decided").await;
    let after: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(after["games"].as_array().unwrap().len(), 2, "no third game started");
    assert_eq!(after["seats"][0]["rematch"], false, "the refused request is not recorded");
}

on_both_backends!(
    clock_expiry_loses_the_game_on_time,
    disconnection_bank_runs_out_for_an_absent_player,
    spectator_delay_holds_frames_back,
    play_vs_computer_and_loser_chooses_next_game,
    best_of_three_is_over_at_two_game_wins,
);
