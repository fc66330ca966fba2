//! The one task that writes to a socket. The room and the reader only `try_send` into its bounded queue, so a
//! slow client can never block a room; a write that takes too long ends the connection (dependencies.md C1).
use crate::room::Out;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::SinkExt;
use futures_util::stream::SplitSink;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

const WRITE_TIMEOUT: Duration = Duration::from_secs(5);
const RESTARTING: (u16, &str) =
    (crate::protocol::close::RESTARTING, "server restarting: reconnect with your last version");

pub async fn run(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Out>,
    kill: CancellationToken,
    shutdown: CancellationToken,
) {
    let close = loop {
        let out = tokio::select! {
            biased;
            out = rx.recv() => out,
            // The room cut us off (queue full): the client reconnects with its last version and resyncs.
            _ = kill.cancelled() => break Some((crate::protocol::close::TOO_SLOW, "too slow: reconnect with your last version")),
            _ = shutdown.cancelled() => break Some(RESTARTING),
        };
        match out {
            Some(Out::Text(frame, stamp)) => {
                let sent = tokio::time::timeout(WRITE_TIMEOUT, sink.send(Message::Text(frame))).await;
                // Dropping the stamp after the write is what records intent → last-frame latency.
                drop(stamp);
                if !matches!(sent, Ok(Ok(()))) {
                    break None;
                }
            }
            Some(Out::Close(code, reason)) => break Some((code, reason)),
            // Everyone stopped feeding us; if that is because of a shutdown, still say so (the reader and the
            // room may notice the token before this task does).
            None if shutdown.is_cancelled() => break Some(RESTARTING),
            None => break None,
        }
    };
    if let Some((code, reason)) = close {
        metrics::counter!("gb_ws_closed", "code" => code.to_string()).increment(1);
        let frame = CloseFrame { code, reason: reason.into() };
        let _ = tokio::time::timeout(WRITE_TIMEOUT, sink.send(Message::Close(Some(frame)))).await;
    }
    // Let the reader stop too, whichever side ended first.
    kill.cancel();
    let _ = tokio::time::timeout(WRITE_TIMEOUT, sink.close()).await;
}
