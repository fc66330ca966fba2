//! The spectator delay across a rebuild: the spectators' head is recomputed from the stored intents' times
//! (the delay rule applied to them), never from the reconnect history window, so a rebuilt room neither
//! shows spectators what the delay still hides nor takes back a version they have already seen.
use crate::helpers::{Backend, TestApp, spawn_app_with};
use crate::wsclient::{Lcg, Ws, advance, connect, next_version, seated_room};
use serde_json::{Value, json};
use std::time::Duration;

/// A room whose history window (4) is shorter than the versions played (10), so a head taken from the
/// window's start would be version 6.
async fn delayed_room(backend: Backend, delay: Value) -> (TestApp, String, [Ws; 3]) {
    let app = spawn_app_with(backend, |s| s.stream_history = 4).await;
    let base = app.address.clone();
    let body =
        json!({ "visibility": "public", "best_of": 1, "spectator_delay": delay, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let (spec, _) = connect(&base, &room, None, "spectator", None).await;
    let (mut wa, _) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    assert_eq!(advance([&mut wa, &mut wb], &mut last, &mut Lcg(11), 10).await, 10);
    (app, room, [wa, wb, spec])
}

async fn crash(app: &TestApp, room: &str, sockets: &mut [Ws; 3]) {
    app.state.rooms.get(room).unwrap().crash().await.unwrap();
    for ws in sockets.iter_mut() {
        assert_eq!(ws.close_code().await, Some(1012));
    }
}

async fn public_version(app: &TestApp, room: &str) -> Value {
    let info: Value =
        app.client.get(format!("{}/api/rooms/{room}", app.address)).send().await.unwrap().json().await.unwrap();
    info["version"].clone()
}

/// Under a one-hour delay nothing has been shown yet; after the rebuild still nothing is (before the fix the
/// head jumped to version 6, the start of the history window).
async fn an_hour_delay_still_hides_everything_after_a_rebuild(backend: Backend) {
    let (app, room, mut sockets) = delayed_room(backend, json!({ "seconds": 3600 })).await;
    assert_eq!(public_version(&app, &room).await, 0);
    crash(&app, &room, &mut sockets).await;
    let (mut spec, welcome) = connect(&app.address, &room, None, "spectator", None).await;
    assert_eq!(welcome["version"], 0, "{welcome}");
    assert_eq!(spec.next_of("snapshot").await["v"], 0);
    assert_eq!(public_version(&app, &room).await, 0);
    let match_id = welcome["room"]["games"][0]["match_id"].as_str().unwrap().to_owned();
    let replay: Value = app
        .client
        .get(format!("{}/api/matches/{match_id}/replay", app.address))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(replay["steps"].as_array().unwrap().len(), 1, "only version 0 is public: {replay}");
}

/// With a one-second delay a spectator has seen version 10; after the rebuild it is still at version 10 and is
/// sent nothing older (before the fix it got a snapshot of version 6).
async fn a_spectator_never_goes_back_after_a_rebuild(backend: Backend) {
    let (app, room, mut sockets) = delayed_room(backend, json!({ "seconds": 1 })).await;
    let spec = &mut sockets[2];
    let mut seen = 0;
    while seen < 10 {
        seen = next_version(spec).await["v"].as_u64().unwrap();
    }
    assert_eq!(public_version(&app, &room).await, 10, "the listing follows what spectators are shown");
    crash(&app, &room, &mut sockets).await;
    let (mut spec, welcome) = connect(&app.address, &room, None, "spectator", Some(10)).await;
    assert_eq!(welcome["version"], 10, "{welcome}");
    assert_eq!(public_version(&app, &room).await, 10);
    while let Ok(Some(m)) = spec.next_within(Duration::from_millis(300)).await {
        assert!(!["snapshot", "update", "skip"].contains(&m["type"].as_str().unwrap()), "nothing older is sent: {m}");
    }
}

on_both_backends!(an_hour_delay_still_hides_everything_after_a_rebuild, a_spectator_never_goes_back_after_a_rebuild);
