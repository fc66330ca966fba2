//! Check-in and no-shows on the real server (docs/tournaments.md, "Check-in and no-shows"; MTR 2.10): an event
//! requiring check-in drops whoever has not checked in when round 1 is paired; a seat that never joins its
//! table's room within the grace period takes a match loss and is dropped, its opponent winning; neither
//! showing is a double loss; the grace period survives a restart; a re-added no-show keeps the loss.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::tournament_clock::{paired_event, wait_for};
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, connect, guest_at};
use serde_json::{Value, json};

on_both_backends!(check_in_before_round_one, a_no_show_loses_and_is_dropped, the_grace_period_survives_a_restart);

/// Swiss, best of one, an hour's round (time is never called here), `grace` seconds to join a table.
fn settings(grace: u32, check_in: bool) -> Value {
    json!({
        "structure": { "kind": "swiss", "rounds": 3 }, "games_per_match": 1, "next_game_chooser": "loser",
        "round_minutes": 60, "end_of_round": { "extra_turns": 1 }, "no_show_seconds": grace, "check_in": check_in
    })
}

fn standing<'a>(standings: &'a Value, who: &str) -> &'a Value {
    standings["players"].as_array().unwrap().iter().find(|p| p["player"] == who).unwrap()
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

async fn standings(app: &TestApp, id: &str) -> Value {
    app.get(&app.client, &format!("/api/tournaments/{id}/standings")).await.json().await.unwrap()
}

async fn audit(app: &TestApp, id: &str) -> Vec<Value> {
    app.get(&app.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap()
}

fn roster_reason(view: &Value, who: &str) -> Option<String> {
    let roster = view["log"]["roster"].as_array().unwrap();
    roster.iter().rev().find(|c| c["player"] == who).map(|c| format!("{} {}", c["change"], c["reason"]))
}

async fn check_in_before_round_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let r = app
        .post(&organizer.client, "/api/tournaments", &json!({ "name": "Check", "settings": settings(600, true) }))
        .await;
    assert_eq!(r.status(), 201);
    let id = r.json::<Value>().await.unwrap()["id"].as_str().unwrap().to_owned();
    let mut players: Vec<Guest> = Vec::new();
    for i in 0..3 {
        let g = guest_at(&app.address, &format!("Check {i}")).await;
        let r = app
            .post(
                &g.client,
                &format!("/api/tournaments/{id}/registrations"),
                &json!({ "preconstructed": "fire-and-wind" }),
            )
            .await;
        assert_eq!(r.status(), 200);
        players.push(g);
    }
    let check_in = format!("/api/tournaments/{id}/check-in");
    // A player checks themself in; the organizer checks in another; nobody else may check in someone else.
    assert_eq!(app.post(&players[0].client, &check_in, &json!({})).await.status(), 200);
    let r = app.post(&players[2].client, &check_in, &json!({ "player": players[1].id })).await;
    assert_error(r, 403, "not_organizer").await;
    let r = app.post(&organizer.client, &check_in, &json!({ "player": players[1].id })).await;
    assert_eq!(r.status(), 200);
    let view: Value = r.json().await.unwrap();
    assert_eq!(view["checked_in"], json!([players[0].id, players[1].id]));
    let r = app.post(&organizer.client, &check_in, &json!({ "player": "nobody" })).await;
    assert_error(r, 404, "no_such_player").await;

    let close = app.post(&organizer.client, &format!("/api/tournaments/{id}/registration/close"), &json!({})).await;
    assert_eq!(close.status(), 200);
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    let view = event(&app, &id).await;
    let round = &view["rounds"][0];
    assert_eq!(round["tables"].as_array().unwrap().len(), 1, "{round}");
    assert_eq!(round["byes"], json!([]), "the unchecked player is not paired, so nobody has a bye");
    assert_eq!(roster_reason(&view, &players[2].id).as_deref(), Some("\"drop\" \"did not check in\""));
    let start = audit(&app, &id).await.into_iter().find(|a| a["action"] == "start_round").unwrap();
    assert!(start["detail_json"].as_str().unwrap().contains(&players[2].id), "{start}");
    let r = app.post(&players[2].client, &check_in, &json!({})).await;
    assert_error(r, 409, "check_in_closed").await;
}

async fn a_no_show_loses_and_is_dropped(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, settings(5, false), 4).await;
    let view = event(&app, &id).await;
    let tables = view["rounds"][0]["tables"].as_array().unwrap().clone();
    assert_eq!(view["rounds"][0]["no_show_at_ms"], view["rounds"][0]["started_at_ms"].as_i64().unwrap() + 5000);
    let guest = |who: &Value| players.iter().find(|p| p.id == who.as_str().unwrap()).unwrap();
    // Table 1: both players join. Table 2: only its first player does.
    let mut sockets = Vec::new();
    for (t, seats) in [(0, 2), (1, 1)] {
        let room = tables[t]["room_id"].as_str().unwrap();
        for p in &tables[t]["players"].as_array().unwrap()[..seats] {
            sockets.push(connect(&app.address, room, Some(&guest(p).cookie), "player", None).await.0);
        }
    }
    let view = wait_for(&app, &id, |v| !v["rounds"][0]["tables"][1]["result"]["judge"].is_null()).await;
    let [present, absent] = [&tables[1]["players"][0], &tables[1]["players"][1]];
    let table = &view["rounds"][0]["tables"][1];
    assert_eq!(table["arrived"], json!([true, false]));
    assert_eq!(table["result"]["judge"], json!([{ "action": "match_loss", "player": absent, "reason": "no-show" }]));
    assert_eq!(view["rounds"][0]["tables"][0]["result"], json!({ "games": [] }), "both joined: still playing");
    assert_eq!(view["rounds"][0]["tables"][0]["arrived"], json!([true, true]));
    assert_eq!(roster_reason(&view, absent.as_str().unwrap()).as_deref(), Some("\"drop\" \"no-show\""));
    let s = standings(&app, &id).await;
    assert_eq!(standing(&s, present.as_str().unwrap())["match_points"], 3, "the opponent wins 1-0");
    assert_eq!(standing(&s, absent.as_str().unwrap())["record"]["lost"], 1);
    assert_eq!(standing(&s, absent.as_str().unwrap())["active"], false);
    let no_show = audit(&app, &id).await.into_iter().find(|a| a["action"] == "no_show").unwrap();
    assert_eq!(no_show["actor"], "system");

    // Re-added by the organizer, the no-show keeps the loss: no bye is farmed by leaving and coming back.
    let readd = format!("/api/tournaments/{id}/players/{}/readd", absent.as_str().unwrap());
    assert_eq!(app.post(&organizer.client, &readd, &json!({ "reason": "arrived late" })).await.status(), 200);
    let s = standings(&app, &id).await;
    assert_eq!(standing(&s, absent.as_str().unwrap())["record"], json!({ "won": 0, "lost": 1, "drawn": 0 }));
    assert_eq!(standing(&s, absent.as_str().unwrap())["active"], true);
    drop(sockets);
}

async fn the_grace_period_survives_a_restart(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, settings(4, false), 2).await;
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    app.restart().await;
    let restarted = now_ms();
    // Nobody joins: both players lose (a double loss) and both are dropped, at the stored deadline (or on the
    // first tick after the restart, if that is later), never a whole grace period after the restart.
    let view = wait_for(&app, &id, |v| !v["rounds"][0]["tables"][0]["result"]["judge"].is_null()).await;
    assert_eq!(view["rounds"][0]["tables"][0]["result"]["judge"].as_array().unwrap().len(), 2);
    let no_show = audit(&app, &id).await.into_iter().find(|a| a["action"] == "no_show").unwrap();
    let at = no_show["created_at"].as_i64().unwrap();
    assert!(at < restarted + 3000, "recorded {} ms after the restart: the grace period restarted", at - restarted);
    let s = standings(&app, &id).await;
    for p in &players {
        assert_eq!(standing(&s, &p.id)["match_points"], 0, "a double loss scores nothing");
        assert_eq!(roster_reason(&view, &p.id).as_deref(), Some("\"drop\" \"no-show\""));
    }
}
