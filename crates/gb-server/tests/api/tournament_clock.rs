//! The round clock, enforced on the real server (docs/tournaments.md, "End-of-round procedure"): events with a
//! three-second round and one extra turn. Nobody plays until time is called; then two random-move bots play over
//! real WebSockets until the event records the table's result. In Swiss the unfinished game is a drawn game and
//! the match a draw; a table given a time extension is left alone; in a playoff the game is decided by the time
//! rule (rounds won, then HP, then sudden death), so the match has a winner.
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, connect, guest_at, play_seat};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(time_is_called_on_the_tables_still_playing, a_stale_room_cannot_time_out_a_re_paired_table);

async fn time_is_called_on_the_tables_still_playing(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;

    // Swiss, one round, four players: table 2 gets an hour's extension, table 1 runs out of time.
    let (id, players) = paired_event(&app, &organizer, short_round(json!({ "kind": "swiss", "rounds": 1 })), 4).await;
    let extension = json!({ "round": 1, "table": 2, "action": { "action": "time_extension", "minutes": 60 } });
    let r = app.post(&organizer.client, &format!("/api/tournaments/{id}/judge"), &extension).await;
    assert_eq!(r.status(), 200);
    let view = wait_for(&app, &id, |v| v["rounds"][0]["tables"][0]["time_called"] == true).await;
    assert_eq!(view["rounds"][0]["tables"][1]["time_called"], false, "the extended table plays on");
    let table = play_until_time(&app, &id, &players, 0).await;
    let games = table["result"]["games"].as_array().unwrap();
    assert_eq!(games.last().unwrap()["result"], "unfinished", "{table}");
    let standings: Value =
        app.get(&organizer.client, &format!("/api/tournaments/{id}/standings")).await.json().await.unwrap();
    for who in table["players"].as_array().unwrap() {
        let row = standings["players"].as_array().unwrap().iter().find(|p| &p["player"] == who).unwrap();
        assert_eq!(row["match_points"], 1, "an unfinished game is a drawn game, so the match is a draw");
    }
    let view = event(&app, &id).await;
    assert_eq!(view["rounds"][0]["tables"][1]["time_called"], false);

    // A playoff has no draws: a two-player single elimination is decided by the time rule.
    let (id, players) = paired_event(&app, &organizer, short_round(json!({ "kind": "single_elimination" })), 2).await;
    wait_for(&app, &id, |v| v["rounds"][0]["tables"][0]["time_called"] == true).await;
    let table = play_until_time(&app, &id, &players, 0).await;
    let game = &table["result"]["games"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(game["result"], "win", "{table}");
    assert!(["rounds_won", "hp", "sudden_death"].contains(&game["decided_by"].as_str().unwrap()), "{game}");
    let view = wait_for(&app, &id, |v| !v["champion"].is_null()).await;
    assert_eq!(view["champion"], game["winner"]);
}

/// Best of one, with a three-second round and one extra turn.
fn short_round(structure: Value) -> Value {
    json!({
        "structure": structure, "games_per_match": 1, "next_game_chooser": "loser",
        "round_seconds": 3, "end_of_round": { "extra_turns": 1 }
    })
}

/// One Swiss round of one-game matches with no round clock and no no-show timer: an event table that only exists
/// to be an event's (the tests of what event tables refuse).
pub(crate) fn one_round_swiss() -> Value {
    json!({
        "structure": { "kind": "swiss", "rounds": 1 }, "games_per_match": 1, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }, "no_show_seconds": 0
    })
}

/// Creates an event of `players` guests with `settings`, registers them, closes registration and pairs round 1.
pub(crate) async fn paired_event(
    app: &TestApp,
    organizer: &Guest,
    settings: Value,
    players: usize,
) -> (String, Vec<Guest>) {
    let (id, guests) = registered_event(app, organizer, settings, players).await;
    start_round(app, organizer, &format!("/api/tournaments/{id}/rounds")).await;
    (id, guests)
}

/// Creates an event of `players` guests with `settings`, registers them and closes registration.
pub(crate) async fn registered_event(
    app: &TestApp,
    organizer: &Guest,
    settings: Value,
    players: usize,
) -> (String, Vec<Guest>) {
    let r = app.post(&organizer.client, "/api/tournaments", &json!({ "name": "Clock", "settings": settings })).await;
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let mut guests = Vec::new();
    for i in 0..players {
        let g = guest_at(&app.address, &format!("Clock {i}")).await;
        let deck = if i % 2 == 0 { "fire-and-wind" } else { "tide-and-stone" };
        let r = app
            .post(&g.client, &format!("/api/tournaments/{id}/registrations"), &json!({ "preconstructed": deck }))
            .await;
        assert_eq!(r.status(), 200);
        guests.push(g);
    }
    let close = app.post(&organizer.client, &format!("/api/tournaments/{id}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    (id, guests)
}

/// Round 1's first table: its room and its two players in the pairing's order (seat A first).
pub(crate) async fn first_table<'g>(app: &TestApp, id: &str, players: &'g [Guest]) -> (String, &'g Guest, &'g Guest) {
    let table = event(app, id).await["rounds"][0]["tables"][0].clone();
    let room = table["room_id"].as_str().unwrap().to_owned();
    let seat = |i: usize| players.iter().find(|p| p.id == table["players"][i].as_str().unwrap()).unwrap();
    (room, seat(0), seat(1))
}

/// The event view once `done` holds (polled: the result arrives from the server's clock and the rooms).
pub(crate) async fn wait_for(app: &TestApp, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..600 {
        let view = event(app, id).await;
        if done(&view) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the event never reached the expected state: {}", event(app, id).await);
}

/// Both players of round 1's table `t` play random moves (never conceding) until the event records the table
/// ended by time; returns the table.
async fn play_until_time(app: &TestApp, id: &str, players: &[Guest], t: usize) -> Value {
    let view = event(app, id).await;
    let table = view["rounds"][0]["tables"][t].clone();
    let room = table["room_id"].as_str().unwrap().to_owned();
    let mut bots = Vec::new();
    for (s, who) in table["players"].as_array().unwrap().iter().enumerate() {
        let g = players.iter().find(|p| p.id == who.as_str().unwrap()).unwrap();
        let (ws, _) = connect(&app.address, &room, Some(&g.cookie), "player", None).await;
        bots.push(tokio::spawn(play_seat(ws, s as u64 + 7, u32::MAX)));
    }
    let view = wait_for(app, id, |v| v["rounds"][0]["tables"][t]["result"]["end"] == "time").await;
    for b in bots {
        b.abort();
    }
    view["rounds"][0]["tables"][t].clone()
}

/// A table's old room answering a time call after the round was re-paired is stale: it records nothing on the
/// re-paired table, whose new room's answer is the one that counts.
async fn a_stale_room_cannot_time_out_a_re_paired_table(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, short_round(json!({ "kind": "swiss", "rounds": 1 })), 2).await;
    let view = wait_for(&app, &id, |v| v["rounds"][0]["tables"][0]["time_called"] == true).await;
    let table = view["rounds"][0]["tables"][0].clone();
    let old_room = table["room_id"].as_str().unwrap().to_owned();
    // Re-paired by hand (the seats swapped) while the old room is working through its time call.
    let swapped =
        json!({ "reason": "seats swapped", "pairings": [{ "players": [table["players"][1], table["players"][0]] }] });
    let r = app.post(&organizer.client, &format!("/api/tournaments/{id}/rounds/current/pairings"), &swapped).await;
    assert_eq!(r.status(), 200);
    // Both players play the old room's game to its end (a concession after 30 moves at most): its time call is
    // answered then, with a finished game.
    let mut bots = Vec::new();
    for (s, who) in table["players"].as_array().unwrap().iter().enumerate() {
        let g = players.iter().find(|p| p.id == who.as_str().unwrap()).unwrap();
        let (ws, _) = connect(&app.address, &old_room, Some(&g.cookie), "player", None).await;
        bots.push(tokio::spawn(play_seat(ws, s as u64 + 3, 30)));
    }
    for b in bots {
        b.await.unwrap();
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let now = event(&app, &id).await["rounds"][0]["tables"][0].clone();
    assert_ne!(now["room_id"], json!(old_room));
    assert_eq!(now["result"], json!({ "games": [] }), "the old room's answer does not count: {now}");
    // The new room's answer does.
    let table = play_until_time(&app, &id, &players, 0).await;
    assert_eq!(table["result"]["end"], "time");
}
