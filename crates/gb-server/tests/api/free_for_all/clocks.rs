//! A table's clocks and spectator delay (issue 16, plan step 11): one clock per seat, whose flag eliminates that
//! seat alone while play goes on (MP-19); spectators of a table are held back like a two-player room's.
use super::info;
use crate::helpers::{Backend, spawn_app};
use crate::wsclient::{Lcg, Ws, advance_table, connect, game_over, next_version, quiet_until_pong, seated_table};
use serde_json::{Value, json};

const NAMES: [&str; 3] = ["Ann", "Bob", "Cy"];

fn table_of_three(clock: Value, delay: Value) -> Value {
    json!({ "visibility": "public", "best_of": 1, "seats": 3, "clock": clock, "spectator_delay": delay })
}

/// The seat that owes in a frame's view.
fn owed(frame: &Value) -> String {
    frame["view"]["pending"]["seat"].as_str().unwrap_or_else(|| panic!("someone owes: {frame}")).to_owned()
}

/// Three people sit and nobody moves: the seat that owes flags on time and is out in third place (MP-19, MP-24),
/// yet the game goes on with the next seat's clock running; the second flag leaves the last one standing, and
/// the stored result names the places and the reason. Read from the finished game's replay, so how soon the
/// sockets connect does not matter.
async fn a_flag_eliminates_one_seat_and_play_goes_on(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let clock = json!({ "type": "per_turn", "limit_ms": 1500, "disconnect_bank_ms": 60000 });
    let (room, guests) = seated_table(&base, table_of_three(clock, Value::Null), &NAMES).await;
    // Every seat is connected, so no disconnection bank drains: only the running clock can flag.
    let mut sockets = Vec::new();
    for g in &guests {
        sockets.push(connect(&base, &room, Some(&g.cookie), "player", None).await.0);
    }
    let ws = &mut sockets[0];
    let mut frames = vec![ws.next_of("snapshot").await];
    let clocks = &frames[0]["clocks"];
    assert_eq!(clocks["remaining_ms"].as_array().unwrap().len(), 3, "a clock per seat: {clocks}");
    while !game_over(frames.last().unwrap()) {
        frames.push(next_version(ws).await);
    }
    for f in frames.iter().filter(|f| f["type"] != "skip" && !game_over(f)) {
        assert_eq!(f["clocks"]["running"], owed(f).as_str(), "only the seat that owes runs: {f}");
    }

    // The public replay has every version of the finished game: each flag is one.
    let done = info(&app, &guests[0], &room).await;
    let match_id = done["games"][0]["match_id"].as_str().unwrap();
    let replay: Value = app.get(&app.client, &format!("/api/matches/{match_id}/replay")).await.json().await.unwrap();
    let steps = replay["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 3, "two flags after version 0: {replay}");
    let (first, second) = (owed(&steps[0]), owed(&steps[1]));
    assert!(steps[1]["view"]["outcome"].is_null(), "a flag ends one seat's game, not the table's: {}", steps[1]);
    let players = steps[1]["view"]["players"].as_array().unwrap();
    let out = players.iter().find(|p| p["seat"] == first.as_str()).unwrap();
    assert_eq!(out["eliminated"]["place"], 3, "the first of three out is third: {out}");
    assert_ne!(second, first, "an eliminated seat never owes");
    let places: Vec<&str> =
        done["games"][0]["places"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert_eq!(places[1..], [second.as_str(), first.as_str()], "out in the order they flagged: {done}");
    let game = &done["games"][0];
    assert_eq!((&game["reason"], &game["winner"]), (&json!("time"), &json!(places[0])), "{done}");
    assert_eq!(steps[2]["view"]["places"], game["places"]);
}

/// Under an hour's delay a table's spectators stay at version 0 while its three players play on: the socket
/// watching from the start, one arriving later, the room's public version and the public replay alike.
async fn spectators_of_a_table_see_it_late(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, guests) = seated_table(&base, table_of_three(Value::Null, json!({ "seconds": 3600 })), &NAMES).await;
    let (mut watcher, _) = connect(&base, &room, None, "spectator", None).await;
    assert_eq!(watcher.next_of("snapshot").await["v"], 0);
    // A snapshot comes with the log up to it (empty at version 0).
    assert_eq!(watcher.next_of("history").await["v"], 0);
    let mut sockets: Vec<Ws> = Vec::new();
    let mut last = Vec::new();
    for g in &guests {
        let (mut ws, _) = connect(&base, &room, Some(&g.cookie), "player", None).await;
        last.push(ws.next_of("snapshot").await);
        sockets.push(ws);
    }
    let v = advance_table(&mut sockets.iter_mut().collect::<Vec<_>>(), &mut last, &mut Lcg(7), 5).await;
    assert_eq!(v, 5, "the players are five versions on");

    quiet_until_pong(&mut watcher).await;
    let (mut late, welcome) = connect(&base, &room, None, "spectator", None).await;
    assert_eq!(welcome["version"], 0);
    assert_eq!(late.next_of("snapshot").await["v"], 0, "a spectator arriving now is shown version 0 too");
    let now = info(&app, &guests[0], &room).await;
    assert_eq!(now["version"], 0, "the room's public version trails too: {now}");
    let match_id = now["games"][0]["match_id"].as_str().unwrap();
    let replay: Value = app.get(&app.client, &format!("/api/matches/{match_id}/replay")).await.json().await.unwrap();
    assert_eq!(replay["steps"].as_array().unwrap().len(), 1, "only version 0 is public: {replay}");
}

on_both_backends!(a_flag_eliminates_one_seat_and_play_goes_on, spectators_of_a_table_see_it_late);
