//! A finished table (issue 16, plan step 11): its replay, public and per seat, and a rematch at the same table.
use super::{info, others_redacted};
use crate::helpers::{Backend, assert_error, spawn_app};
use crate::wsclient::{connect, free_for_all, seat_of, seated_table};
use serde_json::{Value, json};

/// Ann and Bob at a table of three the host starts with a computer both concede at once (MP-29): Bob, out
/// second, is second, the computer the last one standing (MP-30). The finished game's public replay runs to that
/// end with every hand hidden; each person's own replay shows their hand only, and is theirs alone. A rematch
/// waits for both people (the computer agrees at once), then deals a new game with a new commitment.
async fn a_finished_table_replays_and_plays_again(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, guests) = seated_table(&base, free_for_all(3), &["Ann", "Bob"]).await;
    let [ann, bob] = &guests[..] else { unreachable!() };
    let mut sockets = Vec::new();
    for g in &guests {
        sockets.push(connect(&base, &room, Some(&g.cookie), "player", None).await.0);
    }
    let r = app.post(&ann.client, &format!("/api/rooms/{room}/start"), &json!({})).await;
    assert_eq!(r.status(), 200);
    let started: Value = r.json().await.unwrap();
    let computer = seat_of(&started, "Computer");
    let (sa, sb) = (seat_of(&started, "Ann"), seat_of(&started, "Bob"));
    for ws in &mut sockets {
        ws.next_of("snapshot").await;
        ws.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
        ws.next_of("accepted").await;
    }
    let done = info(&app, ann, &room).await;
    let game = &done["games"][0];
    assert_eq!(done["status"], "finished", "{done}");
    assert_eq!((&game["winner"], &game["places"]), (&json!(&computer), &json!([&computer, &sb, &sa])), "{done}");

    let match_id = game["match_id"].as_str().unwrap();
    let path = format!("/api/matches/{match_id}/replay");
    let public: Value = app.get(&app.client, &path).await.json().await.unwrap();
    assert_eq!(public["finished"], true);
    let steps = public["steps"].as_array().unwrap();
    assert!(steps.iter().all(|s| others_redacted(&s["view"], None)), "a spectator's replay hides every hand");
    assert_eq!(steps.last().unwrap()["view"]["places"], game["places"], "the replay runs to the end");
    let own: Value = app.get(&ann.client, &format!("{path}?seat={sa}")).await.json().await.unwrap();
    let first = &own["steps"][0]["view"];
    assert!(others_redacted(first, Some(&sa)), "Ann's replay hides the others' hands: {first}");
    let mine = first["players"].as_array().unwrap().iter().find(|p| p["seat"] == sa.as_str()).unwrap();
    assert!(mine["hand"].is_array(), "Ann's replay shows her own hand: {mine}");
    assert_error(app.get(&bob.client, &format!("{path}?seat={sa}")).await, 403, "not_your_seat").await;

    let rematch = format!("/api/rooms/{room}/rematch");
    let asked: Value = app.post(&ann.client, &rematch, &json!({})).await.json().await.unwrap();
    assert_eq!(asked["games"].as_array().unwrap().len(), 1, "Bob has not asked yet: {asked}");
    let ann_seat = asked["seats"].as_array().unwrap().iter().find(|s| s["display_name"] == "Ann").unwrap();
    assert_eq!(ann_seat["rematch"], true, "{asked}");
    let again: Value = app.post(&bob.client, &rematch, &json!({})).await.json().await.unwrap();
    let games = again["games"].as_array().unwrap();
    assert_eq!((games.len(), &again["status"]), (2, &json!("playing")), "{again}");
    assert_ne!(games[0]["seed_hash"], games[1]["seed_hash"], "a new deal");
    let mut names: Vec<&str> =
        again["seats"].as_array().unwrap().iter().map(|s| s["display_name"].as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Ann", "Bob", "Computer"], "the same table, seated again (MP-3)");
}

on_both_backends!(a_finished_table_replays_and_plays_again);
