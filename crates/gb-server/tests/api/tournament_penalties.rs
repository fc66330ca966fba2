//! Penalties on the real server (docs/tournaments.md, "Penalties" and "Judges"): each kind's effect on the
//! match and the standings, the judge and infraction on the event page, the player's record and the audit (by
//! name), every refusal with its code and nothing changed, and judges the organizer appoints.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::tournament_clock::paired_event;
use crate::tournament_event::event;
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};

on_both_backends!(
    each_penalty_scores_as_documented,
    a_game_loss_decides_a_best_of_one,
    bad_penalties_change_nothing,
    judges_are_appointed_by_the_organizer
);

fn settings(games_per_match: u8) -> Value {
    json!({
        "structure": { "kind": "swiss", "rounds": 2 }, "games_per_match": games_per_match,
        "next_game_chooser": "loser", "end_of_round": { "extra_turns": 3 }
    })
}

/// Round 1's players of table `t` (1-based), seat order.
fn at_table<'g>(view: &Value, players: &'g [Guest], t: usize) -> [&'g Guest; 2] {
    let table = &view["rounds"][0]["tables"][t - 1];
    [0, 1].map(|i| players.iter().find(|p| p.id == table["players"][i].as_str().unwrap()).unwrap())
}

async fn penalize(app: &TestApp, by: &Guest, id: &str, body: Value) -> reqwest::Response {
    app.post(&by.client, &format!("/api/tournaments/{id}/penalties"), &body).await
}

async fn standing(app: &TestApp, id: &str, player: &str) -> Value {
    let s: Value = app.get(&app.client, &format!("/api/tournaments/{id}/standings")).await.json().await.unwrap();
    s["players"].as_array().unwrap().iter().find(|p| p["player"] == player).cloned().unwrap_or(Value::Null)
}

async fn audit(app: &TestApp, by: &Guest, id: &str) -> Vec<Value> {
    let a: Value = app.get(&by.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    a.as_array().unwrap().clone()
}

pub(crate) async fn appoint(app: &TestApp, organizer: &Guest, id: &str, judge: &Guest) {
    let r =
        app.post(&organizer.client, &format!("/api/tournaments/{id}/judges"), &json!({ "account_id": judge.id })).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
}

/// Best of three, three tables: a warning changes nothing, two game losses are a 0-2 match, a time extension
/// moves the table's clock, a match loss is 0-2, a disqualification is 0-2 and out.
async fn each_penalty_scores_as_documented(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let judge = guest_at(&app.address, "Judge Jo").await;
    let (id, players) = paired_event(&app, &organizer, settings(3), 6).await;
    appoint(&app, &organizer, &id, &judge).await;
    let view = event(&app, &id).await;
    let [a, b] = at_table(&view, &players, 1);
    let [c, d] = at_table(&view, &players, 2);
    let [e, f] = at_table(&view, &players, 3);
    let room_1 = view["rounds"][0]["tables"][0]["room_id"].as_str().unwrap().to_owned();

    let warn = json!({ "player": a.id, "kind": "warning", "infraction": "deck_problem", "reason": "sleeves" });
    assert_eq!(penalize(&app, &judge, &id, warn).await.status(), 200);
    let table_1 = |v: &Value| v["rounds"][0]["tables"][0]["result"].clone();
    assert!(table_1(&event(&app, &id).await)["games"].as_array().unwrap().is_empty(), "a warning is no game");
    let game_loss = json!({ "player": a.id, "kind": "game_loss", "infraction": "tardiness", "round": 1, "table": 1 });
    assert_eq!(penalize(&app, &judge, &id, game_loss.clone()).await.status(), 200);
    let view = event(&app, &id).await;
    assert_eq!(
        table_1(&view)["games"],
        json!([{ "result": "game_loss", "player": a.id, "infraction": "tardiness", "judge": "Judge Jo" }])
    );
    let open = standing(&app, &id, &a.id).await;
    assert_eq!(open["record"], json!({ "won": 0, "lost": 0, "drawn": 0 }), "one game loss leaves it open: {open}");
    // The second game loss decides the match 0-2 and ends the table's room.
    assert_eq!(penalize(&app, &organizer, &id, game_loss).await.status(), 200);
    let room: Value = app.get(&app.client, &format!("/api/rooms/{room_1}")).await.json().await.unwrap();
    for _ in 0..50 {
        let room: Value = app.get(&app.client, &format!("/api/rooms/{room_1}")).await.json().await.unwrap();
        if room["match_end"] == "judge" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let room_now: Value = app.get(&app.client, &format!("/api/rooms/{room_1}")).await.json().await.unwrap();
    assert_eq!(room_now["match_end"], "judge", "before: {room}, after: {room_now}");

    let extension =
        json!({ "player": c.id, "kind": "time_extension", "infraction": "ruling_or_deck_check", "minutes": 1000 });
    assert_eq!(penalize(&app, &judge, &id, extension).await.status(), 200);
    let dq = json!({ "player": d.id, "kind": "disqualification", "infraction": "cheating", "reason": "marked cards" });
    assert_eq!(penalize(&app, &judge, &id, dq).await.status(), 200);
    let ml = json!({ "player": e.id, "kind": "match_loss", "infraction": "decklist_problem" });
    assert_eq!(penalize(&app, &judge, &id, ml).await.status(), 200);

    let view = event(&app, &id).await;
    assert_eq!(view["rounds"][0]["tables"][1]["extension_minutes"], 1000);
    let expect = [(a, 0, "0-2-0"), (b, 3, "2-0-0"), (c, 3, "2-0-0"), (d, 0, "0-2-0"), (e, 0, "0-2-0"), (f, 3, "2-0-0")];
    for (p, points, games) in expect {
        let row = standing(&app, &id, &p.id).await;
        assert_eq!(row["match_points"], points, "{row}");
        let g = &row["games"];
        assert_eq!(format!("{}-{}-{}", g["won"], g["lost"], g["drawn"]), games, "{row}");
    }
    assert_eq!(standing(&app, &id, &d.id).await["active"], false, "disqualified: out from round 2");

    // The event page and each player's record: kind, infraction, judge by name.
    let penalties = view["penalties"].as_array().unwrap();
    let listed: Vec<(&str, &str, &str)> = penalties
        .iter()
        .map(|p| (p["kind"].as_str().unwrap(), p["infraction"].as_str().unwrap(), p["judge"].as_str().unwrap()))
        .collect();
    assert_eq!(
        listed,
        [
            ("game_loss", "tardiness", "Judge Jo"),
            ("game_loss", "tardiness", "Organizer"),
            ("warning", "deck_problem", "Judge Jo"),
            ("time_extension", "ruling_or_deck_check", "Judge Jo"),
            ("disqualification", "cheating", "Judge Jo"),
            ("match_loss", "decklist_problem", "Judge Jo"),
        ]
    );
    assert_eq!(penalties.iter().filter(|p| p["player"] == a.id.as_str()).count(), 3, "a's record");

    // The audit names the judge and the player, never only their ids.
    let entries = audit(&app, &organizer, &id).await;
    let given: Vec<Value> = entries
        .iter()
        .filter(|e| e["action"] == "penalty")
        .map(|e| serde_json::from_str(e["detail_json"].as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(given.len(), 6);
    assert_eq!(given[0]["judge_name"], "Judge Jo");
    assert_eq!(
        given[0]["player_name"],
        view["log"]["players"].as_array().unwrap().iter().find(|p| p["id"] == a.id.as_str()).unwrap()["name"]
    );
    assert_eq!(given[0]["infraction_label"], "Deck problem");
    assert_eq!(given[2]["judge_name"], "Organizer");
    assert_eq!(given[3]["minutes"], 1000);

    // The log still computes offline to the same standings.
    let log = serde_json::to_string(&view["log"]).unwrap();
    let offline = gb_tournament::standings(&gb_tournament::parse(&log).unwrap()).unwrap();
    let online: Value = app.get(&app.client, &format!("/api/tournaments/{id}/standings")).await.json().await.unwrap();
    assert_eq!(serde_json::to_value(offline).unwrap(), online);
}

/// In best of one a game loss is the match.
async fn a_game_loss_decides_a_best_of_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, settings(1), 2).await;
    let view = event(&app, &id).await;
    let [a, b] = at_table(&view, &players, 1);
    let body = json!({ "player": b.id, "kind": "game_loss", "infraction": "slow_play", "reason": "third time" });
    assert_eq!(penalize(&app, &organizer, &id, body.clone()).await.status(), 200);
    assert_eq!(standing(&app, &id, &a.id).await["match_points"], 3);
    assert_eq!(standing(&app, &id, &b.id).await["record"], json!({ "won": 0, "lost": 1, "drawn": 0 }));
    // The match is decided: a second game loss goes to the player's next match.
    assert_error(penalize(&app, &organizer, &id, body).await, 409, "match_over").await;
}

async fn bad_penalties_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let (id, players) = paired_event(&app, &organizer, settings(3), 3).await;
    let before = event(&app, &id).await;
    let [a, b] = at_table(&before, &players, 1);
    let bye = players.iter().find(|p| p.id != a.id && p.id != b.id).unwrap();
    let base = |kind: &str| json!({ "player": a.id, "kind": kind, "infraction": "slow_play" });
    let with = |mut v: Value, k: &str, x: Value| {
        v[k] = x;
        v
    };
    let cases = [
        (base("time_extension"), 422, "bad_minutes"),
        (with(base("time_extension"), "minutes", json!(0)), 422, "bad_minutes"),
        (with(base("time_extension"), "minutes", json!(1441)), 422, "bad_minutes"),
        (with(base("warning"), "minutes", json!(5)), 422, "bad_minutes"),
        (with(base("warning"), "reason", json!("x".repeat(501))), 422, "reason_too_long"),
        (with(base("warning"), "infraction", json!("jaywalking")), 422, "bad_json"),
        (with(base("warning"), "round", json!(1)), 422, "bad_table"),
        (with(with(base("warning"), "round", json!(1)), "table", json!(9)), 404, "no_such_table"),
        (with(base("warning"), "player", json!(bye.id)), 409, "no_table"),
        (
            json!({ "player": bye.id, "kind": "warning", "infraction": "other", "round": 1, "table": 1 }),
            422,
            "not_at_table",
        ),
    ];
    for (body, status, code) in cases {
        assert_error(penalize(&app, &organizer, &id, body).await, status, code).await;
    }
    // A table's extensions stay within a day in all.
    let long = with(base("time_extension"), "minutes", json!(1440));
    assert_eq!(penalize(&app, &organizer, &id, long.clone()).await.status(), 200);
    assert_error(penalize(&app, &organizer, &id, with(long, "minutes", json!(1))).await, 422, "bad_minutes").await;
    let before = event(&app, &id).await;
    // Nobody but the organizer and its judges gives penalties.
    assert_error(penalize(&app, b, &id, base("warning")).await, 403, "not_judge").await;
    let signed_out =
        app.post(&crate::helpers::new_client(), &format!("/api/tournaments/{id}/penalties"), &base("warning")).await;
    assert_error(signed_out, 401, "not_logged_in").await;
    let legacy = json!({ "round": 1, "table": 1, "action": { "action": "time_extension", "minutes": 5 } });
    assert_error(
        app.post(&organizer.client, &format!("/api/tournaments/{id}/judge"), &legacy).await,
        422,
        "bad_minutes",
    )
    .await;
    assert_eq!(event(&app, &id).await, before, "nothing changed");
}

async fn judges_are_appointed_by_the_organizer(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let judge = guest_at(&app.address, "Judge Max").await;
    let (id, players) = paired_event(&app, &organizer, settings(3), 2).await;
    let path = format!("/api/tournaments/{id}/judges");
    let warn = json!({ "player": players[0].id, "kind": "warning", "infraction": "slow_play" });
    assert_error(penalize(&app, &judge, &id, warn.clone()).await, 403, "not_judge").await;
    assert_error(app.post(&players[0].client, &path, &json!({ "account_id": judge.id })).await, 403, "not_organizer")
        .await;
    assert_error(app.post(&organizer.client, &path, &json!({ "account_id": "nobody" })).await, 404, "no_such_account")
        .await;
    assert_error(
        app.post(&organizer.client, &path, &json!({ "account_id": players[1].id })).await,
        409,
        "player_cannot_judge",
    )
    .await;
    assert_error(
        app.post(&organizer.client, &path, &json!({ "account_id": organizer.id })).await,
        409,
        "already_judge",
    )
    .await;
    appoint(&app, &organizer, &id, &judge).await;
    assert_error(app.post(&organizer.client, &path, &json!({ "account_id": judge.id })).await, 409, "already_judge")
        .await;
    let view = event(&app, &id).await;
    assert_eq!(view["judges"], json!([{ "account_id": judge.id, "name": "Judge Max" }]));
    let appointed = audit(&app, &organizer, &id).await.into_iter().find(|e| e["action"] == "appoint_judge").unwrap();
    assert!(appointed["detail_json"].as_str().unwrap().contains("\"judge_name\":\"Judge Max\""), "{appointed}");

    // A judge gives penalties and nothing else of the organizer's; the appointment survives a restart.
    app.restart().await;
    assert_eq!(event(&app, &id).await["judges"], view["judges"]);
    assert_eq!(penalize(&app, &judge, &id, warn).await.status(), 200);
    assert_error(
        app.post(&judge.client, &format!("/api/tournaments/{id}/end"), &json!({ "reason": "x" })).await,
        403,
        "not_organizer",
    )
    .await;
    assert_error(app.post(&judge.client, &path, &json!({ "account_id": players[0].id })).await, 403, "not_organizer")
        .await;
}
