//! The real `gb-server` binary as a child process, for tests that kill it (SIGKILL) and start it again on the
//! same database: recovery.rs and chaos.rs.
use std::process::Stdio;
use std::time::Duration;
use tokio::process::{Child, Command};

/// The server process; killed (SIGKILL) if a test ends early.
pub(crate) struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.start_kill();
    }
}

impl Server {
    /// kill -9: no shutdown hook runs, nothing is flushed on the way out.
    pub(crate) async fn sigkill(mut self) {
        self.0.start_kill().expect("the server is running");
        let status = self.0.wait().await.expect("the server is reaped");
        assert!(!status.success(), "killed, not exited: {status:?}");
    }
}

/// Starts the server (the test build, or `GB_SERVER_BIN`) on `port` over `url` with `env` on top of the test
/// defaults, and waits for `/healthz`.
pub(crate) async fn start(url: &str, port: u16, env: &[(&str, &str)]) -> Server {
    // `GB_SERVER_BIN` runs another build of the server (a release one, for the figures in BENCHMARKS.md).
    let bin = std::env::var("GB_SERVER_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_gb-server").to_owned());
    let mut cmd = Command::new(bin);
    cmd.env("DATABASE_URL", url)
        .env("GB_BIND", format!("127.0.0.1:{port}"))
        .env("GB_STATIC_DIR", "/nonexistent-gb-static")
        .env("RUST_LOG", "warn")
        // Test players answer every frame at once: a per-socket limit they stay under (as the API tests').
        .env("GB_WS_RATE", "1000")
        .env("GB_WS_BURST", "2000")
        // Every test client comes from 127.0.0.1: no per-address limit on sign-ups, guests or replays here.
        .env("GB_REGISTER_ADDR_BURST", "1000000")
        .env("GB_GUEST_ADDR_BURST", "1000000")
        .env("GB_REPLAY_ADDR_BURST", "1000000")
        .env("GB_MAX_OPEN_EVENTS_GUEST", "1000")
        // A finished room closes this long after its seats leave, publishing its records (deck lists).
        .env("GB_ROOM_IDLE_SECS", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.stdout(Stdio::null()).kill_on_drop(true).spawn().expect("gb-server starts");
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if let Ok(r) = client.get(format!("http://127.0.0.1:{port}/healthz")).send().await
            && r.status().is_success()
        {
            return Server(child);
        }
        // A server that could not start (its port taken meanwhile, say: its error is on stderr) is reported at
        // once, not after the wait.
        if let Ok(Some(status)) = child.try_wait() {
            panic!("gb-server exited ({status}) before it came up on port {port}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("gb-server did not come up on port {port}");
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}
