//! Who chooses the turn order of a match's next game (docs/tournaments.md, `next_game_chooser`): an event that
//! says the winner (the Summoning Gems tournament rules) has the previous game's winner choose, whichever seat
//! the engine's draw asked (CR 200.4); the table's room says so to the client.
use crate::helpers::{Backend, spawn_app};
use crate::tournament_clock::{first_table, paired_event};
use crate::wsclient::{connect, game_over, guest_at};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(the_previous_games_winner_chooses_when_the_event_says_so);

async fn the_previous_games_winner_chooses_when_the_event_says_so(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 1 }, "games_per_match": 3, "next_game_chooser": "winner",
        "end_of_round": { "extra_turns": 3 }, "no_show_seconds": 0
    });
    let (id, players) = paired_event(&app, &organizer, settings, 2).await;
    let (room, a, b) = first_table(&app, &id, &players).await;
    let (mut ws_a, welcome) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    assert_eq!(welcome["room"]["next_game_chooser"], "winner", "the table tells the client who chooses");
    let (mut ws_b, _) = connect(&app.address, &room, Some(&b.cookie), "player", None).await;

    // Seat A concedes game 1, so B won it: B states it goes first, A asks for game 2 with no preference.
    ws_a.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    for ws in [&mut ws_a, &mut ws_b] {
        while !game_over(&ws.next().await.unwrap()) {}
    }
    let rematch = format!("/api/rooms/{room}/rematch");
    assert_eq!(app.post(&b.client, &rematch, &json!({ "go_first": true })).await.status(), 200);
    assert_eq!(app.post(&a.client, &rematch, &json!({})).await.status(), 200);

    // Game 2's turn-order ask is answered with the winner's choice, whichever seat the draw asked.
    let first = async {
        loop {
            let m: Value = ws_b.next().await.expect("the room stays open");
            if matches!(m["type"].as_str(), Some("update" | "snapshot")) && !m["view"]["first_player"].is_null() {
                return m["view"]["first_player"].clone();
            }
        }
    };
    let first = tokio::time::timeout(Duration::from_secs(5), first).await;
    assert_eq!(first.ok(), Some(json!("B")), "the winner of game 1 chose to go first in game 2");
}
