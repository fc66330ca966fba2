//! No-shows beyond the basics of tournament_attendance.rs, on the real server: the no-show's writes are all or
//! none (a failing audit write leaves the table as it was, then the next tick records it whole); after a manual
//! re-pairing the grace period counts from the re-pairing, across a restart; and a double no-show in a playoff
//! puts both players out and gives the next round's opponent a bye (docs/tournaments.md, "Playoffs").
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::tournament_clock::{paired_event, wait_for};
use crate::tournament_event::{event, start_round};
use crate::wsclient::{connect, guest_at};
use gb_server::Db;
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    a_no_show_is_written_all_or_none,
    the_grace_period_counts_from_a_re_pairing,
    a_double_no_show_in_a_playoff_puts_both_out
);

/// `structure`, best of one, an hour's round (time is never called here), `grace` seconds to join a table.
fn settings(structure: Value, grace: u32) -> Value {
    json!({
        "structure": structure, "games_per_match": 1, "next_game_chooser": "loser",
        "round_minutes": 60, "end_of_round": { "extra_turns": 1 }, "no_show_seconds": grace
    })
}

async fn audit(app: &TestApp, id: &str) -> Vec<Value> {
    app.get(&app.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap()
}

fn judged(v: &Value) -> bool {
    !v["rounds"][0]["tables"][0]["result"]["judge"].is_null()
}

/// Runs one statement on the app's database.
async fn exec(app: &TestApp, sql: &'static str) {
    match &app.db {
        Db::Sqlite(p) => sqlx::query(sql).execute(p).await.map(drop),
        Db::Pg(p) => sqlx::query(sql).execute(p).await.map(drop),
    }
    .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// `(roster rows, the table's stored result)` as the database holds them.
async fn stored(app: &TestApp, id: &str) -> (i64, String) {
    let roster = "SELECT COUNT(*) FROM tournament_roster WHERE tournament_id = $1";
    let result = "SELECT result_json FROM tournament_pairings WHERE tournament_id = $1 AND table_no = 1";
    match &app.db {
        Db::Sqlite(p) => (
            sqlx::query_scalar(roster).bind(id).fetch_one(p).await.unwrap(),
            sqlx::query_scalar(result).bind(id).fetch_one(p).await.unwrap(),
        ),
        Db::Pg(p) => (
            sqlx::query_scalar(roster).bind(id).fetch_one(p).await.unwrap(),
            sqlx::query_scalar(result).bind(id).fetch_one(p).await.unwrap(),
        ),
    }
}

async fn a_no_show_is_written_all_or_none(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    // The audit write of a no-show fails (a trigger), after the result and the drops would have been written.
    match backend {
        Backend::Sqlite => {
            exec(
                &app,
                "CREATE TRIGGER fail_no_show BEFORE INSERT ON tournament_audit WHEN NEW.action = 'no_show' \
                        BEGIN SELECT RAISE(ABORT, 'test: the audit write fails'); END",
            )
            .await
        }
        Backend::Postgres => {
            exec(
                &app,
                "CREATE FUNCTION fail_no_show() RETURNS trigger AS $$ BEGIN IF NEW.action = 'no_show' THEN \
                        RAISE EXCEPTION 'test: the audit write fails'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql",
            )
            .await;
            exec(
                &app,
                "CREATE TRIGGER fail_no_show BEFORE INSERT ON tournament_audit FOR EACH ROW \
                        EXECUTE FUNCTION fail_no_show()",
            )
            .await;
        }
    }
    let (id, players) = paired_event(&app, &organizer, settings(json!({ "kind": "swiss", "rounds": 2 }), 1), 2).await;
    // Past the deadline, several ticks have tried and failed: nothing of the no-show is stored or shown.
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let (roster, result) = stored(&app, &id).await;
    assert_eq!(roster, 0, "no drop without its result and audit entry");
    assert!(!result.contains("no-show"), "no match loss without its drop and audit entry: {result}");
    assert!(!judged(&event(&app, &id).await));
    assert!(audit(&app, &id).await.iter().all(|a| a["action"] != "no_show"));

    // Once the database accepts it, the next tick records the whole no-show.
    exec(
        &app,
        match backend {
            Backend::Sqlite => "DROP TRIGGER fail_no_show",
            Backend::Postgres => "DROP TRIGGER fail_no_show ON tournament_audit",
        },
    )
    .await;
    let view = wait_for(&app, &id, judged).await;
    assert_eq!(view["rounds"][0]["tables"][0]["result"]["judge"].as_array().unwrap().len(), 2);
    assert_eq!(stored(&app, &id).await.0, 2, "both players dropped");
    assert_eq!(audit(&app, &id).await.iter().filter(|a| a["action"] == "no_show").count(), 1);
    drop(players);
}

async fn the_grace_period_counts_from_a_re_pairing(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, _players) = paired_event(&app, &organizer, settings(json!({ "kind": "swiss", "rounds": 2 }), 5), 2).await;
    tokio::time::sleep(Duration::from_millis(3000)).await;
    // Re-paired by hand (the seats swapped), 3 s into the 5 s grace period: the new room gets 5 s from now.
    let players = event(&app, &id).await["rounds"][0]["tables"][0]["players"].clone();
    let swapped = json!({ "reason": "seats swapped", "pairings": [{ "players": [players[1], players[0]] }] });
    let r = app.post(&organizer.client, &format!("/api/tournaments/{id}/rounds/current/pairings"), &swapped).await;
    assert_eq!(r.status(), 200);
    let repaired =
        audit(&app, &id).await.iter().find(|a| a["action"] == "repair_round").unwrap()["created_at"].as_i64().unwrap();
    // The re-pairing time is stored: a restart resumes the new grace period, not the round's.
    app.restart().await;
    let view = wait_for(&app, &id, judged).await;
    // The stored stamp precedes the audit entry by the few ms the audit write takes.
    let deadline = view["rounds"][0]["no_show_at_ms"].as_i64().unwrap();
    assert!(deadline >= repaired + 5000 - 500, "the no-show deadline counts from the re-pairing: {deadline}");
    let no_show = audit(&app, &id).await.into_iter().find(|a| a["action"] == "no_show").unwrap();
    let at = no_show["created_at"].as_i64().unwrap();
    assert!(at >= repaired + 5000 - 500, "recorded {} ms after the re-pairing: before its grace period", at - repaired);
}

async fn a_double_no_show_in_a_playoff_puts_both_out(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let structure = json!({ "kind": "single_elimination" });
    let (id, players) = paired_event(&app, &organizer, settings(structure, 4), 4).await;
    let tables = event(&app, &id).await["rounds"][0]["tables"].clone();
    let guest = |p: &Value| players.iter().find(|g| p == g.id.as_str()).unwrap();
    // Table 2's players join and one concedes; nobody joins table 1.
    let played = &tables[1];
    let room = played["room_id"].as_str().unwrap();
    let mut sockets = Vec::new();
    for p in played["players"].as_array().unwrap() {
        sockets.push(connect(&app.address, room, Some(&guest(p).cookie), "player", None).await.0);
    }
    wait_for(&app, &id, |v| v["rounds"][0]["tables"][1]["arrived"] == json!([true, true])).await;
    let conceder = guest(&played["players"][0]);
    let r = app.post(&conceder.client, &format!("/api/tournaments/{id}/rounds/1/tables/2/concede"), &json!({})).await;
    assert_eq!(r.status(), 200);
    let winner = played["players"][1].clone();

    // Both of table 1 take a match loss (no draw in a playoff, and no error: both are out) and are dropped.
    let view = wait_for(&app, &id, judged).await;
    assert_eq!(view["rounds"][0]["tables"][0]["result"]["judge"].as_array().unwrap().len(), 2, "{view}");
    assert_eq!(view["next_round_blocked"], Value::Null, "the bracket goes on: {view}");
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    let view = event(&app, &id).await;
    assert_eq!(view["rounds"][1]["byes"], json!([winner]), "table 2's winner has no opponent: a bye");
    assert_eq!(view["rounds"][1]["tables"], json!([]));
    assert_eq!(view["champion"], winner, "the final was that bye: {view}");
    drop(sockets);
}
