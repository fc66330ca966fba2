//! The end-to-end proof of organized play: a 16-player Swiss event with a top 8 on the real server, every match
//! played by two random-move bots over real WebSockets in the room the event opened for it, with a late entry,
//! a drop, a corrected result, a judge's match loss and a server restart mid-round, through to a champion.
//! Matches are best of one, and a bot concedes after 40 moves, to keep the run short.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::wsclient::{Guest, connect, guest_at, play_seat};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(a_swiss_event_with_a_top_eight_is_played_to_a_champion);

const DECKS: [&str; 2] = ["fire-and-wind", "tide-and-stone"];

async fn a_swiss_event_with_a_top_eight_is_played_to_a_champion(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let base = app.address.clone();
    let organizer = guest_at(&base, "Organizer").await;
    let mut players = Vec::new();
    for i in 0..16 {
        players.push(guest_at(&base, &format!("Player {i:02}")).await);
    }
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 4, "top_cut": 8 },
        "games_per_match": 1, "next_game_chooser": "loser", "round_minutes": 45,
        "end_of_round": { "extra_turns": 3 }, "spectator_delay_seconds": 0
    });
    let mut bad_settings = settings_fields(&settings);
    bad_settings.insert("games_per_match".into(), json!(2));
    let bad = json!({ "name": "Bad", "settings": bad_settings });
    assert_error(app.post(&organizer.client, "/api/tournaments", &bad).await, 422, "bad_games_per_match").await;
    // A table is the two-player game: a free-for-all event is refused by name (issue 16).
    let mut four = settings_fields(&settings);
    four.insert("seats".into(), json!(4));
    let four = json!({ "name": "Four", "settings": four });
    assert_error(app.post(&organizer.client, "/api/tournaments", &four).await, 422, "tournament_seats").await;
    let r = app
        .post(
            &organizer.client,
            "/api/tournaments",
            &json!({ "name": "Friday Blend", "seed": 17, "settings": settings }),
        )
        .await;
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let path = |p: &str| format!("/api/tournaments/{id}{p}");

    // Fifteen register; the sixteenth arrives late.
    for (i, p) in players[..15].iter().enumerate() {
        let r = app.post(&p.client, &path("/registrations"), &json!({ "preconstructed": DECKS[i % 2] })).await;
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
    let again = app.post(&players[0].client, &path("/registrations"), &json!({ "preconstructed": DECKS[0] })).await;
    assert_error(again, 409, "already_registered").await;
    assert_error(app.post(&players[0].client, &path("/rounds"), &json!({})).await, 403, "not_organizer").await;
    assert_error(app.post(&organizer.client, &path("/rounds"), &json!({})).await, 409, "registration_open").await;
    assert_eq!(app.post(&organizer.client, &path("/registration/close"), &json!({})).await.status(), 200);
    let late = app.post(&players[15].client, &path("/registrations"), &json!({ "preconstructed": DECKS[1] })).await;
    assert_error(late, 409, "registration_closed").await;

    // Round 1 (15 players: one bye), then the organizer corrects table 1's result before round 2 is paired.
    start_round(&app, &organizer, &path("/rounds")).await;
    play_round(&app, &id, &players).await;
    let view = event(&app, &id).await;
    let table = &view["rounds"][0]["tables"][0];
    let was = table["result"]["games"][0]["winner"].as_str().unwrap().to_owned();
    let other = if table["players"][0] == was.as_str() { &table["players"][1] } else { &table["players"][0] };
    let fix = json!({ "round": 1, "table": 1, "reason": "result slip signed for the wrong player",
                      "result": { "games": [{ "result": "win", "winner": other }] } });
    let fixed = app.post(&organizer.client, &path("/corrections"), &fix).await;
    assert_eq!(fixed.status(), 200);
    let standings: Value = app.get(&organizer.client, &path("/standings")).await.json().await.unwrap();
    let points = |s: &Value, who: &str| {
        s["players"].as_array().unwrap().iter().find(|p| p["player"] == who).unwrap()["match_points"].clone()
    };
    assert_eq!(points(&standings, &was), 0, "the correction took the win away");
    assert_eq!(points(&standings, other.as_str().unwrap()), 3);

    // The late entry plays from round 2; the server restarts while round 2 is being played.
    let entry = json!({ "account_id": players[15].id, "preconstructed": DECKS[1] });
    assert_eq!(app.post(&organizer.client, &path("/late_entries"), &entry).await.status(), 200);
    start_round(&app, &organizer, &path("/rounds")).await;
    app.restart().await;
    let view = event(&app, &id).await;
    assert_eq!(view["rounds"][1]["tables"].as_array().unwrap().len(), 8, "16 players, 8 tables, after the restart");
    play_round(&app, &id, &players).await;

    // Player 03 drops before round 3; a judge gives table 1 of round 3 a match loss.
    let dropper = players[3].id.clone();
    let dropped = app
        .post(
            &players[3].client,
            &format!("/api/tournaments/{id}/players/{dropper}/drop"),
            &json!({ "reason": "going home" }),
        )
        .await;
    assert_eq!(dropped.status(), 200);
    let other_drop = app
        .post(&players[4].client, &format!("/api/tournaments/{id}/players/{}/drop", players[5].id), &json!({}))
        .await;
    assert_error(other_drop, 403, "not_organizer").await;
    start_round(&app, &organizer, &path("/rounds")).await;
    let view = event(&app, &id).await;
    let culprit = view["rounds"][2]["tables"][0]["players"][0].as_str().unwrap().to_owned();
    let penalty = json!({ "round": 3, "table": 1, "action": { "action": "match_loss", "player": culprit, "reason": "tardiness" } });
    assert_eq!(app.post(&organizer.client, &path("/judge"), &penalty).await.status(), 200);
    play_round(&app, &id, &players).await;
    start_round(&app, &organizer, &path("/rounds")).await;
    play_round(&app, &id, &players).await;

    // The top 8: quarter-finals, semi-finals, final; then nothing more to pair.
    for _ in 0..3 {
        start_round(&app, &organizer, &path("/rounds")).await;
        play_round(&app, &id, &players).await;
    }
    assert_error(app.post(&organizer.client, &path("/rounds"), &json!({})).await, 409, "tournament_over").await;

    let view = event(&app, &id).await;
    let rounds = view["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 7);
    let sizes: Vec<usize> = rounds.iter().map(|r| r["tables"].as_array().unwrap().len()).collect();
    assert_eq!(sizes, [7, 8, 7, 7, 4, 2, 1], "15 with a bye, 16, 15 after the drop, then the top 8");
    let champion = view["champion"].as_str().expect("a champion").to_owned();
    assert_eq!(view["status"], "finished");
    let final_table = &rounds[6]["tables"][0];
    assert_eq!(final_table["result"]["games"][0]["winner"], champion.as_str());
    for round in &rounds[2..] {
        let seated = round["tables"].as_array().unwrap().iter().flat_map(|t| t["players"].as_array().unwrap().clone());
        assert!(
            seated.chain(round["byes"].as_array().unwrap().clone()).all(|p| p != dropper.as_str()),
            "a dropped player is never paired"
        );
    }
    assert!(rounds[1]["tables"].to_string().contains(&players[15].id), "the late entry plays round 2");
    assert_eq!(rounds[2]["tables"][0]["result"]["judge"][0]["action"], "match_loss");

    let audit: Value = app.get(&organizer.client, &path("/audit")).await.json().await.unwrap();
    let actions: Vec<&str> = audit.as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap()).collect();
    for needed in ["create", "close_registration", "correction", "late_entry", "drop", "judge", "start_round"] {
        assert!(actions.contains(&needed), "audit log has {needed}: {actions:?}");
    }
    let csv = app.get(&organizer.client, &path("/standings.csv")).await;
    assert_eq!(csv.status(), 200);
    assert_eq!(csv.text().await.unwrap().lines().count(), 17, "a header and 16 players");
}

/// The settings object's fields, to build a variant with one of them changed.
fn settings_fields(settings: &Value) -> serde_json::Map<String, Value> {
    settings.as_object().unwrap().clone()
}

pub(crate) async fn event(app: &TestApp, id: &str) -> Value {
    let r = app.get(&crate::helpers::new_client(), &format!("/api/tournaments/{id}")).await;
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

pub(crate) async fn start_round(app: &TestApp, organizer: &Guest, path: &str) {
    let r = app.post(&organizer.client, path, &json!({})).await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
}

/// Each seated player connects to their table's room and plays random legal moves until the game ends; then the
/// event must show every table's result (they arrive from the rooms, not from the test).
pub(crate) async fn play_round(app: &TestApp, id: &str, players: &[Guest]) {
    let view = event(app, id).await;
    let round = view["rounds"].as_array().unwrap().last().unwrap().clone();
    let mut games = Vec::new();
    for (t, table) in round["tables"].as_array().unwrap().iter().enumerate() {
        if !table["result"]["judge"].as_array().is_none_or(|j| j.is_empty()) {
            continue; // decided by a judge: nobody plays it
        }
        let room = table["room_id"]
            .as_str()
            .unwrap_or_else(|| panic!("round {}: table {t} has no room", round["number"]))
            .to_owned();
        for (s, who) in table["players"].as_array().unwrap().iter().enumerate() {
            let g = players.iter().find(|p| p.id == who.as_str().unwrap()).unwrap();
            let (ws, _) = connect(&app.address, &room, Some(&g.cookie), "player", None).await;
            games.push(tokio::spawn(play_seat(ws, (t * 2 + s) as u64 + 1, 40)));
        }
    }
    for g in games {
        g.await.unwrap();
    }
    let number = round["number"].as_u64().unwrap() as usize;
    for _ in 0..100 {
        let view = event(app, id).await;
        let tables = view["rounds"][number - 1]["tables"].as_array().unwrap().clone();
        if tables.iter().all(|t| {
            !t["result"]["games"].as_array().unwrap().is_empty()
                || !t["result"]["judge"].as_array().is_none_or(|j| j.is_empty())
        }) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("round {number}'s results did not all arrive");
}
