//! A playoff's higher seed chooses who plays first in game 1 (MTR 2.2, docs/tournaments.md "Playoffs"), and
//! bracket seat order follows the seeds: for events of several seeds run to a top 4 (two Swiss rounds, results
//! by concession), every playoff table lists its higher seed first, seats it at A, and the engine asks that seat
//! (and only it) to choose. The semi-final upsets put the lower seed of one semi-final into the final, where the
//! winners' bracket order would list it first.
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, connect, guest_at};
use serde_json::{Value, json};
use std::collections::HashMap;

on_both_backends!(the_higher_seed_chooses_in_game_one_of_every_playoff_match);

async fn the_higher_seed_chooses_in_game_one_of_every_playoff_match(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    for seed in [3, 11, 29] {
        let (id, players) = swiss_done(&app, &organizer, seed).await;
        // After the last Swiss round the provisional bracket is exactly the cut's seeding (1v4, 2v3).
        let seeds: HashMap<String, u64> = event(&app, &id).await["provisional_bracket"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|m| m.as_array().unwrap().clone())
            .map(|s| (s["player"].as_str().unwrap().to_owned(), s["seed"].as_u64().unwrap()))
            .collect();
        assert_eq!(seeds.len(), 4, "event seed {seed}: a top 4");
        let rounds = format!("/api/tournaments/{id}/rounds");
        // Semi-finals: the higher seed loses the first (4 goes on), wins the second (2 goes on); then the final.
        for (round, upsets) in [(3, [true, false]), (4, [false, false])] {
            start_round(&app, &organizer, &rounds).await;
            let tables = event(&app, &id).await["rounds"][round - 1]["tables"].as_array().unwrap().clone();
            for (table, upset) in tables.iter().zip(upsets) {
                let at = format!("event seed {seed}, round {round}, table {}", table["table"]);
                let [high, low] = [0, 1].map(|i| table["players"][i].as_str().unwrap().to_owned());
                assert!(seeds[&high] < seeds[&low], "{at}: the higher seed is listed first: {table}");
                let asked = asked_to_choose(&app, table, &players).await;
                assert_eq!(asked, vec![high.clone()], "{at}: only the higher seed ({high}) is asked: {table}");
                let loser = if upset { &high } else { &low };
                let path = format!("{rounds}/{round}/tables/{}/concede", table["table"]);
                let r = app.post(&organizer.client, &path, &json!({ "player": loser })).await;
                assert_eq!(r.status(), 200, "{at}: {}", r.text().await.unwrap());
            }
        }
        let final_table = &event(&app, &id).await["rounds"][3]["tables"][0];
        let finalists: Vec<u64> = (0..2).map(|i| seeds[final_table["players"][i].as_str().unwrap()]).collect();
        assert_eq!(finalists, [2, 4], "event seed {seed}: seed 2 before seed 4 in the final");
    }
}

/// An event of 8 guests with `seed`, two Swiss rounds of best of one and a top 4, its Swiss rounds decided by the
/// organizer conceding for one player of each table (which one varies, so the standings do).
async fn swiss_done(app: &TestApp, organizer: &Guest, seed: u64) -> (String, Vec<Guest>) {
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 2, "top_cut": 4 }, "games_per_match": 1,
        "next_game_chooser": "loser", "end_of_round": { "extra_turns": 3 }, "no_show_seconds": 0
    });
    let body = json!({ "name": format!("Seeds {seed}"), "seed": seed, "settings": settings });
    let r = app.post(&organizer.client, "/api/tournaments", &body).await;
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let mut players = Vec::new();
    for i in 0..8 {
        let g = guest_at(&app.address, &format!("Seed {seed} player {i}")).await;
        let deck = if i % 2 == 0 { "fire-and-wind" } else { "tide-and-stone" };
        let path = format!("/api/tournaments/{id}/registrations");
        assert_eq!(app.post(&g.client, &path, &json!({ "preconstructed": deck })).await.status(), 200);
        players.push(g);
    }
    let close = app.post(&organizer.client, &format!("/api/tournaments/{id}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    for round in 1..=2 {
        start_round(app, organizer, &format!("/api/tournaments/{id}/rounds")).await;
        let tables = event(app, &id).await["rounds"][round - 1]["tables"].as_array().unwrap().clone();
        for (k, t) in tables.iter().enumerate() {
            let path = format!("/api/tournaments/{id}/rounds/{round}/tables/{}/concede", t["table"]);
            let loser = &t["players"][(k + round + seed as usize) % 2];
            let r = app.post(&organizer.client, &path, &json!({ "player": loser })).await;
            assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
        }
    }
    (id, players)
}

/// The players of `table` whose first frame of game 1 offers them the turn-order choice (CR 200.4), each
/// connected to the table's room as a player; checks that the pairing's first player holds seat A.
async fn asked_to_choose(app: &TestApp, table: &Value, players: &[Guest]) -> Vec<String> {
    let room = table["room_id"].as_str().expect("the table has a room");
    let mut asked = Vec::new();
    for (i, who) in table["players"].as_array().unwrap().iter().enumerate() {
        let g = players.iter().find(|p| p.id == who.as_str().unwrap()).unwrap();
        let (mut ws, welcome) = connect(&app.address, room, Some(&g.cookie), "player", None).await;
        assert_eq!(welcome["seat"], ["A", "B"][i], "the pairing's first player is seat A: {welcome}");
        let snapshot = ws.next_of("snapshot").await;
        let legal = snapshot["legal"].as_array().unwrap();
        if legal.iter().any(|l| l["type"] == "choose_turn_order") {
            asked.push(g.id.clone());
        }
    }
    asked
}
