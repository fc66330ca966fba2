//! Bad input on the WebSocket: every case gets its own error code or close code, and the server keeps going.
use crate::helpers::{Backend, spawn_app, spawn_app_with};
use crate::wsclient::{connect, seated_room};
use crate::wsclient::{create_room, hello, open, public_room};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

async fn expect(ws: &mut crate::wsclient::Ws, code: &str) {
    let m = ws.next_of("error").await;
    assert_eq!(m["code"], code, "{m}");
    assert!(m["message"].as_str().is_some_and(|s| !s.is_empty()));
}

async fn bad_websocket_input_gets_specific_codes(backend: Backend) {
    // The production per-socket limits (settings.rs defaults), which the flood below must trip.
    let app = spawn_app_with(backend, |s| (s.ws_rate_per_sec, s.ws_burst) = (20, 40)).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;

    // Foreign Origin: refused before the upgrade.
    match open(&base, &room, Some(&a.cookie), Some("http://evil.test")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("expected 403, got {:?}", other.map(|_| ())),
    }
    // Unknown room: 4004.
    let mut ws = open(&base, "no-such-room", None, None).await.unwrap();
    assert_eq!(ws.close_code().await, Some(4004));
    // Protocol version mismatch (version 1 sent whole views): 4000.
    let mut ws = open(&base, &room, None, None).await.unwrap();
    ws.send(json!({ "type": "hello", "protocol": 1, "as": "spectator", "last_version": null })).await;
    assert_eq!(ws.close_code().await, Some(4000));
    // Larger than 64 KiB: 1009.
    let mut ws = open(&base, &room, None, None).await.unwrap();
    ws.send_raw(Message::Text("x".repeat(70 * 1024).into())).await;
    assert_eq!(ws.close_code().await, Some(1009));

    // Errors that keep the connection open.
    let mut ws = open(&base, &room, Some(&b.cookie), None).await.unwrap();
    ws.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "pass" } })).await;
    expect(&mut ws, "hello_first").await;
    ws.send_raw(Message::Text("{not json".into())).await;
    expect(&mut ws, "bad_json").await;
    ws.send(json!({ "type": "dance" })).await;
    expect(&mut ws, "unknown_type").await;
    ws.send(json!({ "no_type": 1 })).await;
    expect(&mut ws, "missing_type").await;
    ws.send(json!({ "type": "intent", "seq": "x" })).await;
    expect(&mut ws, "bad_message").await;
    ws.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    expect(&mut ws, "binary_unsupported").await;
    ws.send(hello("player", None)).await;
    let w = ws.next_of("welcome").await;
    assert_eq!(w["seat"], "B");
    let snap = ws.next_of("snapshot").await;
    ws.send(hello("player", None)).await;
    expect(&mut ws, "already_greeted").await;
    // An intent for a decision this seat does not owe: the engine's rejection, with the rule and what is legal.
    let owner = snap["view"]["pending"]["seat"].clone();
    let mut other = if owner == "B" {
        let (w, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
        w
    } else {
        ws
    };
    other.send(json!({ "type": "intent", "seq": 7, "intent": { "type": "end_turn" } })).await;
    let r = other.next_of("rejected").await;
    assert_eq!(r["seq"], 7);
    assert_eq!(r["rejection"]["code"], "not_your_decision");
    assert!(r["rejection"]["rule"].as_str().unwrap().starts_with("CR "));
    assert_eq!(r["legal"], json!([]), "concede is left implicit (protocol 5)");
    // A spectator (or someone without a seat) submitting an intent.
    let (mut spec, _) = connect(&base, &room, None, "spectator", None).await;
    spec.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    expect(&mut spec, "not_seated").await;
    // A seat holder who said `as: spectator` watches and cannot play either.
    let (mut watching, w) = connect(&base, &room, Some(&a.cookie), "spectator", None).await;
    assert!(w["seat"].is_null());
    watching.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    expect(&mut watching, "not_seated").await;

    // Flooding past the per-connection rate limit: 1008.
    let (mut flood, _) = connect(&base, &room, None, "spectator", None).await;
    for _ in 0..200 {
        flood.send_raw(Message::Text(r#"{"type":"ping"}"#.into())).await;
    }
    assert_eq!(flood.close_code().await, Some(1008));

    // The room still works after all that.
    let info: serde_json::Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["status"], "playing");
    assert_eq!(info["version"], 0);
}

async fn lobby_rest_rules(backend: Backend) {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let a = crate::wsclient::guest_at(&base, "Ann").await;
    let anon = crate::helpers::new_client();
    let r = anon.post(app.url("/api/rooms")).json(&public_room()).send().await.unwrap();
    crate::helpers::assert_error(r, 401, "not_logged_in").await;
    let bad = json!({ "visibility": "public", "best_of": 2 });
    let r = a.client.post(app.url("/api/rooms")).json(&bad).send().await.unwrap();
    crate::helpers::assert_error(r, 422, "bad_best_of").await;
    let private = json!({ "visibility": "private", "best_of": 3, "spectator_delay": { "turns": 1 }, "clock": null, "vs_bot": false });
    let hidden = create_room(&base, &a, private).await;
    let open_room = create_room(&base, &a, public_room()).await;
    let list: serde_json::Value = app.get(&anon, "/api/rooms").await.json().await.unwrap();
    let ids: Vec<&str> = list["open"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&open_room.as_str()) && !ids.contains(&hidden.as_str()), "private rooms are not listed");
    let info: serde_json::Value = app.get(&anon, &format!("/api/rooms/{hidden}")).await.json().await.unwrap();
    assert_eq!(info["best_of"], 3, "but reachable by id");
    let r = app.get(&anon, "/api/rooms/nope").await;
    crate::helpers::assert_error(r, 404, "no_such_room").await;
    let r = a
        .client
        .post(app.url(&format!("/api/rooms/{open_room}/seats")))
        .json(&json!({ "preconstructed": "nope" }))
        .send()
        .await
        .unwrap();
    crate::helpers::assert_error(r, 404, "no_such_deck").await;
    crate::wsclient::join(&base, &a, &open_room, "storm-court").await;
    let r = a
        .client
        .post(app.url(&format!("/api/rooms/{open_room}/seats")))
        .json(&json!({ "preconstructed": "storm-court" }))
        .send()
        .await
        .unwrap();
    crate::helpers::assert_error(r, 409, "already_seated").await;
    // A saved deck that breaks CR 101 is refused with the rules' reasons.
    let deck: serde_json::Value = a
        .client
        .post(app.url("/api/decks"))
        .json(&json!({ "name": "ok", "list": crate::helpers::valid_list() }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let b = crate::wsclient::guest_at(&base, "Bob").await;
    let r = b
        .client
        .post(app.url(&format!("/api/rooms/{open_room}/seats")))
        .json(&json!({ "deck_id": deck["id"] }))
        .send()
        .await
        .unwrap();
    crate::helpers::assert_error(r, 404, "no_such_deck").await; // someone else's deck
    let r = a.client.post(app.url(&format!("/api/rooms/{open_room}/rematch"))).send().await.unwrap();
    crate::helpers::assert_error(r, 409, "game_not_over").await;
}

async fn shutdown_closes_sockets_with_1012(backend: Backend) {
    let mut app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, _]) = seated_room(&base, public_room()).await;
    let (mut player, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut spec, _) = connect(&base, &room, None, "spectator", None).await;
    // Metrics are exported while we are at it.
    let metrics = app.metrics().await;
    assert!(metrics.contains("gb_ws_connections") && metrics.contains("gb_rooms"), "{metrics}");
    app.shutdown.cancel();
    assert_eq!(player.close_code().await, Some(1012));
    assert_eq!(spec.close_code().await, Some(1012));
    let server = app.server.take().unwrap();
    tokio::time::timeout(std::time::Duration::from_secs(10), server).await.expect("server stops").unwrap().unwrap();
}

/// A viewer whose queue is full is cut off (its socket would close with 1013) and the room plays on.
async fn slow_consumer_is_dropped(backend: Backend) {
    use gb_server::protocol::Role;
    use gb_server::room::Conn;
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let handle = app.state.rooms.get(&room).unwrap();
    // Room for `welcome` and `snapshot` only, and nobody reads it.
    let (tx, _never_read) = tokio::sync::mpsc::channel(2);
    let kill = tokio_util::sync::CancellationToken::new();
    let conn = Conn {
        id: 1 << 40,
        account: None,
        role: Role::Spectator,
        last_version: None,
        game: None,
        protocol: gb_server::protocol::PROTOCOL_VERSION,
        tx,
        kill: kill.clone(),
        relay: None,
    };
    handle.connect(conn).await.unwrap();
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    crate::wsclient::advance([&mut wa, &mut wb], &mut last, &mut crate::wsclient::Lcg(1), 2).await;
    assert!(kill.is_cancelled(), "the slow viewer was cut off");
    let info: serde_json::Value = app.get(&a.client, &format!("/api/rooms/{room}")).await.json().await.unwrap();
    assert_eq!(info["spectators"], 0);
    assert_eq!(info["version"], 2, "the game went on");
}

/// Rooms nobody uses leave memory (and an unstarted one is not brought back by a restart).
async fn idle_rooms_are_evicted(backend: Backend) {
    let app = crate::helpers::spawn_app_with(backend, |s| s.room_idle_secs = 1).await;
    let base = app.address.clone();
    let a = crate::wsclient::guest_at(&base, "Ann").await;
    let idle = create_room(&base, &a, public_room()).await;
    let (busy, _) = seated_room(&base, public_room()).await;
    tokio::time::sleep(std::time::Duration::from_millis(1600)).await;
    let r = app.get(&a.client, &format!("/api/rooms/{idle}")).await;
    crate::helpers::assert_error(r, 404, "no_such_room").await;
    let r = app.get(&a.client, &format!("/api/rooms/{busy}")).await;
    assert_eq!(r.status(), 200, "a game in progress stays");
    let rows = gb_server::db::rooms::recent_rooms(&app.db).await.unwrap();
    assert!(rows.iter().all(|r| r.id != idle) && rows.iter().any(|r| r.id == busy));
}

on_both_backends!(
    idle_rooms_are_evicted,
    bad_websocket_input_gets_specific_codes,
    lobby_rest_rules,
    shutdown_closes_sockets_with_1012,
    slow_consumer_is_dropped,
);
