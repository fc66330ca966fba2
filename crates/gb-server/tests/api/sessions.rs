//! Sessions (issue 45): a new session id on every change of who the caller is (a guest registering, a login),
//! log out everywhere, and a per-account login limit that a stranger cannot turn into a lockout of the owner.
use crate::helpers::{Backend, TestApp, assert_error, spawn_app_with};
use crate::signups::client_from;
use reqwest::header::{COOKIE, SET_COOKIE};
use serde_json::{Value, json};

on_both_backends!(
    a_change_of_identity_gets_a_new_session,
    logout_can_end_every_session,
    a_stranger_cannot_lock_out_the_owner,
    the_session_says_who_without_a_401
);

/// The `gb_session` token a response sets.
fn session_set(r: &reqwest::Response) -> Option<String> {
    r.headers().get_all(SET_COOKIE).iter().filter_map(|v| v.to_str().ok()).find_map(|v| {
        let token = v.strip_prefix("gb_session=")?.split(';').next()?;
        (!token.is_empty()).then(|| token.to_owned())
    })
}

/// A request carrying `token` as its session, whatever the client's jar holds.
async fn me_with(app: &TestApp, token: &str) -> u16 {
    let r = reqwest::Client::new().get(app.url("/api/me")).header(COOKIE, format!("gb_session={token}"));
    r.send().await.unwrap().status().as_u16()
}

async fn a_change_of_identity_gets_a_new_session(backend: Backend) {
    let app = spawn_app_with(backend, |_| {}).await;
    let browser = client_from([127, 0, 0, 1]);
    let r = app.post(&browser, "/api/guest", &json!({ "display_name": "Gus" })).await;
    let guest_token = session_set(&r).expect("a guest session");
    let r = app.post(&browser, "/api/register", &json!({ "username": "gus", "password": "correct horse" })).await;
    assert_eq!(r.status(), 200);
    let registered = session_set(&r).expect("registering sets a new session");
    assert_ne!(registered, guest_token);
    // The guest's id, which anyone who saw it before the upgrade may hold, no longer opens the account.
    assert_eq!(me_with(&app, &guest_token).await, 401);
    assert_eq!(me_with(&app, &registered).await, 200);
    let me: Value = app.get(&browser, "/api/me").await.json().await.unwrap();
    assert_eq!(me["username"], "gus");

    // A login, over whatever session the browser had, replaces it too.
    let r = app.post(&browser, "/api/login", &json!({ "username": "gus", "password": "correct horse" })).await;
    assert_eq!(r.status(), 200);
    let logged_in = session_set(&r).expect("a login sets a session");
    assert_ne!(logged_in, registered);
    assert_eq!(me_with(&app, &registered).await, 401);
    assert_eq!(me_with(&app, &logged_in).await, 200);
}

/// `GET /api/session` answers 200 signed in or not (issue 43: no failed request on a signed-out page), and
/// `account` goes from null to the guest and back to null after a log out.
async fn the_session_says_who_without_a_401(backend: Backend) {
    let app = spawn_app_with(backend, |_| {}).await;
    let browser = client_from([127, 0, 0, 1]);
    let r = app.get(&browser, "/api/session").await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap(), json!({ "account": null }));
    app.guest(&browser, "Gus").await;
    let r = app.get(&browser, "/api/session").await;
    assert_eq!(r.status(), 200);
    let who: Value = r.json().await.unwrap();
    assert_eq!(who["account"]["display_name"], "Gus");
    assert_eq!(who["account"], app.get(&browser, "/api/me").await.json::<Value>().await.unwrap());
    assert_eq!(app.post(&browser, "/api/logout", &json!({})).await.status(), 204);
    let r = app.get(&browser, "/api/session").await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap(), json!({ "account": null }));
    // An unknown session token is signed out too, not an error.
    let stale = reqwest::Client::new().get(app.url("/api/session")).header(COOKIE, "gb_session=not-a-session");
    let r = stale.send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap(), json!({ "account": null }));
}

async fn logout_can_end_every_session(backend: Backend) {
    let app = spawn_app_with(backend, |_| {}).await;
    let creds = json!({ "username": "ann", "password": "correct horse" });
    let (laptop, phone, tablet) =
        (client_from([127, 0, 0, 1]), client_from([127, 0, 0, 2]), client_from([127, 0, 0, 3]));
    assert_eq!(app.post(&laptop, "/api/register", &creds).await.status(), 201);
    assert_eq!(app.post(&phone, "/api/login", &creds).await.status(), 200);
    assert_eq!(app.post(&tablet, "/api/login", &creds).await.status(), 200);
    let other = client_from([127, 0, 0, 4]);
    app.guest(&other, "Bystander").await;
    // A plain log out ends only the tablet's session.
    assert_eq!(app.post(&tablet, "/api/logout", &json!({})).await.status(), 204);
    assert_eq!(app.get(&tablet, "/api/me").await.status(), 401);
    assert_eq!(app.get(&laptop, "/api/me").await.status(), 200);
    // Log out everywhere from the phone ends the laptop's too, and nobody else's.
    let r = app.post(&phone, "/api/logout?all=true", &json!({})).await;
    assert_eq!(r.status(), 204);
    assert!(r.headers()[SET_COOKIE].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(app.get(&phone, "/api/me").await.status(), 401);
    assert_eq!(app.get(&laptop, "/api/me").await.status(), 401);
    assert_eq!(app.get(&other, "/api/me").await.status(), 200);
}

/// The probe's lockout: one wrong attempt per refill period from a stranger kept the owner's right password
/// answered 429. Now only strangers' failures count against the account, and a known address or device passes.
async fn a_stranger_cannot_lock_out_the_owner(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        (s.limits.login_account_burst, s.limits.login_account_refill_secs) = (2, 30);
    })
    .await;
    let creds = json!({ "username": "owner", "password": "correct horse" });
    let wrong = json!({ "username": "owner", "password": "a wrong guess" });
    let home = client_from([127, 0, 0, 2]);
    assert_eq!(app.post(&home, "/api/register", &creds).await.status(), 201);
    // The owner's logins spend nothing.
    for _ in 0..3 {
        assert_eq!(app.post(&home, "/api/login", &creds).await.status(), 200);
    }
    let attacker = client_from([127, 0, 0, 1]);
    for _ in 0..2 {
        assert_error(app.post(&attacker, "/api/login", &wrong).await, 401, "invalid_credentials").await;
    }
    let body = assert_error(app.post(&attacker, "/api/login", &wrong).await, 429, "too_many_attempts").await;
    assert!(body["error"]["message"].as_str().unwrap().contains("for this account"), "{body}");
    // A stranger holding the right password is held too, until the budget refills.
    assert_error(app.post(&client_from([127, 0, 0, 4]), "/api/login", &creds).await, 429, "too_many_attempts").await;
    // The owner, from the address they logged in from before, is let in.
    assert_eq!(app.post(&home, "/api/login", &creds).await.status(), 200);
    // And from a new address with the browser (the `gb_device` cookie) that logged in before.
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    let device_at = |ip: [u8; 4]| {
        let b = reqwest::Client::builder().local_address(std::net::IpAddr::from(ip));
        b.cookie_provider(jar.clone()).build().unwrap()
    };
    assert_eq!(app.post(&device_at([127, 0, 0, 2]), "/api/login", &creds).await.status(), 200);
    assert_eq!(app.post(&device_at([127, 0, 0, 5]), "/api/login", &creds).await.status(), 200);
}
