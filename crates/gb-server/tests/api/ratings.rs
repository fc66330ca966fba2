//! Ratings (docs/ratings.md): a rated game between two people changes both players' ratings once, in the same
//! transaction as its last intent and result, so a restart neither loses nor doubles it; casual games change
//! nothing; the leaderboard and profiles read them; bad requests get their own errors.
use crate::helpers::{Backend, TestApp, assert_error, find_result, spawn_app};
use crate::wsclient::{Guest, Lcg, advance, connect, game_over, play_seat, seated_room};
use serde_json::{Value, json};

fn rated_room() -> Value {
    json!({ "visibility": "public", "best_of": 1, "vs_bot": false, "rated": true })
}

async fn profile(app: &TestApp, who: &str) -> Value {
    let r = app.client.get(app.url(&format!("/api/players/{who}"))).send().await.unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// Both seats play random legal intents to the end; returns the match id of the game.
async fn play_out(app: &TestApp, room: &str, a: &Guest, b: &Guest) -> String {
    let (wa, w) = connect(&app.address, room, Some(&a.cookie), "player", None).await;
    let match_id = w["room"]["games"].as_array().unwrap().last().unwrap()["match_id"].as_str().unwrap().to_owned();
    let (wb, _) = connect(&app.address, room, Some(&b.cookie), "player", None).await;
    let (fa, fb) = tokio::join!(play_seat(wa, 3, 12), play_seat(wb, 4, 12));
    assert!(game_over(fa.last().unwrap()) && game_over(fb.last().unwrap()));
    match_id
}

/// The seat index (0 = A) the stored result names as the winner.
async fn winner(app: &TestApp, match_id: &str) -> usize {
    match find_result(app, match_id).await["winner"].as_str() {
        Some("A") => 0,
        Some("B") => 1,
        other => panic!("no winner: {other:?}"),
    }
}

/// Each player has exactly one rated game in bo1, the winner gained what the history says, both provisional.
async fn rated_once(app: &TestApp, players: [&Guest; 2], match_id: &str, won: usize) {
    for (i, g) in players.into_iter().enumerate() {
        let p = profile(app, &g.id).await;
        let r = &p["ratings"][0];
        assert_eq!((r["format"].as_str(), r["games"].as_u64()), (Some("bo1"), Some(1)), "{p}");
        assert!(r["shown"].as_str().unwrap().ends_with('?'), "a first game is provisional: {p}");
        assert_eq!(p["history"].as_array().unwrap().len(), 1, "rated once: {p}");
        let h = &p["history"][0];
        assert_eq!((h["match_id"].as_str(), h["won"].as_bool()), (Some(match_id), Some(i == won)), "{p}");
        assert_eq!(h["rating_before"], 1500);
        assert_eq!(h["rating_after"], r["rating"]);
        let change = h["change"].as_i64().unwrap();
        assert!(if i == won { change > 0 } else { change < 0 }, "{p}");
        assert_eq!((r["wins"].as_u64(), r["losses"].as_u64()), (Some(u64::from(i == won)), Some(u64::from(i != won))));
    }
}

async fn a_rated_game_changes_both_ratings_once(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let (room, [a, b]) = seated_room(&app.address, rated_room()).await;
    let info: Value =
        app.client.get(app.url(&format!("/api/rooms/{room}"))).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["rated"], true, "{info}");
    let match_id = play_out(&app, &room, &a, &b).await;
    let won = winner(&app, &match_id).await;
    rated_once(&app, [&a, &b], &match_id, won).await;

    // Provisional players stay off the board; each still learns their own standing.
    let board: Value = a.client.get(app.url("/api/leaderboard?format=bo1")).send().await.unwrap().json().await.unwrap();
    assert_eq!(board["top"], json!([]), "{board}");
    assert_eq!((board["you"]["games"].as_u64(), board["you"]["place"].is_null()), (Some(1), true), "{board}");

    // A restart replays nothing into the ratings: the result was rated with its last intent, once.
    app.restart().await;
    rated_once(&app, [&a, &b], &match_id, won).await;
}

async fn a_restart_mid_game_rates_the_game_once(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let (room, [a, b]) = seated_room(&app.address, rated_room()).await;
    let (mut wa, _) = connect(&app.address, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&app.address, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    advance([&mut wa, &mut wb], &mut last, &mut Lcg(9), 4).await;
    drop((wa, wb));
    app.restart().await;
    assert_eq!(profile(&app, &a.id).await["ratings"], json!([]), "nothing rated before the game ends");
    let match_id = play_out(&app, &room, &a, &b).await;
    let won = winner(&app, &match_id).await;
    rated_once(&app, [&a, &b], &match_id, won).await;
}

async fn casual_games_change_no_rating(backend: Backend) {
    let app = spawn_app(backend).await;
    let casual = json!({ "visibility": "public", "best_of": 1, "vs_bot": false });
    let (room, [a, b]) = seated_room(&app.address, casual).await;
    play_out(&app, &room, &a, &b).await;
    for g in [&a, &b] {
        let p = profile(&app, &g.id).await;
        assert_eq!((p["ratings"].clone(), p["history"].clone()), (json!([]), json!([])), "{p}");
    }
}

/// The rating write is keyed by the deciding game's match: applying it again changes nothing.
async fn rating_a_match_twice_rates_it_once(backend: Backend) {
    use gb_server::db::ratings::{RateOn, RatedGame};
    let app = spawn_app(backend).await;
    let (a, b) = (app.guest(&app.client, "Ann").await, app.guest(&crate::helpers::new_client(), "Bob").await);
    let ids = [a["id"].as_str().unwrap().to_owned(), b["id"].as_str().unwrap().to_owned()];
    let game = RatedGame { room_id: "r".into(), format: "bo3", accounts: ids.clone(), winner: 1 };
    for _ in 0..2 {
        match &app.db {
            gb_server::Db::Sqlite(p) => p.acquire().await.unwrap().rate_game("m1", &game, 1).await.unwrap(),
            gb_server::Db::Pg(p) => p.acquire().await.unwrap().rate_game("m1", &game, 1).await.unwrap(),
        }
    }
    let r = gb_server::db::ratings::rating_of(&app.db, &ids[1], "bo3").await.unwrap().unwrap();
    assert_eq!(r.games, 1);
    assert!(r.rating.rating > 1500.0);
    assert_eq!(gb_server::db::ratings::history(&app.db, &ids[1], 10).await.unwrap().len(), 1);
}

async fn rating_errors_are_specific(backend: Backend) {
    let app = spawn_app(backend).await;
    app.guest(&app.client, "Ann").await;
    let vs_bot = json!({ "visibility": "public", "best_of": 1, "vs_bot": true, "rated": true });
    assert_error(app.post(&app.client, "/api/rooms", &vs_bot).await, 422, "rated_vs_computer").await;
    let ffa = json!({ "visibility": "public", "best_of": 1, "seats": 4, "rated": true });
    assert_error(app.post(&app.client, "/api/rooms", &ffa).await, 422, "rated_free_for_all").await;
    assert_error(app.get(&app.client, "/api/leaderboard").await, 422, "bad_format").await;
    assert_error(app.get(&app.client, "/api/leaderboard?format=bo5").await, 422, "bad_format").await;
    assert_error(app.get(&app.client, "/api/players/nobody-here").await, 404, "no_such_player").await;
}

on_both_backends!(
    a_rated_game_changes_both_ratings_once,
    a_restart_mid_game_rates_the_game_once,
    casual_games_change_no_rating,
    rating_a_match_twice_rates_it_once,
    rating_errors_are_specific,
);
