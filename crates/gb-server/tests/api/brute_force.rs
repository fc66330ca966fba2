//! Password guessing: attempts are limited per account and per address (429 with `Retry-After`), and unknown
//! names get a password check too, so neither the answer nor its cost tells them from known ones.
use crate::helpers::{Backend, TestApp, assert_error, new_client, spawn_app_with};
use serde_json::json;

on_both_backends!(login_attempts_are_limited, unknown_names_are_checked_like_known_ones);

async fn login(app: &TestApp, client: &reqwest::Client, username: &str, password: &str) -> reqwest::Response {
    app.post(client, "/api/login", &json!({ "username": username, "password": password })).await
}

/// A client whose connections come from another loopback address.
fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder().local_address(std::net::IpAddr::from(ip)).build().unwrap()
}

async fn login_attempts_are_limited(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        (s.limits.login_account_burst, s.limits.login_account_refill_secs) = (3, 600);
        (s.limits.login_addr_burst, s.limits.login_addr_refill_secs) = (6, 600);
    })
    .await;
    for name in ["alice", "bob"] {
        let r =
            app.post(&new_client(), "/api/register", &json!({ "username": name, "password": "correct horse" })).await;
        assert_eq!(r.status(), 201);
    }
    let c = new_client();
    for _ in 0..3 {
        assert_error(login(&app, &c, "alice", "wrong guess").await, 401, "invalid_credentials").await;
    }
    // The fourth attempt at the account is refused before any password is checked, the right one included.
    let r = login(&app, &c, "Alice", "correct horse").await;
    let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=600).contains(&wait), "Retry-After {wait}");
    let body = assert_error(r, 429, "too_many_attempts").await;
    assert!(body["error"]["message"].as_str().unwrap().contains("for this account"), "{body}");
    // The address has made 4 of its 6 attempts: two more at another account, then it is refused too.
    assert_error(login(&app, &c, "bob", "wrong guess").await, 401, "invalid_credentials").await;
    assert_error(login(&app, &c, "bob", "wrong guess").await, 401, "invalid_credentials").await;
    let body = assert_error(login(&app, &c, "bob", "correct horse").await, 429, "too_many_attempts").await;
    assert!(body["error"]["message"].as_str().unwrap().contains("from this address"), "{body}");
    // Bob, from his own address, still has one attempt at his account.
    let r = login(&app, &client_from([127, 0, 0, 2]), "bob", "correct horse").await;
    assert_eq!(r.status(), 200);
    assert_error(login(&app, &client_from([127, 0, 0, 2]), "alice", "correct horse").await, 429, "too_many_attempts")
        .await;
}

/// The answer is the same 401, and the server hashes a password for the unknown name as it does for a known one
/// (the code path is checked through its counter; the time is not measured).
async fn unknown_names_are_checked_like_known_ones(backend: Backend) {
    let app = spawn_app_with(backend, |_| {}).await;
    let r =
        app.post(&new_client(), "/api/register", &json!({ "username": "carol", "password": "correct horse" })).await;
    assert_eq!(r.status(), 201);
    let checks = |text: &str, account: &str| -> f64 {
        let key = format!("login_password_checks_total{{account=\"{account}\"}} ");
        text.lines().find_map(|l| l.strip_prefix(&key)?.trim().parse().ok()).unwrap_or(0.0)
    };
    let before = app.metrics().await;
    let c = new_client();
    assert_error(login(&app, &c, "nobody-here", "correct horse").await, 401, "invalid_credentials").await;
    assert_error(login(&app, &c, "carol", "wrong guess").await, 401, "invalid_credentials").await;
    let after = app.metrics().await;
    assert!(checks(&after, "unknown") > checks(&before, "unknown"), "no password check for an unknown name");
    assert!(checks(&after, "known") > checks(&before, "known"));
}
