//! `GET /ws/events/{id}[?since=N]` (docs/protocol.md, "Event socket"): the event page's live feed. On connecting
//! it sends the event's public view (the one `GET /api/tournaments/{id}` answers, deck lists withheld while the
//! event runs: tournament/view.rs), then every announcement after `since`; from then on the view whenever it
//! changes and each new announcement once. A signed-in player's round starts say where they play.
//!
//! Any node serves it. The node running the event follows the view its actor publishes (`watch`). Any other node
//! (cluster mode) reads the event as stored every [`POLL`], as `GET /api/tournaments/{id}` does there: every
//! change is stored before it is published, so it lags by at most that, and needs no new traffic between nodes
//! (each socket's reads cost what the page's former polling cost). When the event moves to or from this node the
//! socket follows it on its next look.
use super::writer;
use crate::api::session::CurrentAccount;
use crate::error::ApiError;
use crate::protocol::tournament::EventView;
use crate::protocol::{EventFeed, close};
use crate::room::Out;
use crate::state::AppState;
use crate::tournament::announcements::for_you;
use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

/// How often a node that does not run the event reads it again.
pub const POLL: Duration = Duration::from_secs(2);
/// How often a socket following a local actor looks again whether the event still runs here.
const RECHECK: Duration = Duration::from_secs(5);

#[derive(serde::Deserialize)]
pub struct Resume {
    /// The last announcement the page holds: only later ones are sent.
    #[serde(default)]
    since: u32,
}

pub async fn upgrade(
    ws: WebSocketUpgrade,
    Path(id): Path<String>,
    Query(resume): Query<Resume>,
    State(state): State<AppState>,
    headers: HeaderMap,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    account: Option<CurrentAccount>,
) -> Response {
    if let Err(refused) = super::admit(&state, &headers, peer) {
        return refused;
    }
    let first = match look(&state, &id).await {
        Ok(Some(found)) => found,
        Ok(None) => return ApiError::not_found("no_such_tournament", "no tournament with this id").into_response(),
        Err(e) => return e.into_response(),
    };
    let account = account.map(|a| a.0.id);
    let tracker = state.tracker.clone();
    ws.max_message_size(super::MAX_MESSAGE)
        .on_upgrade(move |socket| tracker.track_future(run(socket, state, id, account, resume.since, first)))
}

/// The event as this node sees it now: its view, and the actor's feed when it runs here.
type Found = (Arc<EventView>, Option<watch::Receiver<Arc<EventView>>>);

async fn look(state: &AppState, id: &str) -> Result<Option<Found>, ApiError> {
    if let Some(h) = state.tournaments.get(id) {
        let view = h.view.borrow().clone();
        return Ok(Some((view, Some(h.view))));
    }
    if state.cluster.is_none() {
        return Ok(None);
    }
    let stored = crate::tournament::stored(&state.tournament_deps(), id).await.map_err(ApiError::internal)?;
    Ok(stored.map(|h| (h.view.borrow().clone(), None)))
}

/// What one connection has been sent.
struct Sent {
    v: u64,
    view: Option<Arc<EventView>>,
    announced: u32,
}

impl Sent {
    /// The frames that bring this connection to `view`: the view if it changed, then each new announcement.
    fn frames(&mut self, view: &Arc<EventView>, account: Option<&str>) -> Vec<EventFeed> {
        let mut out = Vec::new();
        let same = self.view.as_ref().is_some_and(|had| Arc::ptr_eq(had, view) || had == view);
        if !same {
            self.v += 1;
            let mut bare = (**view).clone();
            bare.announcements.clear();
            out.push(EventFeed::View { v: self.v, view: Box::new(bare) });
            self.view = Some(view.clone());
        }
        let after = self.announced;
        for a in view.announcements.iter().filter(|a| a.seq > after) {
            let mut a = a.clone();
            a.for_you = account.and_then(|me| for_you(view, me, &a));
            self.announced = a.seq;
            out.push(EventFeed::Announcement { announcement: a });
        }
        out
    }
}

async fn run(socket: WebSocket, state: AppState, id: String, account: Option<String>, since: u32, first: Found) {
    metrics::gauge!("gb_ws_connections").increment(1.0);
    let (sink, mut stream) = socket.split();
    let (tx, rx) = mpsc::channel::<Out>(state.settings.ws_queue);
    let kill = CancellationToken::new();
    let shutdown = state.shutdown.clone();
    let writer = state.tracker.spawn(writer::run(sink, rx, kill.clone(), shutdown.clone()));
    let send = |msg: &EventFeed| {
        let text = serde_json::to_string(msg).expect("event frames serialize");
        // A full queue: the page is too slow; the writer closes it and the page reconnects with `since`.
        if tx.try_send(Out::Text(Utf8Bytes::from(text), None)).is_err() {
            kill.cancel();
        }
    };
    let mut sent = Sent { v: 0, view: None, announced: since };
    let (mut view, mut feed) = first;
    let idle_within = Duration::from_secs(state.settings.limits.ws_idle_timeout_secs);
    let mut heard = Instant::now();
    'socket: loop {
        for frame in sent.frames(&view, account.as_deref()) {
            send(&frame);
        }
        // Wait for a change: the actor's next view here, or the next read of the stored event.
        let next = async {
            match feed.as_mut() {
                Some(rx) => match tokio::time::timeout(RECHECK, rx.changed()).await {
                    Ok(Ok(())) => Some(rx.borrow_and_update().clone()),
                    _ => None, // stopped here, or a recheck: look again
                },
                None => {
                    tokio::time::sleep(POLL).await;
                    None
                }
            }
        };
        tokio::select! {
            changed = next => match changed {
                Some(v) => view = v,
                None => match look(&state, &id).await {
                    Ok(Some((v, f))) => (view, feed) = (v, f),
                    Ok(None) => {
                        let _ = tx.try_send(Out::Close(close::UNKNOWN_ROOM, "the event no longer exists"));
                        break 'socket;
                    }
                    Err(e) => tracing::warn!(event = %id, "event socket: {}", e.message),
                },
            },
            msg = stream.next() => match msg {
                Some(Ok(Message::Text(t))) => {
                    heard = Instant::now();
                    let ping = serde_json::from_str::<serde_json::Value>(&t).is_ok_and(|m| m["type"] == "ping");
                    if ping {
                        send(&EventFeed::Pong);
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break 'socket,
                Some(Ok(_)) => heard = Instant::now(),
            },
            _ = tokio::time::sleep_until(heard + idle_within) => {
                let _ = tx.try_send(Out::Close(close::IDLE, "silent too long: send a ping now and then"));
                break 'socket;
            }
            _ = kill.cancelled() => break 'socket,
            _ = shutdown.cancelled() => break 'socket,
        }
    }
    drop(tx);
    let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
    metrics::gauge!("gb_ws_connections").decrement(1.0);
}
