//! Deck lists are withheld for the whole event (docs/tournaments.md, "Deck lists"): a finished table's public
//! replay, its players' own replays, the event, its standings, CSV and audit never carry a registered list while
//! the event runs, even once the table's room has gone idle and closed, and after a restart. Once the event is
//! over the organizer's `deck_lists` setting decides: here `top_cut`, so only matches between two players of the
//! top cut publish their record, and the event log shows only their lists.
use crate::helpers::{Backend, TestApp, spawn_app_with};
use crate::tournament_clock::{paired_event, wait_for};
use crate::tournament_event::{event, play_round, start_round};
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(deck_lists_are_withheld_until_the_event_is_over);

async fn deck_lists_are_withheld_until_the_event_is_over(backend: Backend) {
    let mut app = spawn_app_with(backend, |s| s.room_idle_secs = 1).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 2, "top_cut": 2 }, "games_per_match": 1,
        "next_game_chooser": "loser", "end_of_round": { "extra_turns": 3 }, "deck_lists": "top_cut"
    });
    let (id, players) = paired_event(&app, &organizer, settings, 4).await;
    play_round(&app, &id, &players).await;
    let first = event(&app, &id).await["rounds"][0]["tables"][0].clone();
    let room = first["room_id"].as_str().unwrap().to_owned();
    let info: Value = app.get(&organizer.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    let match_id = info["games"][0]["match_id"].as_str().unwrap().to_owned();
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;

    // Round 2 is being played: round 1's room goes idle (its players left) and closes; its record stays withheld.
    let replay = |app: &TestApp, who: Option<&Guest>, seat: &str| {
        let client = who.map_or_else(crate::helpers::new_client, |g| g.client.clone());
        let path = format!("/api/matches/{match_id}/replay{seat}");
        let app_url = app.url(&path);
        async move {
            let r = client.get(app_url).send().await.unwrap();
            assert_eq!(r.status(), 200);
            r.json::<Value>().await.unwrap()
        }
    };
    let mut closed = false;
    for _ in 0..100 {
        let r = replay(&app, None, "").await;
        assert!(r["record"].is_null(), "a round-1 record is public during round 2: {}", r["withheld"]);
        if app.state.rooms.get(&room).is_none() {
            closed = true; // evicted: only the event withholds the record now
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(closed, "round 1's room never went idle");
    let r = replay(&app, None, "").await;
    assert!(r["record"].is_null(), "a round-1 record is public once its room closed, during round 2");
    assert!(r["withheld"].as_str().unwrap().contains("event"), "{}", r["withheld"]);
    let seat_a = players.iter().find(|p| first["players"][0] == json!(p.id)).unwrap();
    let own = replay(&app, Some(seat_a), "?seat=A").await;
    assert!(own["record"].is_null(), "the player's own replay carries the opponent's list too");
    assert_no_list_in_public_reads(&app, &organizer, &id).await;

    app.restart().await;
    assert!(replay(&app, None, "").await["record"].is_null(), "withheld after a restart");
    play_round(&app, &id, &players).await;
    assert!(replay(&app, None, "").await["record"].is_null(), "withheld while the top cut is played");
    assert_no_list_in_public_reads(&app, &organizer, &id).await;

    // The final: the event is over, and the top cut's lists are published.
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    play_round(&app, &id, &players).await;
    let view = wait_for(&app, &id, |v| v["status"] == "finished").await;
    let finalists: Vec<Value> = view["rounds"][2]["tables"][0]["players"].as_array().unwrap().clone();
    for p in view["log"]["players"].as_array().unwrap() {
        assert_eq!(p["deck"].is_string(), finalists.contains(&p["id"]), "only the top cut's lists: {p}");
    }
    // Not yet proved here: a finished event's replays publishing the records (see docs/tournaments.md).
}

/// The event, its standings, CSV and audit name no card of a registered list ("decks" or "bench" of a list).
async fn assert_no_list_in_public_reads(app: &TestApp, organizer: &Guest, id: &str) {
    let view = event(app, id).await;
    for p in view["log"]["players"].as_array().unwrap() {
        assert!(p["deck"].is_null(), "the event log carries a list: {p}");
    }
    for read in ["", "/standings", "/standings.csv", "/audit"] {
        let body = app.get(&organizer.client, &format!("/api/tournaments/{id}{read}")).await.text().await.unwrap();
        assert!(!body.contains("bench"), "{read} carries a deck list: {body}");
    }
}
