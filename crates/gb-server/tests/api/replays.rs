//! The public replay: computed once per version however many ask (the probe's 16 anonymous clients recomputing
//! it slowed a live match twentyfold), and under the spectator delay even when the live room is not in memory.
use crate::helpers::{Backend, TestApp, spawn_app_with};
use crate::wsclient::{Lcg, advance, connect, seated_room};
use serde_json::{Value, json};

async fn replay(app: &TestApp, match_id: &str) -> Value {
    let r = app.client.get(format!("{}/api/matches/{match_id}/replay", app.address)).send().await.unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

/// A live match played to `versions` under `delay`; returns the app, the room and the match id.
async fn live_match(backend: Backend, delay: Value, versions: u32) -> (TestApp, String, String) {
    live_match_with(backend, delay, versions, |_| {}).await
}

async fn live_match_with(
    backend: Backend,
    delay: Value,
    versions: u32,
    configure: impl FnOnce(&mut gb_server::Settings),
) -> (TestApp, String, String) {
    let app = spawn_app_with(backend, configure).await;
    let base = app.address.clone();
    let body =
        json!({ "visibility": "public", "best_of": 1, "spectator_delay": delay, "clock": null, "vs_bot": false });
    let (room, [a, b]) = seated_room(&base, body).await;
    let (mut wa, welcome) = connect(&base, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&base, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    assert_eq!(advance([&mut wa, &mut wb], &mut last, &mut Lcg(5), versions).await, versions);
    let match_id = welcome["room"]["games"][0]["match_id"].as_str().unwrap().to_owned();
    (app, room, match_id)
}

/// Two requests at once at one version compute it once; a new version is computed again.
async fn the_public_replay_is_computed_once_per_version(backend: Backend) {
    let (app, _room, match_id) = live_match(backend, Value::Null, 4).await;
    let before = app.state.replays.computed();
    let (r1, r2) = tokio::join!(replay(&app, &match_id), replay(&app, &match_id));
    assert_eq!(r1, r2);
    assert_eq!(r1["steps"].as_array().unwrap().len(), 5, "versions 0 to 4");
    assert_eq!(app.state.replays.computed() - before, 1, "one computation for both requests");
    replay(&app, &match_id).await;
    assert_eq!(app.state.replays.computed() - before, 1, "a later request at the same version is served cached");
}

/// A live match under a one-hour delay whose room is not in memory: its public replay still shows only what
/// spectators have been shown (version 0). Before, with no room to ask, it showed every version.
async fn a_live_replay_without_its_room_keeps_the_delay(backend: Backend) {
    let (app, room, match_id) = live_match(backend, json!({ "seconds": 3600 }), 6).await;
    assert_eq!(replay(&app, &match_id).await["steps"].as_array().unwrap().len(), 1, "the live room's head");
    app.state.rooms.remove(&room);
    let r = replay(&app, &match_id).await;
    assert_eq!(r["finished"], false);
    let versions: Vec<&Value> = r["steps"].as_array().unwrap().iter().map(|s| &s["v"]).collect();
    assert_eq!(versions, [&json!(0)], "only version 0 is public: {r}");
}

/// Without a delay the same room-less replay shows every version: the stored-times rule hides only what the
/// delay hides.
async fn a_live_replay_without_its_room_and_without_delay_shows_all(backend: Backend) {
    let (app, room, match_id) = live_match(backend, Value::Null, 3).await;
    app.state.rooms.remove(&room);
    assert_eq!(replay(&app, &match_id).await["steps"].as_array().unwrap().len(), 4);
}

on_both_backends!(
    replays_are_compressed_and_limited_per_address,
    the_public_replay_is_computed_once_per_version,
    a_live_replay_without_its_room_keeps_the_delay,
    a_live_replay_without_its_room_and_without_delay_shows_all
);

/// The probe read an 8.1 MB public replay per request, uncompressed and unlimited (issue 45). A client that
/// accepts gzip or brotli gets it compressed, and an address gets a burst of replays, then 429.
async fn replays_are_compressed_and_limited_per_address(backend: Backend) {
    let (app, _room, match_id) = live_match_with(backend, Value::Null, 12, |s| {
        (s.limits.replay_addr_burst, s.limits.replay_addr_refill_ms) = (3, 600_000);
    })
    .await;
    let url = format!("{}/api/matches/{match_id}/replay", app.address);
    let fetch = |encoding: &'static str| {
        let url = url.clone();
        async move {
            let r = reqwest::Client::new().get(url).header("accept-encoding", encoding).send().await.unwrap();
            let status = r.status().as_u16();
            let used = r.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
            (status, used, r.bytes().await.unwrap().len())
        }
    };
    let (status, used, plain) = fetch("identity").await;
    assert_eq!((status, used), (200, None));
    for encoding in ["gzip", "br"] {
        let (status, used, size) = fetch(encoding).await;
        assert_eq!((status, used.as_deref()), (200, Some(encoding)));
        assert!(size * 4 < plain, "{encoding}: {size} bytes of {plain}");
    }
    let r = reqwest::Client::new().get(&url).send().await.unwrap();
    assert!(r.headers().contains_key("retry-after"));
    crate::helpers::assert_error(r, 429, "too_many_replays").await;
    let elsewhere = crate::signups::client_from([127, 0, 0, 2]);
    assert_eq!(elsewhere.get(&url).send().await.unwrap().status(), 200, "another address is not affected");
}
