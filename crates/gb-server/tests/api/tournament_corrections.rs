//! Results the organizer records (docs/tournaments.md, "Corrections"): the table's room ends with "result
//! recorded by the organizer", so nobody plays on and the lobby no longer lists it live; a Swiss correction after
//! later rounds were paired says those pairings stand; a playoff correction that changes who advanced resets the
//! next round's match (new room, the old one told) while it has no result.
use crate::helpers::{Backend, TestApp, assert_error, new_client, spawn_app};
use crate::tournament_clock::paired_event;
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    an_organizer_result_closes_the_table,
    a_playoff_correction_resets_the_next_match,
    a_playoff_correction_is_refused_once_the_next_match_has_a_result
);

fn settings(structure: Value) -> Value {
    json!({ "structure": structure, "games_per_match": 1, "next_game_chooser": "loser",
            "end_of_round": { "extra_turns": 3 }, "no_show_seconds": 0 })
}

/// `winner` won round `round`'s table `table`, as the organizer records it; returns the answer's body.
async fn correct(app: &TestApp, organizer: &Guest, id: &str, at: (u32, u32), winner: &Value) -> Value {
    let body = json!({ "round": at.0, "table": at.1, "reason": "the slip",
                       "result": { "games": [{ "result": "win", "winner": winner }] } });
    let r = app.post(&organizer.client, &format!("/api/tournaments/{id}/corrections"), &body).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    r.json().await.unwrap()
}

/// The room's info once `done` holds (the event tells rooms in the background).
async fn room_when(app: &TestApp, room: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..100 {
        let info: Value = app.get(&new_client(), &format!("/api/rooms/{room}")).await.json().await.unwrap();
        if done(&info) {
            return info;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the room never reached the expected state")
}

async fn live_rooms(app: &TestApp) -> Vec<Value> {
    let list: Value = app.get(&new_client(), "/api/rooms").await.json().await.unwrap();
    list["live"].as_array().unwrap().clone()
}

async fn an_organizer_result_closes_the_table(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, settings(json!({ "kind": "swiss", "rounds": 2 })), 4).await;
    let round1 = event(&app, &id).await["rounds"][0]["tables"].clone();
    let room = round1[0]["room_id"].as_str().unwrap().to_owned();
    assert!(live_rooms(&app).await.iter().any(|r| r["id"] == room.as_str()), "a table being played is live");

    // "X won table 1": the table's room ends, nobody plays on, and it is no longer listed live.
    correct(&app, &organizer, &id, (1, 1), &round1[0]["players"][0]).await;
    let info = room_when(&app, &room, |i| !i["match_end"].is_null()).await;
    assert_eq!((info["match_end"].as_str(), info["status"].as_str()), (Some("organizer"), Some("finished")));
    assert!(!live_rooms(&app).await.iter().any(|r| r["id"] == room.as_str()), "a finished table is not live");
    let seated = players.iter().find(|p| p.id == round1[0]["players"][1].as_str().unwrap()).unwrap();
    let rematch = app.post(&seated.client, &format!("/api/rooms/{room}/rematch"), &json!({})).await;
    assert_error(rematch, 409, "match_ended").await;

    // After round 2 is paired, a Swiss correction of round 1 says round 2's pairings stand.
    correct(&app, &organizer, &id, (1, 2), &round1[1]["players"][0]).await;
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    let answer = correct(&app, &organizer, &id, (1, 1), &round1[0]["players"][1]).await;
    let notice = answer["notice"].as_str().unwrap_or_default();
    assert!(notice.contains("stand"), "the organizer is told later pairings stand: {answer}");
    assert_eq!(answer["rounds"].as_array().unwrap().len(), 2, "the answer is still the event");
}

/// A single-elimination event of 4 whose semi-finals each went to their table's first player, with the final
/// paired: the app, the organizer, the event and round 1's tables.
async fn final_paired(backend: Backend) -> (TestApp, Guest, String, Value) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, _) = paired_event(&app, &organizer, settings(json!({ "kind": "single_elimination" })), 4).await;
    let round1 = event(&app, &id).await["rounds"][0]["tables"].clone();
    for t in 0..2 {
        correct(&app, &organizer, &id, (1, t + 1), &round1[t as usize]["players"][0]).await;
    }
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    (app, organizer, id, round1)
}

async fn a_playoff_correction_resets_the_next_match(backend: Backend) {
    let (app, organizer, id, round1) = final_paired(backend).await;
    let final_table = event(&app, &id).await["rounds"][1]["tables"][0].clone();
    let (wrong, right) = (round1[0]["players"][0].clone(), round1[0]["players"][1].clone());
    assert!(final_table["players"].as_array().unwrap().contains(&wrong), "{final_table}");
    let old_room = final_table["room_id"].as_str().unwrap().to_owned();

    // The slip named the wrong winner of table 1: the final is reset with the right player in a new room.
    let answer = correct(&app, &organizer, &id, (1, 1), &right).await;
    let now = answer["rounds"][1]["tables"][0].clone();
    let seated = now["players"].as_array().unwrap();
    assert!(seated.contains(&right) && !seated.contains(&wrong), "the corrected winner plays the final: {now}");
    assert_eq!(now["result"], json!({ "games": [] }), "{now}");
    assert!(now["room_id"].is_string() && now["room_id"] != json!(old_room), "a new room: {now}");
    let told = room_when(&app, &old_room, |i| !i["match_end"].is_null()).await;
    assert_eq!(told["match_end"], "reset", "the old final's players are told");
    let audit: Value = app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    assert!(audit.as_array().unwrap().iter().any(|a| a["detail_json"].to_string().contains("reset")), "{audit}");
}

/// A playoff correction that would change who advanced is refused, with the reason, once the match that player went
/// on to has its own result: resetting it would undo a match already played (docs/tournaments.md, "Corrections").
/// The refusal changes nothing.
async fn a_playoff_correction_is_refused_once_the_next_match_has_a_result(backend: Backend) {
    let (app, organizer, id, round1) = final_paired(backend).await;
    let finalist = round1[0]["players"][0].clone();
    correct(&app, &organizer, &id, (2, 1), &finalist).await;
    let before = event(&app, &id).await;
    assert_eq!(before["champion"], finalist, "{before}");

    let body = json!({ "round": 1, "table": 1, "reason": "the slip",
                       "result": { "games": [{ "result": "win", "winner": round1[0]["players"][1] }] } });
    let r = app.post(&organizer.client, &format!("/api/tournaments/{id}/corrections"), &body).await;
    let refused = assert_error(r, 409, "downstream_played").await;
    assert!(refused["error"]["message"].as_str().unwrap().contains("already has a result"), "{refused}");
    let after = event(&app, &id).await;
    assert_eq!(after["rounds"], before["rounds"], "nothing changed");
    assert_eq!(after["champion"], finalist);
}
