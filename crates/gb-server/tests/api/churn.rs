//! Connection churn: one anonymous client opening and closing sockets in a loop must not make every viewer of
//! a room receive a `room` frame per churn (the probe: 4,827 churns in 20 s, 9,571 frames per viewer). Presence
//! is announced at most once per interval (room/presence.rs), and opens are limited per address.
use crate::helpers::{Backend, assert_error, spawn_app_with};
use crate::wsclient::{Lcg, advance, connect, hello, open, public_room, seated_room};
use serde_json::Value;
use std::time::Duration;

const CHURNS: usize = 150;

/// A spectator watches while another client churns: it is told of the churn at most once in the interval
/// (an hour here, so the count does not depend on timing); before coalescing it got two frames per churn.
async fn churn_reaches_a_viewer_as_one_room_frame(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limits.presence_interval_ms = 3_600_000;
        s.limits.ws_opens_per_addr_burst = 1_000;
    })
    .await;
    let base = app.address.clone();
    let (room, [a, b]) = seated_room(&base, public_room()).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let (mut viewer, _) = connect(&base, &room, None, "spectator", None).await;
    viewer.next_of("snapshot").await;

    for _ in 0..CHURNS {
        let mut ws = open(&base, &room, None, None).await.expect("upgrade");
        ws.send(hello("spectator", None)).await;
        ws.next_of("welcome").await;
        drop(ws);
    }
    // Every churned socket has left once the lobby counts only the viewer.
    let url = format!("{base}/api/rooms/{room}");
    for _ in 0.. {
        let info: Value = app.client.get(&url).send().await.unwrap().json().await.unwrap();
        if info["spectators"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A played version is the marker: the room sends it after handling every churn before it.
    advance([&mut wa, &mut wb], &mut last, &mut Lcg(3), 1).await;
    let mut room_frames = 0;
    loop {
        let m = viewer.next().await.expect("open");
        match m["type"].as_str() {
            Some("room") => room_frames += 1,
            Some("update" | "skip") => break,
            _ => {}
        }
    }
    assert!(room_frames <= 1, "{room_frames} room frames for {CHURNS} churns");
}

/// Past the per-address burst, an upgrade is refused with 429 before it happens.
async fn websocket_opens_are_limited_per_address(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limits.ws_opens_per_addr_burst = 5;
        s.limits.ws_opens_per_addr_per_sec = 1;
    })
    .await;
    let base = app.address.clone();
    let (room, _) = seated_room(&base, public_room()).await;
    for _ in 0..5 {
        drop(open(&base, &room, None, None).await.expect("within the burst"));
    }
    match open(&base, &room, None, None).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 429),
        other => panic!("expected 429, got {:?}", other.map(|_| ())),
    }
    // The same refusal as plain HTTP, with its code and a Retry-After.
    let r = app
        .client
        .get(format!("{base}/ws/rooms/{room}"))
        .header("connection", "upgrade")
        .header("upgrade", "websocket")
        .header("sec-websocket-version", "13")
        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
        .send()
        .await
        .unwrap();
    assert!(r.headers().contains_key("retry-after"));
    assert_error(r, 429, "too_many_connects").await;
}

on_both_backends!(churn_reaches_a_viewer_as_one_room_frame, websocket_opens_are_limited_per_address);
