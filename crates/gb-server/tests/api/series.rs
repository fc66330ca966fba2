//! Deck lists between games: a finished game's record (both deck lists, face-down bench included) stays
//! withheld, from the public and from its own players, while the room can still deal those decks again; it is
//! published once the seats have left and the room has closed, and a closed room never comes back.
use crate::helpers::{Backend, TestApp, spawn_app_with};
use crate::wsclient::{Guest, connect, game_over, play_seat, released_replay, seated_room};
use serde_json::{Value, json};

async fn replay(app: &TestApp, who: Option<&Guest>, match_id: &str, seat: &str) -> Value {
    let client = who.map_or(&app.client, |g| &g.client);
    let url = format!("{}/api/matches/{match_id}/replay{seat}", app.address);
    client.get(url).send().await.unwrap().json().await.unwrap()
}

async fn deck_lists_stay_hidden_until_the_room_closes(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.room_idle_secs = 1).await;
    let base = app.address.clone();
    let body = json!({ "visibility": "public", "best_of": 3, "spectator_delay": null, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let (wa, w) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let match_id = w["room"]["games"][0]["match_id"].as_str().unwrap().to_owned();
    let (wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    // A short game: each seat concedes once it has played a few intents.
    let (fa, fb) = tokio::join!(play_seat(wa, 7, 6), play_seat(wb, 8, 6));
    assert!(game_over(fa.last().unwrap()) && game_over(fb.last().unwrap()));

    // Game 2 of the best-of-three may be dealt from the same decks: nobody sees the lists, not even a player.
    for (who, seat) in [(None, ""), (Some(&a), "?seat=A"), (Some(&b), "?seat=B")] {
        let r = replay(&app, who, &match_id, seat).await;
        assert_eq!(r["finished"], true);
        assert!(r["record"].is_null(), "the record is withheld while the room is open: {r}");
        assert!(r["withheld"].as_str().unwrap().contains("deck lists"), "{r}");
    }

    // Both seats have left (their sockets closed with play_seat): after the idle limit the room closes and the
    // record, deck lists included, is public.
    let r = released_replay(&app.client, &base, &match_id).await;
    assert!(r["withheld"].is_null());
    for seat in 0..2 {
        assert!(!r["record"]["setup"]["decks"][seat].is_null(), "{r}");
    }
    let row = gb_server::db::rooms::find_room(&app.db, &room).await.unwrap().unwrap();
    assert_eq!(row.status.as_str(), "closed");
    let back = gb_server::db::rooms::recent_rooms(&app.db).await.unwrap();
    assert!(back.iter().all(|r| r.id != room), "a closed room is not brought back at restart");
}

on_both_backends!(deck_lists_stay_hidden_until_the_room_closes);
