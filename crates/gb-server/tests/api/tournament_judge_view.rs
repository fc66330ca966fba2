//! The judge view on the real server (docs/tournaments.md, "Judge view"): the organizer and appointed judges see
//! a table's whole game, hands and decks included; each opening is audited and every viewer of the table is told
//! a judge is watching; nobody else ever gets it (a player, a spectator, another event's organizer, a signed-out
//! caller), and the players' own streams still hide what they hid.
use crate::helpers::{Backend, assert_error, spawn_app};
use crate::tournament_clock::{first_table, paired_event};
use crate::tournament_penalties::appoint;
use crate::wsclient::{connect, guest_at};
use serde_json::{Value, json};

on_both_backends!(only_judges_see_the_whole_table_and_the_table_sees_them);

async fn only_judges_see_the_whole_table_and_the_table_sees_them(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let judge = guest_at(&app.address, "Judge Ida").await;
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 1 }, "games_per_match": 3, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 3 }
    });
    let (id, players) = paired_event(&app, &organizer, settings.clone(), 2).await;
    appoint(&app, &organizer, &id, &judge).await;
    let (room, a, b) = first_table(&app, &id, &players).await;
    let (mut ws_a, _) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    let (mut ws_b, _) = connect(&app.address, &room, Some(&b.cookie), "player", None).await;
    let (mut watcher, _) = connect(&app.address, &room, None, "spectator", None).await;
    let path = format!("/api/tournaments/{id}/rounds/1/tables/1/judge_view");

    // Nobody else: a player of the table, a spectator, another event's organizer, a signed-out caller.
    let spectator = guest_at(&app.address, "Spectator").await;
    let other = guest_at(&app.address, "Other organizer").await;
    let (_other_event, _) = paired_event(&app, &other, settings, 2).await;
    for who in [a, b, &spectator, &other] {
        assert_error(app.get(&who.client, &path).await, 403, "not_judge").await;
    }
    assert_error(app.get(&crate::helpers::new_client(), &path).await, 401, "not_logged_in").await;
    let missing = format!("/api/tournaments/{id}/rounds/1/tables/7/judge_view");
    assert_error(app.get(&organizer.client, &missing).await, 404, "no_such_table").await;
    let audit = |entries: &Value| -> Vec<Value> {
        entries.as_array().unwrap().iter().filter(|e| e["action"] == "judge_view").cloned().collect()
    };
    let entries: Value =
        app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    assert!(audit(&entries).is_empty(), "a refused opening is no opening: {entries}");

    // The judge sees everything: both hands and benches as their owners do, and both decks in order.
    let r = app.get(&judge.client, &path).await;
    assert_eq!(r.status(), 200);
    let board: Value = r.json().await.unwrap();
    assert_eq!(board["room_id"], room.as_str());
    let name = |g: &crate::wsclient::Guest| format!("Clock {}", players.iter().position(|p| p.id == g.id).unwrap());
    assert_eq!(board["players"], json!([name(a), name(b)]));
    for seat in 0..2 {
        let p = &board["view"]["board"]["players"][seat];
        assert!(p["hand"].is_array() && p["bench"].is_array(), "seat {seat} hand and bench shown: {p}");
        let deck = board["view"]["decks"][seat].as_array().unwrap();
        assert_eq!(deck.len() as u64, p["deck_count"].as_u64().unwrap(), "the whole deck");
        assert!(!deck.is_empty() && deck.iter().all(|c| c["card"].is_string()), "{deck:?}");
    }

    // The table is told, players and spectators alike, and the room keeps it for later arrivals.
    for ws in [&mut ws_a, &mut ws_b, &mut watcher] {
        let notice = ws.next_of("judge_watching").await;
        assert_eq!(notice["judge"], "Judge Ida", "{notice}");
    }
    let info: Value = app.get(&app.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["judge_watching"]["judge"], "Judge Ida", "{info}");

    // The organizer too; each opening is in the audit with who and which table, by name.
    assert_eq!(app.get(&organizer.client, &path).await.status(), 200);
    let entries: Value =
        app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    let opened = audit(&entries);
    assert_eq!(opened.len(), 2, "{entries}");
    let detail = |e: &Value| serde_json::from_str::<Value>(e["detail_json"].as_str().unwrap()).unwrap();
    assert_eq!(detail(&opened[0])["judge_name"], "Judge Ida");
    assert_eq!(detail(&opened[1])["judge_name"], "Organizer");
    assert_eq!((detail(&opened[0])["round"].clone(), detail(&opened[0])["table"].clone()), (json!(1), json!(1)));
    assert_eq!(detail(&opened[0])["players_names"], board["players"]);
    assert_eq!(opened[0]["actor"], judge.id.as_str());

    // The players' own streams still hide the opponent's hand (the judge view is no viewer's stream).
    drop(ws_a);
    let (mut again, _) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    let snapshot = again.next_of("snapshot").await;
    assert!(snapshot["view"]["players"][1]["hand"].is_null(), "{snapshot}");
}
