//! Leaving (docs/protocol.md, "Leaving"): when a player's sockets all close mid-game, both seats are told when
//! the claim opens (`claim_win_at_ms`); a reconnect inside the grace period clears it; after it the opponent may
//! claim the win, which ends the game as the leaver's concession with the reason `abandoned`. Nobody may claim
//! early, over a connected opponent, at an event's table or against the computer.
use crate::helpers::{Backend, assert_error, spawn_app_with};
use crate::tournament_clock::{first_table, one_round_swiss, paired_event};
use crate::wsclient::{Ws, connect, guest_at, seated_room};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(the_opponent_of_a_player_who_left_claims_the_win, no_claim_at_an_event_or_against_the_computer);

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
