//! Matches ended by their players on the real server: a concession (the opponent wins the match) and an
//! intentional draw, recorded 0-0-3 once both players asked for it (MTR 2.4, 2.5); who may ask for what, and the
//! audit log. And whatever ends a match from outside its games ends it in the table's room too.
use crate::helpers::{Backend, assert_error, spawn_app};
use crate::tournament_clock::{first_table, paired_event, wait_for};
use crate::tournament_event::event;
use crate::wsclient::{connect, game_over, guest_at};
use serde_json::{Value, json};

on_both_backends!(
    players_concede_and_agree_to_draw,
    the_room_stops_when_the_event_ends_its_match,
    a_one_game_table_offers_no_rematch
);

async fn players_concede_and_agree_to_draw(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 2 }, "games_per_match": 3, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }
    });
    let (id, players) = paired_event(&app, &organizer, settings, 4).await;
    let view = event(&app, &id).await;
    let seat = |table: usize, i: usize| {
        let who = view["rounds"][0]["tables"][table]["players"][i].as_str().unwrap().to_owned();
        players.iter().find(|p| p.id == who).unwrap()
    };
    let (a, b, c, d) = (seat(0, 0), seat(0, 1), seat(1, 0), seat(1, 1));
    let table = |t: u32, what: &str| format!("/api/tournaments/{id}/rounds/1/tables/{t}/{what}");

    // Nobody concedes for someone else but the organizer; a player concedes their own match.
    let for_other = app.post(&b.client, &table(1, "concede"), &json!({ "player": a.id })).await;
    assert_error(for_other, 403, "not_organizer").await;
    assert_eq!(app.post(&a.client, &table(1, "concede"), &json!({})).await.status(), 200);
    assert_error(app.post(&b.client, &table(1, "concede"), &json!({})).await, 409, "match_over").await;

    // A draw needs both players (or the organizer); someone from another table cannot ask for it.
    assert_error(app.post(&a.client, &table(2, "intentional_draw"), &json!({})).await, 403, "not_at_table").await;
    assert_eq!(app.post(&c.client, &table(2, "intentional_draw"), &json!({})).await.status(), 200);
    let view = event(&app, &id).await;
    assert!(view["rounds"][0]["tables"][1]["result"]["end"].is_null(), "one request is not a draw");
    assert_eq!(app.post(&d.client, &table(2, "intentional_draw"), &json!({})).await.status(), 200);

    let view = event(&app, &id).await;
    assert_eq!(view["rounds"][0]["tables"][0]["result"]["end"], json!({ "conceded_by": a.id }));
    assert_eq!(view["rounds"][0]["tables"][1]["result"]["end"], "intentional_draw");
    let standings: Value =
        app.get(&organizer.client, &format!("/api/tournaments/{id}/standings")).await.json().await.unwrap();
    let row = |who: &str| standings["players"].as_array().unwrap().iter().find(|p| p["player"] == who).unwrap().clone();
    assert_eq!(row(&a.id)["match_points"], 0);
    assert_eq!(row(&b.id)["match_points"], 3, "the opponent is credited the games needed");
    for p in [c, d] {
        assert_eq!(row(&p.id)["match_points"], 1);
        assert_eq!(row(&p.id)["gw"], "1/3", "0-0-3: three drawn games, GW% 1/3");
    }
    let audit: Value = app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    let actions: Vec<&str> = audit.as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&"concession") && actions.contains(&"intentional_draw"), "{actions:?}");
    assert_error(
        app.post(&c.client, &format!("/api/tournaments/{id}/rounds/2/tables/1/concede"), &json!({})).await,
        409,
        "not_current_round",
    )
    .await;
}

/// When the event records a table's result from outside its games (here a judge's match loss), the table's room
/// ends the match: both seats are told with the reason, the room refuses further moves and no further game
/// starts, and the event keeps the judge's result.
async fn the_room_stops_when_the_event_ends_its_match(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 1 }, "games_per_match": 3, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }
    });
    let (id, players) = paired_event(&app, &organizer, settings, 2).await;
    let (room, a, b) = first_table(&app, &id, &players).await;
    let (mut ws_a, welcome) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    assert!(welcome["room"]["match_end"].is_null(), "no end before the event ends the match: {welcome}");
    let (mut ws_b, _) = connect(&app.address, &room, Some(&b.cookie), "player", None).await;

    let judge = json!({ "round": 1, "table": 1, "action": { "action": "match_loss", "player": a.id, "reason": "marked cards" } });
    assert_eq!(app.post(&organizer.client, &format!("/api/tournaments/{id}/judge"), &judge).await.status(), 200);
    for ws in [&mut ws_a, &mut ws_b] {
        let room = loop {
            let m = ws.next_of("room").await;
            if !m["room"]["match_end"].is_null() {
                break m["room"].clone();
            }
        };
        assert_eq!(room["match_end"], "judge", "{room}");
        assert_eq!(room["status"], "finished", "{room}");
    }
    // A move (a concession is always legal in a game) and a next game are both refused.
    ws_b.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    let refused = ws_b.next_of("error").await;
    assert_eq!(refused["code"], "match_ended", "{refused}");
    let rematch = app.post(&b.client, &format!("/api/rooms/{room}/rematch"), &json!({})).await;
    assert_error(rematch, 409, "match_ended").await;
    let info: Value = app.get(&app.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert!(info["games"][0]["reason"].is_null(), "the game stopped where it stood, undecided by the engine: {info}");
    let view = event(&app, &id).await;
    assert_eq!(view["rounds"][0]["tables"][0]["result"]["judge"][0]["player"], a.id.as_str());
    assert!(view["over"].as_bool().unwrap(), "the judge's match loss is the table's result: {view}");
}

/// An event's one-game match is its one game (MTR 2.2): once it is over, the table's room refuses a rematch,
/// which would otherwise start games that count for nothing while the players are due at their next round.
async fn a_one_game_table_offers_no_rematch(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 2 }, "games_per_match": 1, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }, "no_show_seconds": 0
    });
    let (id, players) = paired_event(&app, &organizer, settings, 2).await;
    let (room, a, b) = first_table(&app, &id, &players).await;
    let (mut ws_a, _) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    let (mut ws_b, _) = connect(&app.address, &room, Some(&b.cookie), "player", None).await;
    ws_a.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    for ws in [&mut ws_a, &mut ws_b] {
        while !game_over(&ws.next().await.unwrap()) {}
    }
    let rematch = format!("/api/rooms/{room}/rematch");
    for who in [&b, &a] {
        let refused =
            assert_error(app.post(&who.client, &rematch, &json!({})).await, 409, "one_game_match_played").await;
        assert!(refused["error"]["message"].as_str().unwrap_or_default().contains("MTR 2.2"), "{refused}");
    }
    let info: Value = app.get(&app.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["games"].as_array().map(Vec::len), Some(1), "no second game started: {info}");
    let view = wait_for(&app, &id, |v| !v["rounds"][0]["tables"][0]["result"]["games"][0].is_null()).await;
    let games = &view["rounds"][0]["tables"][0]["result"]["games"];
    assert_eq!(games.as_array().map(Vec::len), Some(1), "{view}");
    assert_eq!(games[0]["winner"], b.id.as_str(), "B won the table's one game: {view}");
}
