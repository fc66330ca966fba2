//! Accounts: guests, registration (and guest upgrade), login, logout, name validation.
use crate::helpers::{Backend, assert_error, new_client, spawn_app};
use serde_json::{Value, json};

on_both_backends!(
    guest_gets_cookie_and_me,
    register_login_logout,
    guest_upgrades_in_place,
    wrong_password_and_taken_username,
    bad_names_are_refused
);

async fn guest_gets_cookie_and_me(backend: Backend) {
    let app = spawn_app(backend).await;
    let r = app.post(&app.client, "/api/guest", &json!({ "display_name": "  Ann  " })).await;
    assert_eq!(r.status(), 201);
    let cookie = r.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("gb_session="), "{cookie}");
    for attr in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(attr), "missing {attr}: {cookie}");
    }
    let created: Value = r.json().await.unwrap();
    assert_eq!(created["display_name"], "Ann");
    assert_eq!(created["guest"], true);

    let me: Value = app.get(&app.client, "/api/me").await.json().await.unwrap();
    assert_eq!(me, created);

    // Only the hash is stored: the raw token appears nowhere in the sessions table.
    let token = cookie.split(';').next().unwrap().trim_start_matches("gb_session=");
    let stored = gb_server::db::sessions::account_for(&app.db, token).await.unwrap();
    assert!(stored.is_none());
    let by_hash =
        gb_server::db::sessions::account_for(&app.db, &gb_server::api::session::hash_token(token)).await.unwrap();
    assert_eq!(by_hash.unwrap().id, created["id"]);

    // A stranger (no cookie) is not logged in.
    assert_error(app.get(&new_client(), "/api/me").await, 401, "not_logged_in").await;
}

async fn register_login_logout(backend: Backend) {
    let app = spawn_app(backend).await;
    let creds = json!({ "username": "Alice", "password": "correct horse", "display_name": "Alice A." });
    let r = app.post(&app.client, "/api/register", &creds).await;
    assert_eq!(r.status(), 201);
    let acct: Value = r.json().await.unwrap();
    assert_eq!((acct["username"].as_str(), acct["guest"].as_bool()), (Some("Alice"), Some(false)));

    let r = app.post(&app.client, "/api/logout", &json!({})).await;
    assert_eq!(r.status(), 204);
    assert!(r.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"));
    assert_error(app.get(&app.client, "/api/me").await, 401, "not_logged_in").await;

    // Login is case-insensitive on the username and gives the same account back.
    let r = app.post(&app.client, "/api/login", &json!({ "username": "alice", "password": "correct horse" })).await;
    assert_eq!(r.status(), 200);
    let me: Value = app.get(&app.client, "/api/me").await.json().await.unwrap();
    assert_eq!(me["id"], acct["id"]);
    assert_eq!(me["display_name"], "Alice A.");

    // Two browsers, two sessions: logging one out leaves the other alive.
    let other = new_client();
    assert_eq!(
        app.post(&other, "/api/login", &json!({ "username": "Alice", "password": "correct horse" })).await.status(),
        200
    );
    app.post(&app.client, "/api/logout", &json!({})).await;
    assert_eq!(app.get(&other, "/api/me").await.status(), 200);
}

async fn guest_upgrades_in_place(backend: Backend) {
    let app = spawn_app(backend).await;
    let guest = app.guest(&app.client, "Gus").await;
    let r = app.post(&app.client, "/api/register", &json!({ "username": "gus", "password": "hunter2hunter2" })).await;
    assert_eq!(r.status(), 200, "an upgrade keeps the account: 200, not 201");
    let upgraded: Value = r.json().await.unwrap();
    assert_eq!(upgraded["id"], guest["id"]);
    assert_eq!(upgraded["display_name"], "Gus");
    assert_eq!(upgraded["guest"], false);

    // Registering again on a registered session is refused.
    let again =
        app.post(&app.client, "/api/register", &json!({ "username": "gus2", "password": "hunter2hunter2" })).await;
    assert_error(again, 409, "already_registered").await;

    // The upgraded account can log in from elsewhere.
    let other = new_client();
    let r = app.post(&other, "/api/login", &json!({ "username": "gus", "password": "hunter2hunter2" })).await;
    assert_eq!(r.json::<Value>().await.unwrap()["id"], guest["id"]);
}

async fn wrong_password_and_taken_username(backend: Backend) {
    let app = spawn_app(backend).await;
    app.post(&app.client, "/api/register", &json!({ "username": "bob", "password": "password1" })).await;
    let c = new_client();
    let wrong = app.post(&c, "/api/login", &json!({ "username": "bob", "password": "password2" })).await;
    assert_error(wrong, 401, "invalid_credentials").await;
    let unknown = app.post(&c, "/api/login", &json!({ "username": "nobody", "password": "password1" })).await;
    assert_error(unknown, 401, "invalid_credentials").await;
    assert_error(app.get(&c, "/api/me").await, 401, "not_logged_in").await;

    let taken = app.post(&c, "/api/register", &json!({ "username": "BOB", "password": "password9" })).await;
    assert_error(taken, 409, "username_taken").await;
    // A guest trying to take the name keeps being a guest.
    app.guest(&c, "Guest").await;
    let taken = app.post(&c, "/api/register", &json!({ "username": "bob", "password": "password9" })).await;
    assert_error(taken, 409, "username_taken").await;
    assert_eq!(app.get(&c, "/api/me").await.json::<Value>().await.unwrap()["guest"], true);
}

async fn bad_names_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = &app.client;
    for (name, code) in [
        ("", "display_name_empty"),
        ("   ", "display_name_empty"),
        (&"x".repeat(25), "display_name_too_long"),
        ("bad\nname", "display_name_invalid"),
    ] {
        assert_error(app.post(c, "/api/guest", &json!({ "display_name": name })).await, 422, code).await;
    }
    let reg = |u: &str, p: &str| json!({ "username": u, "password": p, "display_name": "Ok" });
    assert_error(app.post(c, "/api/register", &reg("", "password1")).await, 422, "username_empty").await;
    assert_error(app.post(c, "/api/register", &reg("two words", "password1")).await, 422, "username_invalid").await;
    assert_error(app.post(c, "/api/register", &reg(&"u".repeat(25), "password1")).await, 422, "username_too_long")
        .await;
    assert_error(app.post(c, "/api/register", &reg("fine", "short")).await, 422, "password_too_short").await;
    // Malformed JSON comes back in the same error format.
    let r =
        c.post(app.url("/api/guest")).header("content-type", "application/json").body("{nope").send().await.unwrap();
    assert_error(r, 400, "bad_json").await;
    let r = c.post(app.url("/api/guest")).json(&json!({ "name": "x" })).send().await.unwrap();
    assert_error(r, 422, "bad_json").await;
    // Nothing was created along the way.
    assert_error(app.get(c, "/api/me").await, 401, "not_logged_in").await;
}
