//! What the organizer's console reads (docs/tournaments.md, "Running an event"): the Swiss round count an `auto`
//! event settles on at round 1, so the console names the top cut and shows its bracket; and accounts found by
//! name for a late entry.
use crate::helpers::{Backend, TestApp, assert_error, new_client, spawn_app};
use crate::tournament_event::start_round;
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};

on_both_backends!(an_auto_event_publishes_its_swiss_rounds_and_its_top_cut, accounts_are_found_by_display_name);

async fn view(app: &TestApp, id: &str) -> Value {
    app.get(&new_client(), &format!("/api/tournaments/{id}")).await.json().await.unwrap()
}

/// The organizer records every table of the round being played for its first player.
async fn finish_round(app: &TestApp, organizer: &Guest, id: &str) {
    let v = view(app, id).await;
    let round = v["rounds"].as_array().unwrap().last().unwrap().clone();
    for t in round["tables"].as_array().unwrap() {
        let path = format!("/api/tournaments/{id}/rounds/{}/tables/{}/concede", round["number"], t["table"]);
        let r = app.post(&organizer.client, &path, &json!({ "player": t["players"][1] })).await;
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
}

async fn an_auto_event_publishes_its_swiss_rounds_and_its_top_cut(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": "auto", "top_cut": 2 },
        "games_per_match": 1, "next_game_chooser": "loser", "round_minutes": 45,
        "end_of_round": { "extra_turns": 3 }, "spectator_delay_seconds": 0
    });
    let r = app.post(&organizer.client, "/api/tournaments", &json!({ "name": "Auto", "settings": settings })).await;
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["swiss_rounds"], Value::Null, "before round 1 the turnout is not known");
    for i in 0..4 {
        let p = guest_at(&app.address, &format!("Player {i}")).await;
        let r = app
            .post(
                &p.client,
                &format!("/api/tournaments/{id}/registrations"),
                &json!({ "preconstructed": "fire-and-wind" }),
            )
            .await;
        assert_eq!(r.status(), 200);
    }
    let close = app.post(&organizer.client, &format!("/api/tournaments/{id}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    let rounds = format!("/api/tournaments/{id}/rounds");
    start_round(&app, &organizer, &rounds).await;
    assert_eq!(view(&app, &id).await["swiss_rounds"], 2, "four players: two Swiss rounds");
    finish_round(&app, &organizer, &id).await;
    start_round(&app, &organizer, &rounds).await;
    finish_round(&app, &organizer, &id).await;
    let before_cut = view(&app, &id).await;
    assert_eq!(before_cut["swiss_rounds"], 2);
    assert_eq!(before_cut["provisional_bracket"].as_array().unwrap().len(), 1, "the top 2, provisional");
    start_round(&app, &organizer, &rounds).await;
    let cut = view(&app, &id).await;
    assert_eq!(cut["swiss_rounds"], 2, "round 3 is the top cut, past the Swiss rounds");
    assert_eq!(cut["rounds"][2]["tables"].as_array().unwrap().len(), 1);
}

async fn accounts_are_found_by_display_name(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    for name in ["Ada Lovelace", "Adam", "Bob", "50% Off"] {
        guest_at(&app.address, name).await;
    }
    let search = |q: &str| format!("/api/accounts?name={}", urlencoding(q));
    assert_eq!(app.get(&new_client(), &search("ada")).await.status(), 401, "signed in only");
    assert_error(app.get(&organizer.client, &search("a")).await, 400, "name_too_short").await;
    let found: Vec<Value> = app.get(&organizer.client, &search("ADA")).await.json().await.unwrap();
    let names: Vec<&str> = found.iter().map(|a| a["display_name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Ada Lovelace", "Adam"]);
    assert!(found[0]["id"].is_string() && found[0]["guest"] == true && found[0].get("username").is_none());
    // A wildcard is a character like any other.
    let found: Vec<Value> = app.get(&organizer.client, &search("0%")).await.json().await.unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    let found: Vec<Value> = app.get(&organizer.client, &search("%%")).await.json().await.unwrap();
    assert!(found.is_empty(), "{found:?}");
}

fn urlencoding(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}
