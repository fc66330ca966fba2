//! Computer players in an event (docs/tournaments.md, "Computer players"): the organizer fills seats with the
//! server's computer player while registration is open. They are marked as computers everywhere, checked in at
//! once, and their tables are played by the rooms: two people and two computers play two Swiss rounds to a
//! finished event, and four computers play a best-of-three round by themselves. Adding them is the organizer's,
//! while registration is open, and bounded, each refusal with its own code and nothing changed.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, connect, guest_at, play_seat};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    people_and_computers_play_an_event_to_its_end,
    four_computers_play_their_best_of_three_tables_by_themselves,
    adding_computers_is_the_organizers_while_registration_is_open_and_bounded
);

fn swiss(rounds: u8, games: u8) -> Value {
    json!({
        "structure": { "kind": "swiss", "rounds": rounds }, "games_per_match": games, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }, "check_in": true
    })
}

async fn create(app: &TestApp, organizer: &Guest, settings: Value) -> String {
    let r =
        app.post(&organizer.client, "/api/tournaments", &json!({ "name": "Rehearsal", "settings": settings })).await;
    assert_eq!(r.status(), 201);
    r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned()
}

async fn add_computers(app: &TestApp, who: &Guest, id: &str, body: Value) -> reqwest::Response {
    app.post(&who.client, &format!("/api/tournaments/{id}/computers"), &body).await
}

/// The event's players that are computers.
fn computers(view: &Value) -> Vec<Value> {
    view["log"]["players"].as_array().unwrap().iter().filter(|p| p["computer"] == true).cloned().collect()
}

async fn people_and_computers_play_an_event_to_its_end(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let id = create(&app, &organizer, swiss(2, 1)).await;
    let mut people = Vec::new();
    for (i, deck) in ["fire-and-wind", "tide-and-stone"].iter().enumerate() {
        let g = guest_at(&app.address, &format!("Person {i}")).await;
        let r = app
            .post(&g.client, &format!("/api/tournaments/{id}/registrations"), &json!({ "preconstructed": deck }))
            .await;
        assert_eq!(r.status(), 200);
        let r = app.post(&g.client, &format!("/api/tournaments/{id}/check-in"), &json!({})).await;
        assert_eq!(r.status(), 200);
        people.push(g);
    }
    let r = add_computers(&app, &organizer, &id, json!({ "count": 2, "level": "greedy" })).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let view = event(&app, &id).await;
    let bots = computers(&view);
    let names: Vec<&str> = bots.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Computer 1 (Medium)", "Computer 2 (Medium)"], "named as computers, distinct: {view}");
    for p in view["log"]["players"].as_array().unwrap().iter().filter(|p| p["computer"] != true) {
        assert!(p.get("computer").is_none(), "people carry no computer mark: {p}");
    }
    let checked_in = view["checked_in"].as_array().unwrap();
    for b in &bots {
        assert!(checked_in.contains(&b["id"]), "a computer is checked in as it enters: {view}");
    }
    let audit: Value = app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    assert!(audit.as_array().unwrap().iter().any(|a| a["action"] == "add_computers"), "audited: {audit}");

    let close = app.post(&organizer.client, &format!("/api/tournaments/{id}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    for round in 1..=2usize {
        start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
        let view = event(&app, &id).await;
        assert_eq!(view["rounds"][round - 1]["byes"], json!([]), "four players, no bye");
        // The people play their own seats (conceding after 40 moves to keep it short); computers play theirs.
        let mut seats = Vec::new();
        for table in view["rounds"][round - 1]["tables"].as_array().unwrap() {
            let room = table["room_id"].as_str().expect("every table has a room");
            for who in table["players"].as_array().unwrap() {
                if let Some(g) = people.iter().find(|p| p.id == who.as_str().unwrap()) {
                    let (ws, _) = connect(&app.address, room, Some(&g.cookie), "player", None).await;
                    seats.push(tokio::spawn(play_seat(ws, round as u64 * 10 + seats.len() as u64, 40)));
                }
            }
        }
        let view = results_of(&app, &id, round, 1).await;
        for s in seats {
            s.abort();
        }
        let arrived = view["rounds"][round - 1]["tables"].as_array().unwrap().iter().map(|t| &t["arrived"]);
        for a in arrived {
            assert_eq!(a, &json!([true, true]), "everyone came, computers too: {view}");
        }
    }
    let view = event(&app, &id).await;
    assert_eq!(view["over"], true, "two Swiss rounds, no top cut: the event is over: {view}");
    assert!(view["log"]["roster"].as_array().unwrap().is_empty(), "nobody dropped or no-showed: {view}");
    let standings: Value =
        app.get(&organizer.client, &format!("/api/tournaments/{id}/standings")).await.json().await.unwrap();
    let rows = standings["players"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for row in rows {
        let is_computer = bots.iter().any(|b| b["id"] == row["player"]);
        assert_eq!(row["computer"] == true, is_computer, "standings mark computers: {row}");
    }
}

async fn four_computers_play_their_best_of_three_tables_by_themselves(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let id = create(&app, &organizer, swiss(1, 3)).await;
    let r = add_computers(&app, &organizer, &id, json!({ "count": 4, "level": "random" })).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let close = app.post(&organizer.client, &format!("/api/tournaments/{id}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    // Nobody connects: each table plays its games, one after the other, until a computer has won two.
    let view = results_of(&app, &id, 1, 2).await;
    assert_eq!(view["over"], true, "{view}");
    for table in view["rounds"][0]["tables"].as_array().unwrap() {
        let room = table["room_id"].as_str().unwrap();
        let info: Value = app.get(&organizer.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
        for (seat, player) in info["seats"].as_array().unwrap().iter().zip(table["players"].as_array().unwrap()) {
            assert_eq!(seat["bot"], true, "{info}");
            assert_eq!(seat["bot_level"], "random", "the event's level: {info}");
            let name = view["log"]["players"].as_array().unwrap().iter().find(|p| &p["id"] == player).unwrap();
            assert_eq!(seat["display_name"], name["name"], "the table shows the computer's event name: {info}");
        }
    }
}

/// Waits (up to three minutes: computers play whole games) until every table of `round` has a player with
/// `wins` game wins or a finished game count of `games_per_match`; returns the event view.
async fn results_of(app: &TestApp, id: &str, round: usize, wins: usize) -> Value {
    for _ in 0..1800 {
        let view = event(app, id).await;
        let tables = view["rounds"][round - 1]["tables"].as_array().unwrap().clone();
        let decided = |t: &Value| {
            let games = t["result"]["games"].as_array().cloned().unwrap_or_default();
            let won = |p: &Value| games.iter().filter(|g| &g["winner"] == p).count();
            t["players"].as_array().unwrap().iter().any(|p| won(p) >= wins) || games.len() >= 2 * wins - 1
        };
        if tables.iter().all(decided) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("round {round}'s tables did not finish: {}", event(app, id).await);
}

async fn adding_computers_is_the_organizers_while_registration_is_open_and_bounded(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let player = guest_at(&app.address, "Player").await;
    let id = create(&app, &organizer, swiss(1, 1)).await;
    let count = |v: &Value| v["log"]["players"].as_array().unwrap().len();

    let r = add_computers(&app, &player, &id, json!({ "count": 2 })).await;
    assert_error(r, 403, "not_organizer").await;
    for bad in [0, 17] {
        let r = add_computers(&app, &organizer, &id, json!({ "count": bad })).await;
        assert_error(r, 422, "bad_computer_count").await;
    }
    let r = add_computers(&app, &organizer, &id, json!({ "count": 1, "level": "grandmaster" })).await;
    assert!(r.status().is_client_error(), "an unknown level is refused");
    assert_eq!(count(&event(&app, &id).await), 0, "nothing entered by a refused request");

    // The default level is Medium; an event holds at most 64 computers.
    for _ in 0..4 {
        assert_eq!(add_computers(&app, &organizer, &id, json!({ "count": 16 })).await.status(), 200);
    }
    let view = event(&app, &id).await;
    assert_eq!(count(&view), 64);
    assert_eq!(view["log"]["players"][63]["name"], "Computer 64 (Medium)");
    let r = add_computers(&app, &organizer, &id, json!({ "count": 1 })).await;
    assert_error(r, 409, "too_many_computers").await;

    let other = create(&app, &organizer, swiss(1, 1)).await;
    let close = app.post(&organizer.client, &format!("/api/tournaments/{other}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    let r = add_computers(&app, &organizer, &other, json!({ "count": 1 })).await;
    assert_error(r, 409, "registration_closed").await;
    assert_eq!(count(&event(&app, &other).await), 0);
    assert_eq!(count(&event(&app, &id).await), 64);
}
