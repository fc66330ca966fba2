//! The organizer re-pairs a round by hand on the real server: refused for anyone else, for a pairing that leaves
//! a player out, and once a table has a result; accepted, it opens new rooms, the old rooms no longer count, and
//! the audit log records it.
use crate::helpers::{Backend, assert_error, spawn_app};
use crate::tournament_clock::paired_event;
use crate::tournament_event::event;
use crate::wsclient::guest_at;
use serde_json::{Value, json};

on_both_backends!(the_organizer_re_pairs_a_round);

async fn the_organizer_re_pairs_a_round(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 2 }, "games_per_match": 1, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }
    });
    let (id, players) = paired_event(&app, &organizer, settings, 4).await;
    let path = format!("/api/tournaments/{id}/rounds/current/pairings");
    let before = event(&app, &id).await;
    let tables = before["rounds"][0]["tables"].as_array().unwrap().clone();
    let old_rooms: Vec<Value> = tables.iter().map(|t| t["room_id"].clone()).collect();
    // Swap the second players of the two tables.
    let (a, b) = (&tables[0]["players"], &tables[1]["players"]);
    let swapped = json!({ "reason": "table 1 was paired against last week's team-mate", "pairings": [
        { "players": [a[0], b[1]] }, { "players": [b[0], a[1]] } ] });

    assert_error(app.post(&players[0].client, &path, &swapped).await, 403, "not_organizer").await;
    let missing = json!({ "reason": "r", "pairings": [{ "players": [a[0], b[1]] }] });
    assert_error(app.post(&organizer.client, &path, &missing).await, 422, "bad_pairing").await;
    assert_error(
        app.post(&organizer.client, &path, &json!({ "reason": " ", "pairings": [] })).await,
        422,
        "reason_required",
    )
    .await;

    let r = app.post(&organizer.client, &path, &swapped).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let after = event(&app, &id).await;
    let new = after["rounds"][0]["tables"].as_array().unwrap();
    assert_eq!(new[0]["players"], json!([a[0], b[1]]));
    assert_eq!(new[1]["players"], json!([b[0], a[1]]));
    for (t, old) in new.iter().zip(&old_rooms) {
        assert!(t["room_id"].is_string() && &t["room_id"] != old, "a new room per new table: {t}");
    }

    // Once a table has a result, results are corrected, not re-paired.
    let conceder = new[0]["players"][0].as_str().unwrap();
    let who = players.iter().find(|p| p.id == conceder).unwrap();
    let conceded = app.post(&who.client, &format!("/api/tournaments/{id}/rounds/1/tables/1/concede"), &json!({})).await;
    assert_eq!(conceded.status(), 200);
    assert_error(app.post(&organizer.client, &path, &swapped).await, 409, "round_has_results").await;

    let audit: Value = app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    let entry = audit.as_array().unwrap().iter().find(|e| e["action"] == "repair_round").expect("audited").clone();
    assert!(entry["detail_json"].as_str().unwrap().contains("team-mate"), "{entry}");
}
