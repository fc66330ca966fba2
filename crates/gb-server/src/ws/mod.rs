//! `GET /ws/rooms/{id}` (protocol.md): Origin check before the upgrade, then one reader loop (parse, rate
//! limit, forward to the room) and one writer task fed by a bounded queue (dependencies.md C1). Every socket
//! task is tracked and closes with 1012 on shutdown (C2).
mod target;
pub mod tournament_feed;
mod writer;

pub use target::Target;

use crate::api::session::CurrentAccount;
use crate::error::ApiError;
use crate::origin::origin_allowed;
use crate::protocol::{ClientMsg, MIN_PROTOCOL_VERSION, PROTOCOL_VERSION, ServerMsg, close};
use crate::room::{Conn, Out};
use crate::state::AppState;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use governor::clock::DefaultClock;
use governor::{Quota, RateLimiter};
use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// Largest client message (close 1009 beyond it).
pub const MAX_MESSAGE: usize = 64 * 1024;
/// Per-socket read buffer. tungstenite's default (128 KiB, allocated up front) made an idle connection cost
/// ~145 KB; client messages are a few hundred bytes, and a larger one just grows the buffer as it is read.
const READ_BUFFER: usize = 1024;
/// Frames queued together are written together (writer.rs feeds them, then flushes once); tungstenite writes
/// its buffer out early once it passes this size. Small, so an idle socket's buffer stays about one frame (its
/// snapshot) large.
const WRITE_BUFFER: usize = 1024;
/// How long a closing connection waits for the client's answering close frame.
const CLOSE_DRAIN: Duration = Duration::from_secs(2);

/// The clock every socket's rate limiter reads. `RateLimiter::direct` makes a clock per limiter, and making one
/// calibrates it (`cpuid`, a few µs): 0.5 % of the server while 16,000 sockets opened (BENCHMARKS.md, nineteenth
/// session). A clone shares the calibration.
static LIMITER_CLOCK: std::sync::LazyLock<DefaultClock> = std::sync::LazyLock::new(DefaultClock::default);

/// What every WebSocket handshake (a room's, an event's) must pass: browsers send cookies on cross-site
/// handshakes, so the Origin is checked (CSWSH), and each address opens sockets at a bounded rate.
// The refusal is the HTTP answer itself, made once per refused handshake: boxing it would cost every caller.
#[allow(clippy::result_large_err)]
pub(crate) fn admit(state: &AppState, headers: &HeaderMap, peer: SocketAddr) -> Result<(), Response> {
    if !origin_allowed(headers, &state.settings.allowed_origins) {
        return Err(
            ApiError::new(StatusCode::FORBIDDEN, "bad_origin", "WebSocket from a foreign origin").into_response()
        );
    }
    state.addr_limits.ws_opens.take(peer.ip()).map_err(IntoResponse::into_response)
}

pub async fn upgrade(
    ws: WebSocketUpgrade,
    Path(id): Path<String>,
    State(state): State<AppState>,
    headers: HeaderMap,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    account: Option<CurrentAccount>,
) -> Response {
    if let Err(refused) = admit(&state, &headers, peer) {
        return refused;
    }
    let room = Target::find(&state, &id).await;
    let account = account.map(|a| a.0.id);
    let tracker = state.tracker.clone();
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .on_upgrade(move |socket| tracker.track_future(run(socket, state, room, account)))
}

async fn run(socket: WebSocket, state: AppState, room: Option<Target>, account: Option<String>) {
    metrics::gauge!("gb_ws_connections").increment(1.0);
    let (sink, mut stream) = socket.split();
    let (tx, rx) = mpsc::channel::<Out>(state.settings.ws_queue);
    let kill = CancellationToken::new();
    let shutdown = state.shutdown.clone();
    let writer = state.tracker.spawn(writer::run(sink, rx, kill.clone(), shutdown.clone()));
    let Some(mut room) = room else {
        let _ = tx.send(Out::Close(close::UNKNOWN_ROOM, "unknown room")).await;
        drop(tx);
        let _ = writer.await;
        metrics::gauge!("gb_ws_connections").decrement(1.0);
        return;
    };
    let id = crate::room::next_conn_id();
    let per_sec = NonZeroU32::new(state.settings.ws_rate_per_sec).unwrap_or(NonZeroU32::MIN);
    let burst = NonZeroU32::new(state.settings.ws_burst).unwrap_or(per_sec);
    let limiter = RateLimiter::direct_with_clock(Quota::per_second(per_sec).allow_burst(burst), LIMITER_CLOCK.clone());
    let mut greeted = false;
    let reply = |msg: ServerMsg| {
        let _ = tx.try_send(Out::Text(Utf8Bytes::from(msg.encode()), None));
    };
    // A socket holds a place under the connection caps, so one that never says hello or goes silent is closed
    // rather than kept forever (docs/limits.md).
    let limits = &state.settings.limits;
    let (hello_within, idle_within) =
        (Duration::from_secs(limits.ws_hello_timeout_secs), Duration::from_secs(limits.ws_idle_timeout_secs));
    let hello_by = Instant::now() + hello_within;
    let mut heard = Instant::now();
    loop {
        let deadline = if greeted { heard + idle_within } else { hello_by };
        let msg = tokio::select! {
            m = stream.next() => m,
            _ = kill.cancelled() => break,
            _ = shutdown.cancelled() => break,
            _ = tokio::time::sleep_until(deadline) => {
                metrics::counter!("gb_ws_timed_out", "phase" => if greeted { "idle" } else { "hello" }).increment(1);
                let _ = tx.try_send(if greeted {
                    Out::Close(close::IDLE, "silent too long: send a ping now and then")
                } else {
                    Out::Close(close::NO_HELLO, "no hello in time")
                });
                break;
            }
        };
        heard = Instant::now();
        let msg = match msg {
            Some(Ok(m)) => m,
            Some(Err(e)) => {
                // tungstenite reports an oversized message as a capacity error and leaves closing to us.
                if e.to_string().contains("Message too long") {
                    let _ = tx.try_send(Out::Close(close::TOO_LARGE, "message too large"));
                }
                break;
            }
            None => break,
        };
        if limiter.check().is_err() {
            metrics::counter!("gb_ws_rate_limited").increment(1);
            let _ = tx.try_send(Out::Close(close::POLICY, "rate limit exceeded"));
            break;
        }
        let text = match msg {
            Message::Text(t) => t,
            Message::Binary(_) => {
                reply(ServerMsg::error("binary_unsupported", "send JSON text frames"));
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        match ClientMsg::decode(&text) {
            Err(e) => reply(ServerMsg::error(e.code, e.message)),
            Ok(ClientMsg::Hello { protocol, role, last_version, game }) => {
                // 5 and 6 are served (a two-player room's frames are the same); a free-for-all room refuses 5
                // itself (room/actor.rs `connect`), since only the room knows its seats.
                if !(MIN_PROTOCOL_VERSION..=PROTOCOL_VERSION).contains(&protocol) {
                    let _ = tx.try_send(Out::Close(close::BAD_PROTOCOL, "unsupported protocol version"));
                    break;
                }
                if greeted {
                    reply(ServerMsg::error("already_greeted", "hello is sent once per connection"));
                    continue;
                }
                let (queue, kill) = (tx.clone(), kill.clone());
                let conn = Conn {
                    id,
                    account: account.clone(),
                    role,
                    last_version,
                    game,
                    protocol,
                    tx: queue,
                    kill,
                    relay: None,
                };
                if room.connect(conn).await.is_err() {
                    let _ = tx.try_send(Out::Close(close::RESTARTING, "room stopped"));
                    break;
                }
                greeted = true;
            }
            Ok(ClientMsg::Intent { seq, intent }) if greeted => {
                if room.intent(id, seq, intent).await.is_err() {
                    break;
                }
            }
            Ok(ClientMsg::Emote { emote }) if greeted => match room.emote(id, emote).await {
                Ok(Some(refused)) => reply(refused),
                Ok(None) => {}
                Err(_) => break,
            },
            Ok(ClientMsg::Intent { .. } | ClientMsg::Emote { .. }) => {
                reply(ServerMsg::error("hello_first", "send hello before anything else"))
            }
            Ok(ClientMsg::Ping) => reply(ServerMsg::Pong),
        }
    }
    if greeted {
        room.disconnect(id).await;
    }
    drop(tx);
    // Keep reading (and discarding) while the writer sends its close frame and the client answers: closing a
    // socket with unread input makes the kernel send a reset, and a client cut off mid-burst (rate limit,
    // oversized message) would lose the close frame that says why.
    let drain = async {
        while let Some(Ok(m)) = stream.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_DRAIN, async { tokio::join!(writer, drain) }).await;
    metrics::gauge!("gb_ws_connections").decrement(1.0);
}
