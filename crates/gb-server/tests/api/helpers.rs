//! Test harness: `spawn_app` runs the real server on 127.0.0.1:0 over a fresh database.
use gb_server::{Application, Db, Settings};
use serde_json::Value;
use std::path::PathBuf;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Which engine a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Backend {
    Sqlite,
    Postgres,
}

/// Where to create per-test PostgreSQL databases (override with GB_TEST_PG_URL).
fn pg_admin_url() -> String {
    std::env::var("GB_TEST_PG_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".to_owned())
}

pub(crate) struct TestApp {
    /// `http://127.0.0.1:<port>`
    pub address: String,
    pub port: u16,
    /// `http://127.0.0.1:<port>` of the private `/metrics` listener.
    pub metrics_address: String,
    /// A client with its own cookie jar (one "browser").
    pub client: reqwest::Client,
    pub backend: Backend,
    pub db: Db,
    pub shutdown: CancellationToken,
    /// The app's task tracker; shutdown waits for tasks spawned on it.
    pub tracker: TaskTracker,
    /// The app's shared state (rooms, writer), for tests that drive a room directly.
    pub state: gb_server::AppState,
    /// The served future; `None` once a test has taken it.
    pub server: Option<JoinHandle<anyhow::Result<()>>>,
    /// Dropped after the app (field order), removing the database.
    _database: TestDb,
}

/// A fresh, empty database for one test (a SQLite file in a temp dir, or a new PostgreSQL database),
/// removed on drop.
pub(crate) struct TestDb {
    pub url: String,
    cleanup: Cleanup,
}

pub(crate) async fn test_database(backend: Backend) -> TestDb {
    let id = uuid::Uuid::new_v4().simple().to_string();
    let (url, cleanup) = match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir().join(format!("gbtest-{id}"));
            // Db::connect creates the directory itself, which this also exercises.
            (format!("sqlite://{}/gb.sqlite?mode=rwc", dir.display()), Cleanup::Dir(dir))
        }
        Backend::Postgres => {
            let name = format!("gbtest_{id}");
            create_pg_database(&name).await;
            let admin = pg_admin_url();
            let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
            (format!("{base}/{name}"), Cleanup::PgDatabase(name))
        }
    };
    TestDb { url, cleanup }
}

enum Cleanup {
    Dir(PathBuf),
    PgDatabase(String),
    /// Shared with another app, which removes it.
    None,
}

pub(crate) async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// Like [`spawn_app`], letting the test adjust settings (static dir, origins, limits) first.
pub(crate) async fn spawn_app_with(backend: Backend, configure: impl FnOnce(&mut Settings)) -> TestApp {
    init_test_tracing();
    let database = test_database(backend).await;
    start(backend, database, configure).await
}

/// Another node on `first`'s database (multi-node tests, #15); the database is removed with `first`.
pub(crate) async fn spawn_node_on(first: &TestApp, configure: impl FnOnce(&mut Settings)) -> TestApp {
    let database = TestDb { url: first._database.url.clone(), cleanup: Cleanup::None };
    start(first.backend, database, configure).await
}

/// The local settings, with a per-socket rate limit that machine-speed test players stay under: they answer
/// each frame at once, which is far over a person's 20 messages a second once frames are not held back by
/// Nagle's algorithm (TCP_NODELAY, issue 14). The rate-limit test sets the production limits itself.
fn test_settings(url: &str) -> Settings {
    let mut settings = Settings::local(url.to_owned());
    settings.ws_rate_per_sec = 1000;
    settings.ws_burst = 2000;
    // Every test client comes from 127.0.0.1 and many tests make a dozen accounts and replays: the per-address
    // sign-up, guest and replay limits are tested on their own (signups.rs, replays.rs) with their own numbers.
    // Likewise a test's guest organizer may run several events; quotas.rs tests the open-event quota.
    let l = &mut settings.limits;
    (l.register_addr_burst, l.guest_addr_burst, l.replay_addr_burst) = (100_000, 100_000, 100_000);
    (l.max_open_events, l.max_open_events_guest) = (1_000, 1_000);
    settings
}

async fn start(backend: Backend, database: TestDb, configure: impl FnOnce(&mut Settings)) -> TestApp {
    let mut settings = test_settings(&database.url);
    configure(&mut settings);
    let app = Application::build(settings).await.expect("application builds");
    let port = app.port();
    let metrics_address = format!("http://{}", app.metrics_addr().expect("tests serve metrics"));
    let db = app.state().db.clone();
    let shutdown = app.shutdown_token();
    let tracker = app.state().tracker.clone();
    let state = app.state().clone();
    let server = tokio::spawn(app.run_until_stopped());
    TestApp {
        address: format!("http://127.0.0.1:{port}"),
        port,
        metrics_address,
        client: new_client(),
        backend,
        db,
        shutdown,
        tracker,
        state,
        server: Some(server),
        _database: database,
    }
}

/// Logs through the test harness's capture (shown only for failing tests); RUST_LOG overrides.
fn init_test_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,sqlx=warn".into());
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
}

pub(crate) fn new_client() -> reqwest::Client {
    reqwest::Client::builder().cookie_store(true).build().expect("client builds")
}

async fn create_pg_database(name: &str) {
    use sqlx::Connection;
    let url = pg_admin_url();
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap_or_else(|e| {
        panic!(
            "PostgreSQL is not reachable at {url}: {e}\n\
             These tests need it. Start it (pg_ctlcluster --skip-systemctl-redirect 15 main start) \
             or point GB_TEST_PG_URL at a database this user may CREATE DATABASE from."
        )
    });
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut conn)
        .await
        .expect("CREATE DATABASE");
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.cancel();
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PgDatabase(name) => {
                // Drop runs inside the test's runtime, which must not be blocked on; use a fresh one
                // on its own thread. FORCE ends the app's pooled connections.
                let name = name.clone();
                let _ = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
                    rt.block_on(async {
                        use sqlx::Connection;
                        if let Ok(mut conn) = sqlx::PgConnection::connect(&pg_admin_url()).await {
                            let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                            let _ = sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut conn).await;
                        }
                    });
                })
                .join();
            }
            Cleanup::None => {}
        }
    }
}

impl TestApp {
    /// Stops the server (gracefully) and starts a new one on the same database, as a restart would: rooms come
    /// back through recovery. The address changes.
    pub(crate) async fn restart(&mut self) {
        self.shutdown.cancel();
        if let Some(server) = self.server.take() {
            let stopped = tokio::time::timeout(std::time::Duration::from_secs(10), server).await;
            stopped.expect("server stops").expect("server task did not panic").expect("server returned Ok");
        }
        let app = Application::build(test_settings(&self._database.url)).await.expect("application rebuilds");
        self.port = app.port();
        self.address = format!("http://127.0.0.1:{}", self.port);
        self.metrics_address = format!("http://{}", app.metrics_addr().expect("tests serve metrics"));
        self.db = app.state().db.clone();
        self.shutdown = app.shutdown_token();
        self.tracker = app.state().tracker.clone();
        self.state = app.state().clone();
        self.server = Some(tokio::spawn(app.run_until_stopped()));
    }

    pub(crate) fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// The Prometheus text from the private metrics listener.
    pub(crate) async fn metrics(&self) -> String {
        let r = self.client.get(format!("{}/metrics", self.metrics_address)).send().await.expect("metrics scraped");
        assert_eq!(r.status(), 200);
        r.text().await.unwrap()
    }

    pub(crate) async fn get(&self, client: &reqwest::Client, path: &str) -> reqwest::Response {
        client.get(self.url(path)).send().await.expect("request sent")
    }

    pub(crate) async fn post(&self, client: &reqwest::Client, path: &str, body: &Value) -> reqwest::Response {
        client.post(self.url(path)).json(body).send().await.expect("request sent")
    }

    pub(crate) async fn put(&self, client: &reqwest::Client, path: &str, body: &Value) -> reqwest::Response {
        client.put(self.url(path)).json(body).send().await.expect("request sent")
    }

    pub(crate) async fn delete(&self, client: &reqwest::Client, path: &str) -> reqwest::Response {
        client.delete(self.url(path)).send().await.expect("request sent")
    }

    /// Logs `client` in as a new guest and returns the account JSON.
    pub(crate) async fn guest(&self, client: &reqwest::Client, name: &str) -> Value {
        let r = self.post(client, "/api/guest", &serde_json::json!({ "display_name": name })).await;
        assert_eq!(r.status(), 201);
        r.json().await.unwrap()
    }
}

/// Asserts the status and the `{error: {code}}` of a failed response, returning the body.
pub(crate) async fn assert_error(r: reqwest::Response, status: u16, code: &str) -> Value {
    assert_eq!(r.status().as_u16(), status, "unexpected status for {}", r.url());
    let body: Value = r.json().await.expect("JSON error body");
    assert_eq!(body["error"]["code"], code, "body: {body}");
    assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "body: {body}");
    body
}

/// A legal 50-card deck (12 non-gems + 38 gems).
pub(crate) const VALID_DECK: &str = "\
Name: Test Deck
Left: Tara
Center: Kula
Right: Claire
Back: Elaine
Bench: Beatrice
3 Usher
3 Angel
3 Guard
2 Rotate
1 Stun
5 Aquagem
5 Terragem
5 Pyrogem
5 Cryogem
5 Electrogem
5 Aerogem
4 Luciogem
4 Nocturnagem
";

/// The valid deck as the JSON `DeckList` the API takes.
pub(crate) fn valid_list() -> Value {
    serde_json::to_value(gb_core::deck::DeckList::parse_text(VALID_DECK).expect("test deck parses")).unwrap()
}

/// The stored `result_json` of a match, straight from the database.
pub(crate) async fn find_result(app: &TestApp, match_id: &str) -> Value {
    let m = gb_server::db::matches::find_match(&app.db, match_id).await.unwrap().expect("match row");
    serde_json::to_value(m.result.expect("finished")).unwrap()
}
