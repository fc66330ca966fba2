//! WebSocket hello and idle timeouts: an upgraded socket that never says hello, or that goes silent, is closed
//! with its own close code; a quiet viewer that pings stays connected.
use crate::helpers::{Backend, TestApp, spawn_app_with};
use crate::wsclient::{connect, open, public_room, seated_room};
use serde_json::json;
use std::time::{Duration, Instant};

async fn app(backend: Backend) -> (TestApp, String) {
    let app = spawn_app_with(backend, |s| {
        s.limits.ws_hello_timeout_secs = 1;
        s.limits.ws_idle_timeout_secs = 2;
    })
    .await;
    let (room, _) = seated_room(&app.address, public_room()).await;
    (app, room)
}

async fn a_socket_without_hello_is_closed(backend: Backend) {
    let (app, room) = app(backend).await;
    let started = Instant::now();
    let mut ws = open(&app.address, &room, None, None).await.expect("upgrade");
    assert_eq!(ws.close_code().await, Some(4001));
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(900) && took < Duration::from_secs(5), "{took:?}");
}

async fn a_silent_socket_is_closed_and_a_pinging_one_is_not(backend: Backend) {
    let (app, room) = app(backend).await;
    let (mut quiet, _) = connect(&app.address, &room, None, "spectator", None).await;
    let (mut pinging, _) = connect(&app.address, &room, None, "spectator", None).await;
    let started = Instant::now();
    // Pings every 0.7 s for 3.5 s, well past the 2 s idle limit: each is answered and keeps the socket open.
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_millis(700)).await;
        pinging.send(json!({ "type": "ping" })).await;
        assert_eq!(pinging.next_of("pong").await["type"], "pong");
    }
    assert_eq!(quiet.close_code().await, Some(4002), "silent past the idle limit");
    assert!(started.elapsed() < Duration::from_secs(5));
    // Now it goes silent too.
    assert_eq!(pinging.close_code().await, Some(4002));
}

on_both_backends!(a_socket_without_hello_is_closed, a_silent_socket_is_closed_and_a_pinging_one_is_not);
