//! Announcements on the real server (docs/tournaments.md, "Announcements"): a player following the event on its
//! socket (`/ws/events/{id}`) gets the round start (with where they play), the organizer's message and the time
//! call; the table's room gets the message and the time call; a reconnect with `since` gets only what it missed;
//! only the organizer announces, something, not too much; and the socket never carries a deck list while the
//! event runs.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app};
use crate::tournament_clock::registered_event;
use crate::tournament_event::{event, start_round};
use crate::wsclient::{Guest, connect, guest_at};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// An event socket: its frames are not a room's, so it is read as plain JSON.
struct Feed(WebSocketStream<MaybeTlsStream<TcpStream>>);

impl Feed {
    /// The next frame within `d`; `Err` on timeout, `Ok(None)` once closed.
    async fn within(&mut self, d: Duration) -> Result<Option<Value>, ()> {
        loop {
            match tokio::time::timeout(d, self.0.next()).await.map_err(|_| ())? {
                Some(Ok(Message::Text(t))) => return Ok(Some(serde_json::from_str(&t).unwrap())),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return Ok(None),
                Some(Ok(_)) => continue,
            }
        }
    }
    async fn next(&mut self) -> Option<Value> {
        self.within(Duration::from_secs(15)).await.expect("a frame within 15 s")
    }
}

on_both_backends!(announcements_reach_the_event_socket_and_the_tables, only_the_organizer_announces_something);

/// Opens `/ws/events/{id}` (with `?since=` when given) as `who`.
async fn follow(app: &TestApp, id: &str, who: Option<&Guest>, since: Option<u32>) -> Feed {
    let query = since.map_or(String::new(), |s| format!("?since={s}"));
    let url = format!("{}/ws/events/{id}{query}", app.address.replacen("http", "ws", 1));
    let mut req = url.into_client_request().unwrap();
    if let Some(g) = who {
        req.headers_mut().insert("cookie", g.cookie.parse().unwrap());
    }
    let (inner, _) = tokio_tungstenite::connect_async(req).await.expect("the event socket opens");
    Feed(inner)
}

/// Reads event frames until `n` announcements came; checks every view frame on the way withholds deck lists.
async fn announcements(ws: &mut Feed, n: usize) -> Vec<Value> {
    let mut got = Vec::new();
    while got.len() < n {
        let m = ws.next().await.expect("the event socket stays open");
        match m["type"].as_str() {
            Some("announcement") => got.push(m["announcement"].clone()),
            Some("view") => no_deck_lists(&m["view"]),
            _ => panic!("an unexpected frame: {m}"),
        }
    }
    got
}

fn no_deck_lists(view: &Value) {
    assert!(view["announcements"].as_array().unwrap().is_empty(), "announcements come one by one");
    for p in view["log"]["players"].as_array().unwrap() {
        assert!(p["deck"].is_null(), "a deck list on the event socket while the event runs: {p}");
    }
}

async fn announcements_reach_the_event_socket_and_the_tables(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    // One Swiss round of eight seconds: time is called while the players sit at their table.
    let settings = json!({
        "structure": { "kind": "swiss", "rounds": 1 }, "games_per_match": 1, "next_game_chooser": "loser",
        "round_seconds": 8, "end_of_round": { "extra_turns": 1 }
    });
    let (id, players) = registered_event(&app, &organizer, settings, 2).await;
    let mut page = follow(&app, &id, Some(&players[0]), None).await;
    let first = page.next().await.unwrap();
    assert_eq!((first["type"].as_str(), first["v"].as_u64()), (Some("view"), Some(1)), "{first}");
    assert_eq!(first["view"]["status"], "closed");
    no_deck_lists(&first["view"]);

    start_round(&app, &organizer, &format!("/api/tournaments/{id}/rounds")).await;
    let started = &announcements(&mut page, 1).await[0];
    assert_eq!((started["seq"].as_u64(), started["kind"].as_str()), (Some(1), Some("round_started")));
    assert_eq!(started["text"], "Round 1 has started");
    assert_eq!(started["for_you"], "you are at table 1 vs Clock 1", "{started}");

    let room = event(&app, &id).await["rounds"][0]["tables"][0]["room_id"].as_str().unwrap().to_owned();
    let (mut table, welcome) = connect(&app.address, &room, Some(&players[0].cookie), "player", None).await;
    assert_eq!(welcome["room"]["event"], id.as_str(), "the table names its event");
    let r = app
        .post(&organizer.client, &format!("/api/tournaments/{id}/announcements"), &json!({ "text": " Lunch at noon " }))
        .await;
    assert_eq!(r.status(), 201, "{}", r.text().await.unwrap());

    let said = announcements(&mut page, 2).await;
    assert_eq!((said[0]["seq"].as_u64(), said[0]["kind"].as_str()), (Some(2), Some("message")));
    assert_eq!(said[0]["text"], "Lunch at noon");
    assert_eq!((said[1]["seq"].as_u64(), said[1]["kind"].as_str()), (Some(3), Some("time_called")));
    assert_eq!(said[1]["text"], "Time has been called in round 1");

    let mut at_table = Vec::new();
    while at_table.len() < 2 {
        at_table.push(table.next_of("announcement").await["announcement"]["text"].as_str().unwrap().to_owned());
    }
    assert_eq!(at_table, ["Lunch at noon", "Time has been called in round 1"]);

    // A reconnect that held the round start gets the view, then only the two it missed.
    let mut again = follow(&app, &id, Some(&players[1]), Some(1)).await;
    assert_eq!(again.next().await.unwrap()["type"], "view");
    let missed: Vec<u64> = announcements(&mut again, 2).await.iter().map(|a| a["seq"].as_u64().unwrap()).collect();
    assert_eq!(missed, [2, 3]);
    assert!(again.within(Duration::from_millis(500)).await.is_err(), "nothing more to send");
    // The page's REST read carries the latest ones too (the fallback when the socket fails).
    let view = event(&app, &id).await;
    assert_eq!(view["announcements"].as_array().unwrap().len(), 3);
    again.0.send(Message::Text(json!({ "type": "ping" }).to_string().into())).await.unwrap();
    assert_eq!(again.next().await.unwrap()["type"], "pong");
}

async fn only_the_organizer_announces_something(backend: Backend) {
    let app = spawn_app(backend).await;
    let organizer = guest_at(&app.address, "Organizer").await;
    let settings = json!({ "structure": { "kind": "swiss", "rounds": 1 }, "games_per_match": 1, "next_game_chooser": "loser",
                "end_of_round": { "extra_turns": 0 } });
    let (id, players) = registered_event(&app, &organizer, settings, 2).await;
    let path = format!("/api/tournaments/{id}/announcements");
    let r = app.post(&players[0].client, &path, &json!({ "text": "I won" })).await;
    assert_error(r, 403, "not_organizer").await;
    assert_error(app.post(&organizer.client, &path, &json!({ "text": "  " })).await, 400, "empty_announcement").await;
    let long = "x".repeat(501);
    assert_error(app.post(&organizer.client, &path, &json!({ "text": long })).await, 400, "announcement_too_long")
        .await;
    assert!(event(&app, &id).await["announcements"].as_array().unwrap().is_empty(), "nothing was announced");
    for i in 0..5 {
        let r = app.post(&organizer.client, &path, &json!({ "text": format!("Note {i}") })).await;
        assert_eq!(r.status(), 201);
    }
    assert_error(app.post(&organizer.client, &path, &json!({ "text": "Too many" })).await, 429, "announcing_too_fast")
        .await;
    let audit: Value = app.get(&organizer.client, &format!("/api/tournaments/{id}/audit")).await.json().await.unwrap();
    let announced = audit.as_array().unwrap().iter().filter(|e| e["action"] == "announce").count();
    assert_eq!(announced, 5, "each message is audited");
    let url = format!("{}/ws/events/nosuchevent", app.address.replacen("http", "ws", 1));
    let refused = tokio_tungstenite::connect_async(url).await;
    assert!(refused.is_err(), "no socket for an event that does not exist");
}
