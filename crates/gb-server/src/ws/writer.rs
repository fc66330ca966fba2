//! The one task that writes to a socket. The room and the reader only `try_send` into its bounded queue, so a
//! slow client can never block a room; a write that takes too long ends the connection (dependencies.md C1).
use crate::room::{Out, Stamp};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::SinkExt;
use futures_util::stream::SplitSink;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

const WRITE_TIMEOUT: Duration = Duration::from_secs(5);
/// Most frames written before a flush.
const MAX_BATCH: usize = 32;
const RESTARTING: (u16, &str) =
    (crate::protocol::close::RESTARTING, "server restarting: reconnect with your last version");

pub(super) async fn run(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Out>,
    kill: CancellationToken,
    shutdown: CancellationToken,
) {
    let mut stamps = Vec::new();
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
                let written = write_queued(&mut sink, &mut rx, frame, stamp, &mut stamps);
                let (sent, then) = tokio::time::timeout(WRITE_TIMEOUT, written).await.unwrap_or((false, None));
                // Dropping the stamps after the flush is what records intent → last-frame latency.
                stamps.clear();
                if !sent {
                    break None;
                }
                if let Some(close) = then {
                    break Some(close);
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

/// Writes `frame` and every text frame already queued behind it, then flushes once: an intent's `accepted` and
/// its `update` (and whatever piled up while the socket was busy) leave in one write instead of one syscall
/// each (issue 14). Same frames, same order on the wire. Returns whether every write succeeded, and a close
/// found in the queue (sent after the frames before it, as without batching).
async fn write_queued(
    sink: &mut SplitSink<WebSocket, Message>,
    rx: &mut mpsc::Receiver<Out>,
    frame: Utf8Bytes,
    stamp: Option<Arc<Stamp>>,
    stamps: &mut Vec<Arc<Stamp>>,
) -> (bool, Option<(u16, &'static str)>) {
    stamps.extend(stamp);
    let mut then = None;
    let mut ok = sink.feed(Message::Text(frame)).await.is_ok();
    let mut fed = 1;
    // Bounded, so a socket that is kept busy still gets flushed now and then.
    while ok && fed < MAX_BATCH {
        fed += 1;
        match rx.try_recv() {
            Ok(Out::Text(frame, stamp)) => {
                stamps.extend(stamp);
                ok = sink.feed(Message::Text(frame)).await.is_ok();
            }
            Ok(Out::Close(code, reason)) => {
                then = Some((code, reason));
                break;
            }
            Err(_) => break,
        }
    }
    (ok && sink.flush().await.is_ok(), then)
}
