//! Leaving (docs/protocol.md, "Leaving"): when a player's sockets all close mid-game, both seats are told when
//! the claim opens (`claim_win_at_ms`); a reconnect inside the grace period clears it; after it the opponent may
//! claim the win, which ends the game as the leaver's concession with the reason `abandoned`, or (casual games
//! only) call it a draw, which ends it with no winner and the reason `drawn`, surviving a restart. Nobody may
//! claim early, over a connected opponent, at an event's table or against the computer.
use crate::helpers::{Backend, assert_error, spawn_app_with};
use crate::tournament_clock::{first_table, one_round_swiss, paired_event};
use crate::wsclient::{Ws, connect, guest_at, seated_room};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    the_opponent_of_a_player_who_left_claims_the_win,
    no_claim_at_an_event_or_against_the_computer,
    a_casual_game_left_is_called_a_draw_which_survives_a_restart,
    a_rated_game_left_is_never_a_draw,
);

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// The next `room` frame in which seat B's `claim_win_at_ms` is (or is not) set.
async fn b_away(ws: &mut Ws, away: bool) -> Value {
    loop {
        let m = ws.next_of("room").await;
        if m["room"]["seats"][1]["claim_win_at_ms"].is_null() != away {
            return m["room"].clone();
        }
    }
}

async fn the_opponent_of_a_player_who_left_claims_the_win(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.leave_grace_secs = 2).await;
    let base = app.address.clone();
    let body = json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let claim = format!("/api/rooms/{room}/claim_win");
    let (mut ws_a, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (ws_b, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let info = b_away(&mut ws_a, false).await;
    assert!(info["seats"][0]["claim_win_at_ms"].is_null(), "both connected: {info}");
    assert_error(app.post(&a.client, &claim, &json!({})).await, 409, "opponent_present").await;

    // B leaves: A is told when the claim opens; before then it is refused, saying how long is left.
    drop(ws_b);
    let left_at = now_ms();
    let info = b_away(&mut ws_a, true).await;
    let at = info["seats"][1]["claim_win_at_ms"].as_i64().unwrap();
    assert!(
        (left_at - 1000..=left_at + 3000).contains(&(at - 2000)),
        "the grace period counts from the leaving: {info}"
    );
    let early = assert_error(app.post(&a.client, &claim, &json!({})).await, 409, "claim_too_early").await;
    assert!(early["error"]["message"].as_str().unwrap().contains(" s"), "{early}");

    // B comes back inside the grace period: nothing to claim. B leaves again, and this time stays away.
    let (ws_b, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    b_away(&mut ws_a, false).await;
    assert_error(app.post(&a.client, &claim, &json!({})).await, 409, "opponent_present").await;
    drop(ws_b);
    let at = b_away(&mut ws_a, true).await["seats"][1]["claim_win_at_ms"].as_i64().unwrap();
    assert_error(app.post(&b.client, &claim, &json!({})).await, 409, "opponent_present").await;
    tokio::time::sleep(Duration::from_millis((at - now_ms()).max(0) as u64 + 100)).await;

    let r = app.post(&a.client, &claim, &json!({})).await;
    assert_eq!(r.status(), 200);
    let info: Value = r.json().await.unwrap();
    let game = &info["games"][0];
    assert_eq!((game["winner"].as_str(), game["reason"].as_str()), (Some("A"), Some("abandoned")), "{info}");
    assert!(info["seats"][1]["claim_win_at_ms"].is_null(), "a finished game has nothing to claim: {info}");
    assert_error(app.post(&a.client, &claim, &json!({})).await, 409, "no_claim").await;
}

async fn no_claim_at_an_event_or_against_the_computer(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.leave_grace_secs = 0).await;
    let base = app.address.clone();
    let organizer = guest_at(&base, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, one_round_swiss(), 2).await;
    let (room, a, _) = first_table(&app, &id, &players).await;
    let (_ws, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let r = app.post(&a.client, &format!("/api/rooms/{room}/claim_win"), &json!({})).await;
    assert_error(r, 409, "claim_at_event").await;

    let me = guest_at(&base, "Solo").await;
    let body = json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": true });
    let room = crate::wsclient::create_room(&base, &me, body).await;
    crate::wsclient::join(&base, &me, &room, "fire-and-wind").await;
    let (_ws, _) = connect(&base, &room, Some(&me.cookie), "player", None).await;
    let r = app.post(&me.client, &format!("/api/rooms/{room}/claim_win"), &json!({})).await;
    assert_error(r, 409, "no_claim").await;
    let stranger = guest_at(&base, "Stranger").await;
    let r = app.post(&stranger.client, &format!("/api/rooms/{room}/claim_win"), &json!({})).await;
    assert_error(r, 403, "not_seated").await;
}

async fn a_casual_game_left_is_called_a_draw_which_survives_a_restart(backend: Backend) {
    let mut app = spawn_app_with(backend, |s| s.leave_grace_secs = 1).await;
    let base = app.address.clone();
    let body = json!({ "visibility": "public", "best_of": 3, "spectator_delay": null, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let draw = format!("/api/rooms/{room}/claim_draw");
    let (mut ws_a, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (ws_b, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    b_away(&mut ws_a, false).await;
    assert_error(app.post(&a.client, &draw, &json!({})).await, 409, "opponent_present").await;
    drop(ws_b);
    let at = b_away(&mut ws_a, true).await["seats"][1]["claim_win_at_ms"].as_i64().unwrap();
    if at - now_ms() > 300 {
        assert_error(app.post(&a.client, &draw, &json!({})).await, 409, "claim_too_early").await;
    }
    tokio::time::sleep(Duration::from_millis((at - now_ms()).max(0) as u64 + 100)).await;

    let r = app.post(&a.client, &draw, &json!({})).await;
    assert_eq!(r.status(), 200);
    let info: Value = r.json().await.unwrap();
    let game = &info["games"][0];
    assert_eq!((game["winner"].is_null(), game["reason"].as_str()), (true, Some("drawn")), "{info}");
    assert!(game["seed"].is_string(), "a finished game shows its seed: {info}");
    assert_eq!((info["status"].as_str(), info["series_winner"].is_null()), (Some("finished"), true), "{info}");
    assert!(info["seats"][1]["claim_win_at_ms"].is_null(), "nothing left to claim: {info}");
    // The game is over: no move, no second claim of either kind.
    ws_a.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    assert_eq!(ws_a.next_of("error").await["code"], "game_drawn");
    assert_error(app.post(&a.client, &draw, &json!({})).await, 409, "no_claim").await;
    assert_error(app.post(&a.client, &format!("/api/rooms/{room}/claim_win"), &json!({})).await, 409, "no_claim").await;
    drop(ws_a);

    // The log is the truth: a restart rebuilds the room with the same drawn game, still over.
    app.restart().await;
    let base = app.address.clone();
    let info: Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    let game = &info["games"][0];
    assert_eq!((game["winner"].is_null(), game["reason"].as_str()), (true, Some("drawn")), "{info}");
    assert_eq!(info["status"], "finished", "{info}");
    // Both profiles list the game once (the rebuild wrote its players again, changing nothing), drawn.
    for g in [&a, &b] {
        let p: Value = app.get(&g.client, &format!("/api/players/{}", g.id)).await.json().await.unwrap();
        let results: Vec<_> = p["games"].as_array().unwrap().iter().map(|g| g["result"].clone()).collect();
        assert_eq!(results, [json!("drawn")], "{p}");
        assert_eq!(p["games"][0]["reason"], "drawn", "{p}");
    }
    let (mut ws_a, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    ws_a.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    assert_eq!(ws_a.next_of("error").await["code"], "game_drawn");
    // The replay ends where play stopped, with no winner, and is finished.
    let replay = format!("/api/matches/{}/replay", game["match_id"].as_str().unwrap());
    let replay: Value = app.get(&a.client, &replay).await.json().await.unwrap();
    assert_eq!(replay["finished"], true, "{replay}");
}

async fn a_rated_game_left_is_never_a_draw(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.leave_grace_secs = 0).await;
    let base = app.address.clone();
    let body = json!({ "visibility": "public", "best_of": 1, "vs_bot": false, "rated": true });
    let (room, [a, b]) = seated_room(&base, body).await;
    let (mut ws_a, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (ws_b, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    b_away(&mut ws_a, false).await;
    drop(ws_b);
    b_away(&mut ws_a, true).await;
    let r = app.post(&a.client, &format!("/api/rooms/{room}/claim_draw"), &json!({})).await;
    let refused = assert_error(r, 409, "draw_casual_only").await;
    assert!(refused["error"]["message"].as_str().unwrap().contains("casual"), "{refused}");
    // Nothing changed: the win may still be claimed.
    let r = app.post(&a.client, &format!("/api/rooms/{room}/claim_win"), &json!({})).await;
    assert_eq!(r.status(), 200);
}
