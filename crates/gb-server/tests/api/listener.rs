//! The public listener against slow and hoarding clients (slowloris): half-sent requests from one address do
//! not lock others out, the server-wide cap refuses clearly, and trickled or silent connections are cut off.
use crate::helpers::{Backend, spawn_app_with};
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

on_both_backends!(half_sent_requests_do_not_lock_out_others, trickled_and_silent_connections_are_cut_off);

/// A connection to `server` from the loopback address `from` (Linux answers on all of 127/8).
async fn connect_from(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(IpAddr::from(from), 0)).unwrap();
    socket.connect(server).await.expect("connects")
}

/// A connection that sent the start of a request and stops there.
async fn half_sent(from: [u8; 4], server: SocketAddr) -> TcpStream {
    let mut s = connect_from(from, server).await;
    s.write_all(b"GET /healthz HTTP/1.1\r\nhost: gb\r\nx-slow: ").await.unwrap();
    s
}

/// Everything the server sends until it closes, or `None` if it is still silent after five seconds.
async fn read_until_closed(s: &mut TcpStream) -> Option<String> {
    let mut got = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), async {
        let mut buf = [0u8; 1024];
        loop {
            match s.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    });
    read.await.ok().map(|()| String::from_utf8_lossy(&got).into_owned())
}

async fn healthz_from(from: [u8; 4], server: SocketAddr) -> String {
    let mut s = connect_from(from, server).await;
    s.write_all(b"GET /healthz HTTP/1.1\r\nhost: gb\r\nconnection: close\r\n\r\n").await.unwrap();
    read_until_closed(&mut s).await.expect("healthz answers")
}

async fn half_sent_requests_do_not_lock_out_others(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.limits.max_connections = 25;
        s.limits.max_connections_per_addr = 10;
        s.limits.header_read_timeout_secs = 60;
    })
    .await;
    let server = SocketAddr::from(([127, 0, 0, 1], app.port));
    let mut held = Vec::new();
    for _ in 0..10 {
        held.push(half_sent([127, 0, 0, 1], server).await);
    }
    // The eleventh from the same address is refused at once, and says so.
    let mut refused = half_sent([127, 0, 0, 1], server).await;
    let answer = read_until_closed(&mut refused).await.expect("refused connection is closed, not left hanging");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("too many connections"), "{answer}");
    // Someone else is served meanwhile.
    let health = healthz_from([127, 0, 0, 2], server).await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    // Past the server-wide cap, every address is refused with the same 503.
    for from in [[127, 0, 0, 3], [127, 0, 0, 4]] {
        for _ in 0..10 {
            held.push(half_sent(from, server).await);
        }
    }
    let mut late = half_sent([127, 0, 0, 5], server).await;
    let answer = read_until_closed(&mut late).await.expect("refused when full");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    // Places come back when the hoarder lets go.
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let health = healthz_from([127, 0, 0, 5], server).await;
        if health.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "places not freed: {health}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn trickled_and_silent_connections_are_cut_off(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.limits.header_read_timeout_secs = 1).await;
    let server = SocketAddr::from(([127, 0, 0, 1], app.port));
    // One header byte every 100 ms never finishes the request: cut off after the timeout.
    let started = Instant::now();
    let stream = connect_from([127, 0, 0, 1], server).await;
    let (mut read, mut write) = stream.into_split();
    let trickle = tokio::spawn(async move {
        let mut next: &[u8] = b"GET /healthz HTTP/1.1\r\nx-slow: ";
        while write.write_all(next).await.is_ok() {
            next = b"a";
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    let cut = tokio::time::timeout(Duration::from_secs(5), async {
        let mut buf = [0u8; 256];
        while let Ok(n) = read.read(&mut buf).await {
            if n == 0 {
                break;
            }
        }
    })
    .await;
    trickle.abort();
    assert!(cut.is_ok(), "a trickling client was still connected after 5 s");
    assert!(started.elapsed() >= Duration::from_millis(900), "cut off before the timeout: {:?}", started.elapsed());
    // A socket that never sends anything is closed too.
    let mut silent = connect_from([127, 0, 0, 1], server).await;
    assert!(read_until_closed(&mut silent).await.is_some(), "a silent connection was still open after 5 s");
    // A prompt client is unaffected.
    assert!(healthz_from([127, 0, 0, 1], server).await.starts_with("HTTP/1.1 200"));
}
