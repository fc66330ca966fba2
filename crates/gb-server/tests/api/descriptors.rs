//! Descriptor exhaustion (issue 45): with `ulimit -n` low and the connection cap at its default (8192), a few
//! addresses' idle connections ran the server out of descriptors, `accept` failed with "Too many open files" and
//! a newcomer got no answer at all. The real binary, started under `ulimit -n 300`, must lower its cap (and say
//! so) and keep answering: a refused newcomer reads the 503 at once.
use std::net::{IpAddr, SocketAddr};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const DESCRIPTORS: u64 = 300;

async fn connect_from(ip: [u8; 4], server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::from(ip), 0))?;
    socket.connect(server).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_low_descriptor_limit_lowers_the_cap_and_the_server_keeps_answering() {
    // This test's own 400 sockets need descriptors too.
    let nofile = rustix::process::getrlimit(rustix::process::Resource::Nofile);
    assert!(nofile.current.is_none_or(|n| n >= 1024), "the test process needs 1024 descriptors: {nofile:?}");
    let dir = std::env::temp_dir().join(format!("gbtest-fds-{}", uuid::Uuid::new_v4().simple()));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = SocketAddr::from(([127, 0, 0, 1], port));
    // The hard limit too, so the server cannot raise its way out of the test. The soft limit first: a hard
    // limit below the soft one in force is refused (EINVAL), and the shell would exit before the server starts.
    let script = format!("ulimit -Sn {DESCRIPTORS} && ulimit -Hn {DESCRIPTORS} && exec \"$0\"");
    let mut child = tokio::process::Command::new("sh")
        .args(["-c", &script, env!("CARGO_BIN_EXE_gb-server")])
        .env("DATABASE_URL", format!("sqlite://{}/gb.sqlite?mode=rwc", dir.display()))
        .env("GB_BIND", server.to_string())
        .env("GB_STATIC_DIR", "/nonexistent-gb-static")
        .env("GB_MAX_CONNECTIONS_PER_ADDR", "100")
        .env("RUST_LOG", "warn")
        .env("NO_COLOR", "1")
        // The server logs to standard output (telemetry.rs: tracing's fmt writer).
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("gb-server starts");
    // Read as it comes: a full pipe would block the server's logging, and so the server.
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = tokio::spawn(async move {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out).await;
        out
    });
    let client = reqwest::Client::new();
    let mut up = false;
    for _ in 0..600 {
        if client.get(format!("http://{server}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(up, "gb-server did not come up");

    // Four addresses, 100 idle connections each (each address's own limit): more than the process has
    // descriptors.
    let mut held = Vec::new();
    for a in 0..4u8 {
        for _ in 0..100 {
            held.push(connect_from([127, 0, 3, 1 + a], server).await.expect("the kernel completes the handshake"));
        }
    }
    // A fifth address is answered at once: full, so 503, rather than left in the backlog unaccepted.
    let mut probe = connect_from([127, 0, 3, 9], server).await.unwrap();
    probe.write_all(b"GET /healthz HTTP/1.1\r\nhost: gb\r\nconnection: close\r\n\r\n").await.unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), probe.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(read.is_ok() && answer.starts_with("HTTP/1.1 "), "no answer within 3 s: {answer:?}");
    assert!(answer.contains("too many connections"), "{answer}");
    drop(held);

    child.start_kill().unwrap();
    child.wait().await.unwrap();
    let out = reader.await.unwrap();
    let log = String::from_utf8_lossy(&out);
    assert!(log.contains("GB_MAX_CONNECTIONS lowered"), "no warning: {log}");
    assert!(log.contains("cap=150"), "{log}");
    assert!(!log.contains("Too many open files"), "{log}");
    let _ = std::fs::remove_dir_all(dir);
}
