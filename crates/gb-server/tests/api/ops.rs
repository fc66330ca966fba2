//! Ops and plumbing: health, metrics, graceful shutdown, static files, origin check, body limit.
use crate::helpers::{Backend, assert_error, spawn_app, spawn_app_with};
use serde_json::{Value, json};
use std::time::Duration;

on_both_backends!(
    healthz_checks_db,
    metrics_count_requests,
    graceful_shutdown_ends_server,
    origin_and_size_limits,
    match_log_is_append_only
);

async fn healthz_checks_db(backend: Backend) {
    let app = spawn_app(backend).await;
    let r = app.get(&app.client, "/healthz").await;
    assert_eq!(r.status(), 200);
    let body: Value = r.json().await.unwrap();
    let db = if app.backend == Backend::Sqlite { "sqlite" } else { "postgres" };
    // A single node has no bus: `nats` says so without failing the check (#15).
    assert_eq!(body, json!({ "status": "ok", "db": db, "nats": "off" }));
    // With the pool closed the check fails instead of lying.
    app.db.close().await;
    assert_eq!(app.get(&app.client, "/healthz").await.status(), 503);
}

async fn metrics_count_requests(backend: Backend) {
    let app = spawn_app(backend).await;
    app.get(&app.client, "/healthz").await;
    app.guest(&app.client, "Metric").await;
    let text = app.metrics().await;
    // Route templates, not raw paths, label the counter.
    assert!(text.contains("http_requests_total{method=\"GET\",path=\"/healthz\",status=\"200\"}"), "{text}");
    assert!(text.contains("http_requests_total{method=\"POST\",path=\"/api/guest\",status=\"201\"}"), "{text}");
    assert!(text.contains("accounts_created_total{kind=\"guest\"}"), "{text}");
    assert!(text.contains("http_request_duration_seconds"), "{text}");
    // The public listener does not serve them: live intent counts would undo the spectator delay.
    assert_eq!(app.get(&app.client, "/metrics").await.status(), 404);
}

async fn graceful_shutdown_ends_server(backend: Backend) {
    let mut app = spawn_app(backend).await;
    assert_eq!(app.get(&app.client, "/healthz").await.status(), 200);
    // A tracked task that honours the token and needs a moment to wrap up, as WebSocket loops will.
    let finished = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (token, flag) = (app.shutdown.clone(), finished.clone());
    app.tracker.spawn(async move {
        token.cancelled().await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        flag.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    let server = app.server.take().unwrap();
    app.shutdown.cancel();
    let result = tokio::time::timeout(Duration::from_secs(10), server).await;
    let result = result.expect("server stops within 10 s of cancel").expect("server task did not panic");
    result.expect("server returned Ok");
    assert!(finished.load(std::sync::atomic::Ordering::SeqCst), "shutdown waited for the tracked task");
    let refused = tokio::net::TcpStream::connect(("127.0.0.1", app.port)).await;
    assert!(refused.is_err(), "listener is closed after shutdown");
}

async fn origin_and_size_limits(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.allowed_origins = vec!["https://play.example".into()]).await;
    let c = &app.client;
    let body = json!({ "display_name": "Cross" });
    let foreign =
        c.post(app.url("/api/guest")).header("origin", "https://evil.example").json(&body).send().await.unwrap();
    assert_error(foreign, 403, "bad_origin").await;
    let listed =
        c.post(app.url("/api/guest")).header("origin", "https://play.example").json(&body).send().await.unwrap();
    assert_eq!(listed.status(), 201);
    let same = c.post(app.url("/api/guest")).header("origin", app.address.as_str()).json(&body).send().await.unwrap();
    assert_eq!(same.status(), 201);

    let huge = json!({ "display_name": "x".repeat(100 * 1024) });
    assert_error(app.post(c, "/api/guest", &huge).await, 413, "body_too_large").await;
    assert_error(app.get(c, "/api/nope").await, 404, "no_such_endpoint").await;
}

/// The match tables exist and the intent log refuses a second entry for the same version.
async fn match_log_is_append_only(backend: Backend) {
    use gb_server::db::status::MatchStatus;
    use gb_server::db::{is_unique_violation, matches};
    use gb_server::protocol::GameEndReason;
    use gb_server::seed::{StoredResult, StoredSetup};
    let app = spawn_app(backend).await;
    let m =
        matches::insert_match(&app.db, "room-1", "abc123", StoredSetup::undealt(), MatchStatus::Playing).await.unwrap();
    matches::append_intent(&app.db, &m.id, 1, 0, r#"{"type":"pass"}"#).await.unwrap();
    matches::append_intent(&app.db, &m.id, 2, 1, r#"{"type":"pass"}"#).await.unwrap();
    let dup = matches::append_intent(&app.db, &m.id, 2, 0, "{}").await.unwrap_err();
    assert!(is_unique_violation(&dup), "{dup}");
    let log = matches::intents_since(&app.db, &m.id, 1).await.unwrap();
    assert_eq!(log.iter().map(|i| (i.version, i.seat)).collect::<Vec<_>>(), vec![(2, 1)]);
    let won = StoredResult { winner: Some(gb_core::Seat::A), reason: GameEndReason::Concession, places: None };
    matches::finish_match(&app.db, &m.id, MatchStatus::Finished, &won).await.unwrap();
    let done = matches::find_match(&app.db, &m.id).await.unwrap().unwrap();
    assert_eq!((done.status.as_str(), done.result), ("finished", Some(won)));
}

#[tokio::test]
async fn static_client_with_spa_fallback() {
    let dir = std::env::temp_dir().join(format!("gbstatic-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<html>gb</html>").unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log(1)").unwrap();
    let d = dir.clone();
    let app = spawn_app_with(Backend::Sqlite, move |s| s.static_dir = d).await;
    let c = &app.client;
    assert_eq!(app.get(c, "/").await.text().await.unwrap(), "<html>gb</html>");
    assert_eq!(app.get(c, "/assets/app.js").await.text().await.unwrap(), "console.log(1)");
    let deep = app.get(c, "/decks/123").await;
    assert_eq!(deep.status(), 200);
    assert_eq!(deep.text().await.unwrap(), "<html>gb</html>");
    // The API keeps its JSON 404s even with the client mounted.
    assert_error(app.get(c, "/api/nope").await, 404, "no_such_endpoint").await;
    let _ = std::fs::remove_dir_all(dir);
}
