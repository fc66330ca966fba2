//! A profile's recent games and favourite decks (issue 44; docs/ratings.md, "Profiles"): every finished game of a
//! person, rated or casual, against people or the computer, each with its replay; decks by name only (never a
//! list); and nothing of a game still in progress.
use crate::helpers::{Backend, TestApp, spawn_app};
use crate::wsclient::{Guest, Ws, connect, create_room, guest_at, join, seated_room};
use serde_json::{Value, json};

on_both_backends!(a_profile_lists_finished_games_of_every_kind_and_favourite_decks);

async fn profile(app: &TestApp, who: &Guest) -> Value {
    let r = app.client.get(app.url(&format!("/api/players/{}", who.id))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// Concedes the game in play from `ws` and waits for the room to say it is over.
async fn concede(ws: &mut Ws) -> Value {
    ws.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    loop {
        let m = ws.next_of("room").await;
        if m["room"]["games"].as_array().unwrap().last().unwrap()["reason"].is_string() {
            return m["room"].clone();
        }
    }
}

async fn a_profile_lists_finished_games_of_every_kind_and_favourite_decks(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let casual = json!({ "visibility": "public", "best_of": 1, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, casual).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (_wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    // A game in progress shows nothing, not even its decks' names.
    let p = profile(&app, &a).await;
    assert_eq!((p["games"].clone(), p["decks"].clone()), (json!([]), json!([])), "{p}");

    let info = concede(&mut wa).await;
    let match_id = info["games"][0]["match_id"].as_str().unwrap().to_owned();
    let p = profile(&app, &a).await;
    let game = &p["games"][0];
    assert_eq!(game["match_id"], match_id.as_str(), "{p}");
    assert_eq!(game["room_id"], room.as_str(), "{p}");
    assert_eq!((game["result"].as_str(), game["reason"].as_str()), (Some("lost"), Some("concession")), "{p}");
    assert_eq!((game["deck"].as_str(), game["opponents"].clone()), (Some("Fire and Wind"), json!(["Bob"])), "{p}");
    assert_eq!((game["rated"].as_bool(), game["vs_computer"].as_bool()), (Some(false), Some(false)), "{p}");
    assert_eq!(p["decks"], json!([{ "deck": "Fire and Wind", "games": 1, "wins": 0 }]), "{p}");
    // Only the name: no hero or card of the list is anywhere in the profile.
    assert!(!p.to_string().contains("Claire"), "a deck list leaked: {p}");
    let q = profile(&app, &b).await;
    assert_eq!(
        (q["games"][0]["result"].as_str(), q["games"][0]["deck"].as_str()),
        (Some("won"), Some("Tide and Stone"))
    );
    assert_eq!(q["decks"], json!([{ "deck": "Tide and Stone", "games": 1, "wins": 1 }]), "{q}");
    // Its replay is there to watch.
    let r = app.client.get(app.url(&format!("/api/matches/{match_id}/replay"))).send().await.unwrap();
    assert_eq!(r.status(), 200);

    // A game against the computer is listed too; the computer has no profile row.
    let bot_room =
        json!({ "visibility": "public", "best_of": 1, "spectator_delay": null, "clock": null, "vs_bot": true });
    let vs = create_room(&base, &a, bot_room).await;
    join(&base, &a, &vs, "fire-and-wind").await;
    let (mut wv, _) = connect(&base, &vs, Some(&a.cookie), "player", None).await;
    concede(&mut wv).await;
    let p = profile(&app, &a).await;
    let games = p["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{p}");
    assert_eq!((games[0]["room_id"].as_str(), games[0]["vs_computer"].as_bool()), (Some(vs.as_str()), Some(true)));
    assert_eq!(games[0]["result"], "lost", "{p}");
    assert_eq!(p["decks"], json!([{ "deck": "Fire and Wind", "games": 2, "wins": 0 }]), "{p}");
    let solo = guest_at(&base, "Nobody").await;
    assert_eq!(profile(&app, &solo).await["games"], json!([]));
}
