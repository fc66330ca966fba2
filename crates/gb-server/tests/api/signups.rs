//! Sign-up floods (issue 45): `POST /api/register` and `POST /api/guest` are limited per address, a taken
//! username's 409 counts too (names cannot be probed at speed), and password hashing runs on a bounded pool that
//! answers `503 busy` at once when full rather than taking the games' cores.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app_with};
use serde_json::json;

on_both_backends!(signups_are_limited_per_address, guests_are_limited_per_address, hashing_is_bounded);

/// A client whose connections come from another loopback address.
pub(crate) fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder().local_address(std::net::IpAddr::from(ip)).cookie_store(true).build().unwrap()
}

async fn register(app: &TestApp, client: &reqwest::Client, username: &str) -> reqwest::Response {
    app.post(client, "/api/register", &json!({ "username": username, "password": "correct horse" })).await
}

async fn signups_are_limited_per_address(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        (s.limits.register_addr_burst, s.limits.register_addr_refill_secs) = (3, 600);
    })
    .await;
    let here = [127, 0, 0, 1];
    assert_eq!(register(&app, &client_from(here), "ann").await.status(), 201);
    // Probing a taken name counts like a sign-up.
    assert_error(register(&app, &client_from(here), "ann").await, 409, "username_taken").await;
    assert_eq!(register(&app, &client_from(here), "bob").await.status(), 201);
    let r = register(&app, &client_from(here), "ann").await;
    let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=600).contains(&wait), "Retry-After {wait}");
    let body = assert_error(r, 429, "too_many_signups").await;
    assert!(body["error"]["message"].as_str().unwrap().contains("from this address"), "{body}");
    assert_error(register(&app, &client_from(here), "carol").await, 429, "too_many_signups").await;
    // Nothing was made by the refused calls; another address signs up as usual.
    let carol = json!({ "username": "carol", "password": "correct horse" });
    assert_error(app.post(&client_from(here), "/api/login", &carol).await, 401, "invalid_credentials").await;
    assert_eq!(register(&app, &client_from([127, 0, 0, 2]), "carol").await.status(), 201);
}

async fn guests_are_limited_per_address(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        (s.limits.guest_addr_burst, s.limits.guest_addr_refill_secs) = (2, 600);
    })
    .await;
    let guest = |c: reqwest::Client| {
        let app = &app;
        async move { app.post(&c, "/api/guest", &json!({ "display_name": "Sam" })).await }
    };
    for _ in 0..2 {
        assert_eq!(guest(client_from([127, 0, 0, 1])).await.status(), 201);
    }
    // A third guest from the address would be a third set of open-room and event quotas.
    assert_error(guest(client_from([127, 0, 0, 1])).await, 429, "too_many_signups").await;
    assert_eq!(guest(client_from([127, 0, 0, 2])).await.status(), 201);
}

/// One hashing worker and no queue: of many sign-ups at once (from many addresses, so the per-address limit is
/// not what stops them) some are answered `503 busy` at once, the others made; none waits in an unbounded queue.
async fn hashing_is_bounded(backend: Backend) {
    let app = spawn_app_with(backend, |s| (s.limits.hash_workers, s.limits.hash_queue) = (1, 0)).await;
    let calls = (0..12u8).map(|i| {
        let app = &app;
        async move {
            let started = std::time::Instant::now();
            let r = register(app, &client_from([127, 0, 1, i + 1]), &format!("player{i}")).await;
            (r.status().as_u16(), r.headers().get("retry-after").is_some(), started.elapsed())
        }
    });
    let answers = futures_util::future::join_all(calls).await;
    let made = answers.iter().filter(|a| a.0 == 201).count();
    let busy: Vec<_> = answers.iter().filter(|a| a.0 == 503).collect();
    assert!(made >= 1 && !busy.is_empty(), "{answers:?}");
    assert_eq!(made + busy.len(), answers.len(), "{answers:?}");
    assert!(busy.iter().all(|b| b.1), "a 503 says when to retry: {answers:?}");
}
