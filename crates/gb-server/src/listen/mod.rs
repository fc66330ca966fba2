//! The public listener's accept loop. axum's `serve` gives hyper no timer, so hyper's header-read timeout never
//! fires, and it accepts every connection; here hyper runs with a timer (slow or silent clients are cut off
//! after `header_read_timeout_secs`) and every connection needs a place under `limits` first (docs/limits.md).
pub mod fds;
pub mod limits;

use axum::Router;
use axum::extract::connect_info::IntoMakeServiceWithConnectInfo;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use limits::{ConnLimits, PermittedStream, Refusal};
use std::io;
use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::Service;

/// How the listener treats connections.
#[derive(Clone, Debug)]
pub struct ListenOptions {
    pub header_read_timeout: Duration,
    /// How long open connections get to finish their request on shutdown.
    pub drain: Duration,
}

/// What a refused client reads before the server closes the socket.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\nretry-after: 5\r\n\
connection: close\r\ncontent-length: 37\r\n\r\ntoo many connections; try again soon\n";

/// Refusals whose socket is kept a moment to deliver `BUSY`; beyond this many, refused sockets are closed at once
/// (so refusing cannot itself hold many descriptors).
const REFUSALS_IN_FLIGHT: usize = 64;

/// Serves `router` on `listener` until `shutdown` fires, then stops accepting, asks open connections to finish
/// their current request and waits for them up to `options.drain`. Upgraded WebSockets are not waited for here
/// (their tasks honour `shutdown` themselves and live on the application's tracker).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Arc<ConnLimits>,
    options: ListenOptions,
    shutdown: CancellationToken,
) {
    let mut make_service: IntoMakeServiceWithConnectInfo<Router, SocketAddr> =
        router.into_make_service_with_connect_info::<SocketAddr>();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(options.header_read_timeout);
    let connections = TaskTracker::new();
    let refusing = Arc::new(Semaphore::new(REFUSALS_IN_FLIGHT));
    loop {
        let (stream, peer) = tokio::select! {
            _ = shutdown.cancelled() => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_error(e).await;
                    continue;
                }
            },
        };
        let permit = match limits.admit(peer.ip()) {
            Ok(permit) => permit,
            Err(why) => {
                refuse(stream, why, &refusing);
                continue;
            }
        };
        // Nagle held a small frame until the client's delayed ACK (~40 ms) whenever an earlier one was still
        // unacknowledged, e.g. an intent's `update` right behind its `accepted`: frames leave as written
        // (issue 14). A socket that refuses the option still works, only slower.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!(%peer, error = %e, "TCP_NODELAY not set");
        }
        let Ok(service) = make_service.call(peer).await;
        let io = TokioIo::new(PermittedStream::new(stream, permit));
        let conn = http.serve_connection(io, TowerToHyperService::new(service)).with_upgrades();
        let stop = shutdown.clone();
        connections.spawn(async move {
            let mut conn = pin!(conn);
            let result = tokio::select! {
                result = conn.as_mut() => result,
                _ = stop.cancelled() => {
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(%peer, error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    connections.close();
    if tokio::time::timeout(options.drain, connections.wait()).await.is_err() {
        tracing::warn!(open = connections.len(), "connections still open after the drain period; dropping them");
    }
}

/// Tells the client it was refused (503, `retry-after`) when the socket takes it without waiting, then closes.
/// Reading what the client sent for a moment before closing lets the 503 arrive instead of a reset.
fn refuse(stream: TcpStream, why: Refusal, refusing: &Arc<Semaphore>) {
    metrics::counter!("connections_refused_total", "reason" => why.label()).increment(1);
    let _ = stream.try_write(BUSY);
    let Ok(slot) = refusing.clone().try_acquire_owned() else { return };
    tokio::spawn(async move {
        let _slot = slot;
        let mut stream = stream;
        let mut sink = [0u8; 1024];
        let drain = async {
            while let Ok(n) = stream.read(&mut sink).await {
                if n == 0 {
                    break;
                }
            }
        };
        let _ = tokio::time::timeout(Duration::from_millis(250), drain).await;
    });
}

/// Per-connection errors (the peer went away) are nothing to wait for; others (out of descriptors) get a pause
/// so the loop does not spin, as axum's `serve` does.
async fn accept_error(e: io::Error) {
    use io::ErrorKind::*;
    if matches!(e.kind(), ConnectionRefused | ConnectionAborted | ConnectionReset) {
        return;
    }
    tracing::error!(error = %e, "accept failed");
    tokio::time::sleep(Duration::from_millis(100)).await;
}
