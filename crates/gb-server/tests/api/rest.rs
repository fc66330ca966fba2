//! A finished game's room that nobody watches rests (`Room::rest`, room/play.rs): it lets go of its views, kept
//! frames and cached histories, which an empty room would otherwise hold until its idle limit (an hour by
//! default). Whoever comes back is shown the same final game as before it rested, and the room plays on.
use crate::helpers::{Backend, spawn_app};
use crate::wsclient::{connect, game_over, play_seat_keep, resume, seated_room};
use serde_json::{Value, json};
use std::time::Duration;

async fn a_rested_room_shows_returning_viewers_the_final_game(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let body = json!({ "visibility": "public", "best_of": 3, "spectator_delay": null, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let (wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let (mut spectator, _) = connect(&base, &room, None, "spectator", None).await;
    let ((fa, wa), (fb, wb)) = tokio::join!(play_seat_keep(wa, 7, 6), play_seat_keep(wb, 8, 6));
    assert!(game_over(fa.last().unwrap()) && game_over(fb.last().unwrap()));
    while !spectator.next().await.is_some_and(|m| game_over(&m)) {}
    let (held_a, held_b, held_s) = (wa.held(), wb.held(), spectator.held());
    let last = held_a.version().expect("a seat that played holds a version");
    assert_eq!(held_b.version(), Some(last));
    drop((wa, wb, spectator));

    // The room rests once it has handled the last disconnection; the listing shows that one afterwards.
    let url = format!("{base}/api/rooms/{room}");
    for _ in 0.. {
        let info: Value = app.client.get(&url).send().await.unwrap().json().await.unwrap();
        let seated = info["seats"].as_array().unwrap().iter().any(|s| s["connected"] == true);
        if !seated && info["spectators"] == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // A seat that resumes from the head has missed nothing, and holds the final game.
    let (ws, welcome) = resume(&base, &room, Some(&a.cookie), held_a.clone()).await;
    assert_eq!(welcome["version"], last);
    assert_eq!(ws.held().view(), held_a.view());
    drop(ws);

    // A seat resuming from a few versions back is past what a resting room keeps (before resting, those frames
    // were still in its stream): it gets a snapshot of the final game, its view and legal intents as they were.
    let (mut ws, _) = connect(&base, &room, Some(&b.cookie), "player", Some(last - 2)).await;
    let snapshot = ws.next().await.unwrap();
    assert_eq!(snapshot["type"], "snapshot", "a rested stream keeps no frames: {snapshot}");
    assert_eq!(snapshot["v"], last);
    assert_eq!(&snapshot["view"], held_b.view());
    assert_eq!(snapshot["legal"].as_array().unwrap().as_slice(), held_b.legal_json());
    assert_eq!(ws.next_of("history").await["v"], last, "the log comes with it, as for any snapshot");
    drop(ws);

    // A spectator arriving now sees what the spectators saw at the end, hidden cards still hidden.
    let (mut ws, _) = connect(&base, &room, None, "spectator", None).await;
    let snapshot = ws.next_of("snapshot").await;
    assert_eq!(&snapshot["view"], held_s.view());

    // Game 2 of the series starts from the rested room: everyone gets its snapshot, and play goes on.
    let (wa, _) = connect(&base, &room, Some(&a.cookie), "player", Some(last)).await;
    let (wb, _) = connect(&base, &room, Some(&b.cookie), "player", Some(last)).await;
    for g in [&a, &b] {
        let r = g.client.post(format!("{base}/api/rooms/{room}/rematch")).json(&json!({})).send().await.unwrap();
        assert!(r.status().is_success(), "rematch: {}", r.text().await.unwrap());
    }
    let s = ws.next_of("snapshot").await;
    assert_eq!((s["game"].as_u64(), s["view"]["outcome"].is_null()), (Some(1), true), "{s}");
    let (fa, fb) = tokio::join!(play_seat_keep(wa, 9, 4), play_seat_keep(wb, 10, 4));
    for frames in [&fa.0, &fb.0] {
        assert!(frames.iter().any(|f| f["type"] == "snapshot" && f["game"] == 1), "game 2's snapshot");
        assert!(game_over(frames.last().unwrap()), "game 2 played to its end");
    }
}

on_both_backends!(a_rested_room_shows_returning_viewers_the_final_game);
