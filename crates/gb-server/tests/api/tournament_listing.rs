//! The lobby's events (`GET /api/tournaments`, docs/tournaments.md "Finding an event"): anyone, signed in or not,
//! finds events taking entries, running and finished, with their format and turnout, and no player's name.
use crate::helpers::{Backend, TestApp, new_client, spawn_app};
use crate::tournament_event::start_round;
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};

on_both_backends!(events_are_listed_by_where_they_stand);

async fn create(app: &TestApp, organizer: &Guest, name: &str, rounds: u32) -> String {
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": rounds, "top_cut": null },
        "games_per_match": 3, "next_game_chooser": "loser", "round_minutes": 45,
        "end_of_round": { "extra_turns": 3 }, "spectator_delay_seconds": 0
    });
    let r = app.post(&organizer.client, "/api/tournaments", &json!({ "name": name, "settings": settings })).await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned()
}

async fn register(app: &TestApp, id: &str, players: &[&Guest]) {
    for p in players {
        let r = app
            .post(
                &p.client,
                &format!("/api/tournaments/{id}/registrations"),
                &json!({ "preconstructed": "fire-and-wind" }),
            )
            .await;
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
}

async fn listed(app: &TestApp) -> Value {
    let r = app.get(&new_client(), "/api/tournaments").await;
    let status = r.status();
    let body = r.text().await.unwrap();
    assert_eq!(status, 200, "signed out, the events are listed: {body}");
    serde_json::from_str(&body).unwrap()
}

fn names(list: &Value, group: &str) -> Vec<String> {
    list[group].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap().to_owned()).collect()
}

async fn events_are_listed_by_where_they_stand(backend: Backend) {
    let app = spawn_app(backend).await;
    let empty = listed(&app).await;
    assert_eq!(empty, json!({ "upcoming": [], "running": [], "finished": [] }));

    let organizer = guest_at(&app.address, "Organizer").await;
    let ann = guest_at(&app.address, "Ann Listed").await;
    let bob = guest_at(&app.address, "Bob Listed").await;
    let upcoming = create(&app, &organizer, "Sunday Sealed", 3).await;
    register(&app, &upcoming, &[&ann]).await;

    let running = create(&app, &organizer, "Friday Blend", 2).await;
    register(&app, &running, &[&ann, &bob]).await;
    let close =
        app.post(&organizer.client, &format!("/api/tournaments/{running}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    start_round(&app, &organizer, &format!("/api/tournaments/{running}/rounds")).await;

    // One round of two players: the organizer records a concession, the event is over.
    let finished = create(&app, &organizer, "Thursday Final", 1).await;
    register(&app, &finished, &[&ann, &bob]).await;
    let close =
        app.post(&organizer.client, &format!("/api/tournaments/{finished}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    start_round(&app, &organizer, &format!("/api/tournaments/{finished}/rounds")).await;
    let concede = format!("/api/tournaments/{finished}/rounds/1/tables/1/concede");
    let r = app.post(&organizer.client, &concede, &json!({ "player": bob.id })).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let view: Value = r.json().await.unwrap();
    assert_eq!(view["status"], "finished");

    let list = listed(&app).await;
    assert_eq!(names(&list, "upcoming"), ["Sunday Sealed"]);
    assert_eq!(names(&list, "running"), ["Friday Blend"]);
    assert_eq!(names(&list, "finished"), ["Thursday Final"]);
    let sunday = &list["upcoming"][0];
    assert_eq!(sunday["id"], upcoming);
    assert_eq!(sunday["status"], "registration");
    assert_eq!(sunday["players"], 1);
    assert_eq!(sunday["settings"]["games_per_match"], 3);
    assert_eq!(sunday["settings"]["structure"], json!({ "kind": "swiss", "rounds": 3, "top_cut": null }));
    assert_eq!(list["running"][0]["players"], 2);
    assert_eq!(list["finished"][0]["id"], finished);
    // The lobby's list names events, never who entered them or their decks.
    let text = list.to_string();
    for hidden in ["Ann Listed", "Bob Listed", ann.id.as_str(), bob.id.as_str(), "fire-and-wind"] {
        assert!(!text.contains(hidden), "{hidden} in the event list: {text}");
    }
}
