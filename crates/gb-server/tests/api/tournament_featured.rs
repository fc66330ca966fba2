//! The featured table (docs/tournaments.md, "Featured table"): the organizer features one table of the round
//! being played for spectators; the public view names it, a restart keeps it (its record is the audit log), it
//! lapses with its round, and nobody else may pick it.
use crate::helpers::{Backend, assert_error, spawn_app};
use crate::tournament_clock::paired_event;
use crate::tournament_event::event;
use crate::wsclient::guest_at;
use serde_json::{Value, json};

on_both_backends!(the_organizer_features_a_table_for_spectators);

async fn the_organizer_features_a_table_for_spectators(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 2 }, "games_per_match": 1, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }, "no_show_seconds": 0
    });
    let (id, players) = paired_event(&app, &organizer, settings, 4).await;
    let featured = format!("/api/tournaments/{id}/featured");
    assert!(event(&app, &id).await["featured"].is_null(), "nothing featured until the organizer picks");

    let view: Value = app.post(&organizer.client, &featured, &json!({ "table": 2 })).await.json().await.unwrap();
    assert_eq!(view["featured"], json!({ "round": 1, "table": 2 }));
    // A player may not pick it, a table that does not exist is refused, and neither changes the pick.
    assert_error(app.post(&players[0].client, &featured, &json!({ "table": 1 })).await, 403, "not_organizer").await;
    assert_error(app.post(&organizer.client, &featured, &json!({ "table": 9 })).await, 404, "no_such_table").await;
    assert_error(app.post(&organizer.client, &featured, &json!({ "table": "one" })).await, 422, "bad_json").await;
    let audit: Vec<Value> =
        app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    let picks: Vec<&Value> = audit.iter().filter(|a| a["action"] == "feature_table").collect();
    assert_eq!(picks.len(), 1, "one pick audited: {audit:?}");

    app.restart().await;
    assert_eq!(event(&app, &id).await["featured"], json!({ "round": 1, "table": 2 }), "kept across a restart");

    // Round 2 is paired once every table of round 1 has a result: the pick lapses with its round.
    for table in [1, 2] {
        let draw = format!("/api/tournaments/{id}/rounds/1/tables/{table}/intentional_draw");
        assert_eq!(app.post(&organizer.client, &draw, &json!({})).await.status(), 200);
    }
    assert_eq!(app.post(&organizer.client, &format!("/api/tournaments/{id}/rounds"), &json!({})).await.status(), 201);
    assert!(event(&app, &id).await["featured"].is_null(), "round 1's pick lapsed with its round");
    let view: Value = app.post(&organizer.client, &featured, &json!({ "table": 1 })).await.json().await.unwrap();
    assert_eq!(view["featured"], json!({ "round": 2, "table": 1 }));
    let view: Value = app.post(&organizer.client, &featured, &json!({ "table": null })).await.json().await.unwrap();
    assert!(view["featured"].is_null(), "featuring none clears it: {view}");
}
