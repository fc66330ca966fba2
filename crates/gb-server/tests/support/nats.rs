//! A private `nats-server` on a port of its own, killed and started again by a test (the machine's shared NATS
//! serves every other test): outages under relays (api/relay_moves.rs, cluster/outage.rs) and small limits
//! (api/relay_limits.rs).
use std::time::Duration;

pub(crate) struct Nats {
    port: u16,
    child: Option<std::process::Child>,
    /// A configuration file (`-c`), e.g. a small `max_payload` (relay_limits.rs).
    config: Option<std::path::PathBuf>,
}

impl Nats {
    pub(crate) async fn start() -> Nats {
        Nats::start_with("").await
    }

    /// A server started with `config` (nats-server's configuration syntax) as its configuration file.
    pub(crate) async fn start_with(config: &str) -> Nats {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let file = (!config.is_empty()).then(|| {
            let path = std::env::temp_dir().join(format!("gb-nats-{port}.conf"));
            std::fs::write(&path, config).unwrap();
            path
        });
        let mut nats = Nats { port, child: None, config: file };
        nats.restart().await;
        nats
    }

    pub(crate) fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Starts the server again on the same port (after [`Nats::kill`]).
    pub(crate) async fn restart(&mut self) {
        let mut args = vec!["-a".to_owned(), "127.0.0.1".into(), "-p".into(), self.port.to_string()];
        if let Some(f) = &self.config {
            args.extend(["-c".to_owned(), f.display().to_string()]);
        }
        let child = std::process::Command::new("/usr/sbin/nats-server")
            .args(&args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("nats-server starts");
        self.child = Some(child);
        // 5 s: a loaded two-core machine (cluster tests run three nodes beside it).
        for _ in 0..250 {
            if tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("nats-server never listened on {}", self.port);
    }

    /// SIGKILL: the nodes see their connections drop, as when the NATS host dies.
    pub(crate) fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        self.kill();
        if let Some(f) = &self.config {
            let _ = std::fs::remove_file(f);
        }
    }
}
