//! No dead ends (docs/tournaments.md, "No dead ends"): four players booked for four Swiss rounds are warned from
//! registration on; round 4 has no legal automatic pairing, so the organizer pairs it by hand (a rematch needs a
//! confirmation with a reason, named in the audit), changes the number of rounds, and ends the event early with
//! its standings final. Explanations and audit entries name players, never account ids alone; the standings
//! carry byes and opponents. Late entries close at the organizer's cutoff and never before a top cut.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::tournament_clock::registered_event;
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, guest_at};
use serde_json::{Value, json};

on_both_backends!(a_round_nobody_can_pair_is_paired_by_hand, late_entries_close_at_the_cutoff);

async fn a_round_nobody_can_pair_is_paired_by_hand(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 4 }, "games_per_match": 1, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }
    });
    let (id, players) = registered_event(&app, &organizer, settings, 4).await;
    let path = |p: &str| format!("/api/tournaments/{id}{p}");
    let warnings = event(&app, &id).await["warnings"].clone();
    assert!(warnings[0].as_str().is_some_and(|w| w.contains("at most 3")), "{warnings}");

    for _ in 0..3 {
        start_round(&app, &organizer, &path("/rounds")).await;
        concede_all(&app, &organizer, &id).await;
    }
    let r = assert_error(app.post(&organizer.client, &path("/rounds"), &json!({})).await, 409, "cannot_pair").await;
    assert_names_only(&r.to_string(), &players);

    // Round 4 by hand: every pairing is a rematch now.
    let view = event(&app, &id).await;
    let round1: Vec<Value> =
        view["rounds"][0]["tables"].as_array().unwrap().iter().map(|t| t["players"].clone()).collect();
    let by_hand = |confirm: bool| {
        json!({ "reason": "four players, four rounds", "confirm": confirm,
                "pairings": [{ "players": round1[0] }, { "players": round1[1] }] })
    };
    assert_error(app.post(&players[0].client, &path("/rounds/by_hand"), &by_hand(true)).await, 403, "not_organizer")
        .await;
    let twice = json!({ "reason": "r", "confirm": true,
        "pairings": [{ "players": round1[0] }, { "players": [round1[1][0], round1[0][0]] }] });
    assert_error(app.post(&organizer.client, &path("/rounds/by_hand"), &twice).await, 422, "bad_pairing").await;
    let short = json!({ "reason": "r", "confirm": true, "pairings": [{ "players": round1[0] }] });
    assert_error(app.post(&organizer.client, &path("/rounds/by_hand"), &short).await, 422, "bad_pairing").await;
    let unconfirmed = app.post(&organizer.client, &path("/rounds/by_hand"), &by_hand(false)).await;
    let body = assert_error(unconfirmed, 409, "needs_confirmation").await;
    assert!(body.to_string().contains("rematch"), "{body}");
    assert_names_only(&body.to_string(), &players);
    let r = app.post(&organizer.client, &path("/rounds/by_hand"), &by_hand(true)).await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());
    let view = event(&app, &id).await;
    let round4 = &view["rounds"][3];
    assert_eq!(round4["tables"][0]["players"], round1[0]);
    assert!(round4["tables"][1]["room_id"].is_string(), "its tables are played in rooms: {round4}");

    // Re-paired by hand, the round keeps its clock (docs: the elapsed time stands).
    let swapped = json!({ "reason": "seats swapped", "confirm": true, "pairings": [
        { "players": [round1[0][1], round1[0][0]] }, { "players": round1[1] }] });
    let r = app.post(&organizer.client, &path("/rounds/current/pairings"), &swapped).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    assert_eq!(event(&app, &id).await["rounds"][3]["started_at_ms"], round4["started_at_ms"]);

    // The number of Swiss rounds: never fewer than those paired; more, with the warning.
    let rounds = |n: u32| json!({ "rounds": n, "reason": "we have the room until midnight" });
    assert_error(app.post(&players[0].client, &path("/swiss_rounds"), &rounds(5)).await, 403, "not_organizer").await;
    assert_error(app.post(&organizer.client, &path("/swiss_rounds"), &rounds(3)).await, 422, "bad_rounds").await;
    let r = app.post(&organizer.client, &path("/swiss_rounds"), &rounds(5)).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let view = event(&app, &id).await;
    assert_eq!(view["log"]["settings"]["structure"]["rounds"], 5);

    // Ending early: once the round in hand has its results, the standings are final.
    let end = json!({ "reason": "the venue closes" });
    assert_error(app.post(&organizer.client, &path("/end"), &end).await, 409, "round_in_progress").await;
    concede_all(&app, &organizer, &id).await;
    assert_error(app.post(&organizer.client, &path("/end"), &json!({})).await, 422, "reason_required").await;
    let r = app.post(&organizer.client, &path("/end"), &end).await;
    assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    let view = event(&app, &id).await;
    assert_eq!(view["status"], "finished");
    assert_error(app.post(&organizer.client, &path("/rounds"), &json!({})).await, 409, "tournament_over").await;
    let standings: Value = app.get(&organizer.client, &path("/standings")).await.json().await.unwrap();
    assert_eq!(standings["rounds"], 4);
    for row in standings["players"].as_array().unwrap() {
        assert_eq!(row["opponents"].as_array().unwrap().len(), 4, "{row}");
        assert_eq!(row["byes"], 0);
    }
    let csv = app.get(&organizer.client, &path("/standings.csv")).await.text().await.unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",mw,mw_exact,byes,opponents"), "{csv}");
    assert!(csv.contains(&format!("; {}", "Clock")), "opponents by name: {csv}");

    let audit: Value = app.get(&organizer.client, &path("/audit")).await.json().await.unwrap();
    let actions: Vec<&str> = audit.as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    for a in ["pair_round_by_hand", "repair_round", "set_swiss_rounds", "end_event"] {
        assert!(actions.contains(&a), "{a} audited: {actions:?}");
    }
    let hand = audit.as_array().unwrap().iter().find(|e| e["action"] == "pair_round_by_hand").unwrap();
    let detail: Value = serde_json::from_str(hand["detail_json"].as_str().unwrap()).unwrap();
    assert_eq!(detail["confirmed"]["rematches"].as_array().unwrap().len(), 2, "{detail}");
    assert!(detail["reason"] == "four players, four rounds");
    for e in audit.as_array().unwrap() {
        assert_names_only(e["detail_json"].as_str().unwrap(), &players);
    }
}

/// Late entries close after the cutoff round, and never once the top cut is next.
async fn late_entries_close_at_the_cutoff(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 3, "top_cut": 2 }, "games_per_match": 1,
        "next_game_chooser": "loser", "end_of_round": { "extra_turns": 3 }, "late_entry_until_round": 2
    });
    let (id, _) = registered_event(&app, &organizer, settings, 4).await;
    let path = |p: &str| format!("/api/tournaments/{id}{p}");
    let late = |g: &Guest| json!({ "account_id": g.id, "preconstructed": "fire-and-wind" });
    let (first, second) = (guest_at(&app.address, "Late 1").await, guest_at(&app.address, "Late 2").await);
    start_round(&app, &organizer, &path("/rounds")).await;
    let r = app.post(&organizer.client, &path("/late_entries"), &late(&first)).await;
    assert_eq!(r.status(), 200, "entering round 2: {}", r.text().await.unwrap());
    concede_all(&app, &organizer, &id).await;
    start_round(&app, &organizer, &path("/rounds")).await;
    let closed = app.post(&organizer.client, &path("/late_entries"), &late(&second)).await;
    assert_error(closed, 409, "late_entries_closed").await;

    // Whatever the cutoff, not into a top cut.
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 1, "top_cut": 2 }, "games_per_match": 1,
        "next_game_chooser": "loser", "end_of_round": { "extra_turns": 3 }, "late_entry_until_round": 9
    });
    let (id, _) = registered_event(&app, &organizer, settings, 4).await;
    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    let closed = app.post(&organizer.client, &format!("/api/tournaments/{id}/late_entries"), &late(&second)).await;
    let body = assert_error(closed, 409, "late_entries_closed").await;
    assert!(body.to_string().contains("top cut"), "{body}");
}

/// The organizer concedes, for its first player, every table of the round being played still without a result.
async fn concede_all(app: &TestApp, organizer: &Guest, id: &str) {
    let view = event(app, id).await;
    let round = view["rounds"].as_array().unwrap().last().unwrap().clone();
    for t in round["tables"].as_array().unwrap() {
        let path = format!("/api/tournaments/{id}/rounds/{}/tables/{}/concede", round["number"], t["table"]);
        let r = app.post(&organizer.client, &path, &json!({ "player": t["players"][0] })).await;
        assert_eq!(r.status(), 200, "{}", r.text().await.unwrap());
    }
}

/// Every account id in `text` comes with its player's name ("Clock N"): read by people, it names them.
fn assert_names_only(text: &str, players: &[Guest]) {
    for (i, p) in players.iter().enumerate() {
        if text.contains(&p.id) {
            assert!(text.contains(&format!("Clock {i}")), "{} appears without its name: {text}", p.id);
        }
    }
    let prose: Vec<&str> = text.split('"').filter(|s| s.contains(' ')).collect();
    for p in players {
        assert!(prose.iter().all(|s| !s.contains(&p.id)), "an account id in a sentence: {text}");
    }
}
