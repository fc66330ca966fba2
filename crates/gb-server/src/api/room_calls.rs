//! Lobby calls that need the live room (its info, a seat, a rematch), answered alike on every node (issue #15).
//! On the owner they run against the live room (room/port.rs); on another node they go to the owner over the room's RPC subject
//! (`Request::Rest`, bus/wire.rs) and its status and JSON body come back unchanged, so a client cannot tell
//! which node it asked. What needs no room (the session, a saved deck) is done by the node that was asked.
use crate::bus::wire::{Reply, Request, RoomCall};
use crate::cluster::Owner;
use crate::error::{ApiError, ApiResult};
use crate::room::RoomHandle;
use crate::room::run_call as run;
use crate::state::AppState;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::time::Duration;
use tokio::time::Instant;

/// How long a call waits for a room that has a lease but no owner yet (placed on another node and not claimed
/// yet, or between a drain's release and the next claim): many sweep intervals.
const CLAIM_WAIT: Duration = Duration::from_secs(3);
const POLL: Duration = Duration::from_millis(25);
/// One relayed call, the whole round trip. A join writes the seats and may start the game, so it gets longer
/// than an intent; past it the call may have run, and is answered 503 rather than sent again.
const REST_TIMEOUT: Duration = Duration::from_secs(5);
/// One relayed call that changes nothing (the room's info, its spectators' head): an owner that has not
/// answered by then is stalled (paused, partitioned), and the caller has an answer without it (the stored
/// row, the delay rule on stored times), so it is not kept waiting the five seconds a join may need.
const QUERY_TIMEOUT: Duration = Duration::from_secs(1);

/// The response header naming the node that ran a room call (cluster mode).
pub const NODE_HEADER: &str = "x-gb-node";

/// Where a room's calls run.
pub enum RoomAt {
    Here(RoomHandle),
    Owner(Owner),
}

/// Whether a relayed call that got no answer may have run on the owner.
enum Unanswered {
    /// Nobody took it (no responders, or the owner said `moved`): ask the new owner.
    NotRun,
    MaybeRun,
}

impl RoomAt {
    /// The room `id`: running on this node, or owned by another live node (cluster mode). 404 `no_such_room`
    /// when neither this node nor the lease table knows it, as on a single node.
    pub async fn find(state: &AppState, id: &str) -> ApiResult<RoomAt> {
        locate(state, id, false, CLAIM_WAIT).await
    }

    /// Runs `call` where the room is and renders its answer. In cluster mode the answer names the node that ran
    /// it, the room's owner, in `x-gb-node` (its `/healthz` `node`): a client that wants its sockets on the owner
    /// (the load generator's `--local` baseline) learns it there, since any node answers a room call.
    pub async fn call(self, state: &AppState, id: &str, call: RoomCall) -> Response {
        let answer = match self {
            RoomAt::Here(h) => Ok((run(&h, call).await, this_node(state))),
            RoomAt::Owner(owner) => remote(state, id, owner, call, CLAIM_WAIT).await,
        };
        match answer {
            Ok((answer, node)) => render(answer, node),
            Err(e) => e.into_response(),
        }
    }
}

/// `fresh`: skip the owner cache (the cached owner just failed us). `patience`: how long a room with a lease
/// and no live owner is waited for (then 503 `room_unavailable`).
async fn locate(state: &AppState, id: &str, mut fresh: bool, patience: Duration) -> ApiResult<RoomAt> {
    let not_found = || ApiError::not_found("no_such_room", "no room with this id");
    let deadline = Instant::now() + patience;
    loop {
        if let Some(h) = state.rooms.get(id) {
            return Ok(RoomAt::Here(h));
        }
        let Some(cluster) = state.cluster.as_ref().filter(|_| state.bus.enabled()) else { return Err(not_found()) };
        match state.bus.owner(&state.db, id, fresh).await {
            Some(o) if o.node != cluster.node_id() => return Ok(RoomAt::Owner(o)),
            // Claimed by this node a moment ago: its room is about to be registered.
            Some(_) => {}
            None => {
                if !crate::cluster::lease::exists(&state.db, id).await? {
                    return Err(not_found());
                }
            }
        }
        if Instant::now() >= deadline {
            return Err(unavailable());
        }
        fresh = true;
        tokio::time::sleep(POLL).await;
    }
}

/// `GET /api/rooms/{id}`: the live room's info from wherever it runs. A room no owner answers for right now
/// (mid-takeover, placed and not claimed yet, between a drain's release and the claim, its owner dead before its
/// lease expired) is shown from its `rooms` row at once, as the lobby shows it (api/lobby.rs), rather than
/// waited for and refused: nobody connected, no games, until its next owner answers.
pub async fn info(state: &AppState, id: &str) -> ApiResult<Response> {
    let answer = match locate(state, id, false, Duration::ZERO).await {
        Ok(RoomAt::Here(h)) => Some((run(&h, RoomCall::Info).await, this_node(state))),
        // Asking for info has no effect, so an owner that may have got the call and did not answer is passed over.
        Ok(RoomAt::Owner(owner)) => remote(state, id, owner, RoomCall::Info, Duration::ZERO).await.ok(),
        Err(e) if e.status == StatusCode::SERVICE_UNAVAILABLE => None,
        Err(e) => return Err(e),
    };
    match answer {
        Some((answer, node)) => Ok(render(answer, node)),
        // No owner answered: the stored row, which no node ran, so no `x-gb-node` (docs/multi-node.md).
        None => {
            let info = super::lobby::stored(state, id).await?.ok_or_else(unavailable)?;
            metrics::counter!("gb_room_info_stored_total").increment(1);
            Ok(render((StatusCode::OK, serde_json::to_string(&info).map_err(ApiError::internal)?), None))
        }
    }
}

/// A room call's JSON answer, naming the node that ran it in `x-gb-node` (cluster mode).
fn render((status, body): (StatusCode, String), node: Option<String>) -> Response {
    let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body).into_response();
    if let Some(node) = node.and_then(|n| header::HeaderValue::from_str(&n).ok()) {
        response.headers_mut().insert(NODE_HEADER, node);
    }
    response
}

/// This node's id in cluster mode (what `x-gb-node` names when the room runs here).
fn this_node(state: &AppState) -> Option<String> {
    state.cluster.as_ref().map(|c| c.node_id())
}

fn unavailable() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "room_unavailable", "the room's server cannot be reached; try again")
}

/// Whether the room is open: running here, or (cluster mode) a live room of the cluster, i.e. it has a lease row
/// (idle eviction deletes it). A replay withholds a finished match's deck lists while its room is open, on
/// every node alike.
pub async fn is_open(state: &AppState, id: &str) -> ApiResult<bool> {
    if state.rooms.get(id).is_some() {
        return Ok(true);
    }
    match &state.cluster {
        Some(_) => Ok(crate::cluster::lease::exists(&state.db, id).await?),
        None => Ok(false),
    }
}

/// The current match and the last version its spectators have been shown, from the room wherever it runs:
/// here, or asked of its owner (cluster mode). `None` when no node runs it now or the owner did not answer;
/// the public replay then applies the delay rule to the stored times (api/replay).
pub async fn spectator_head(state: &AppState, id: &str) -> Option<(String, u32)> {
    if let Some(h) = state.rooms.get(id) {
        return h.spectator_head().await.ok().flatten();
    }
    let cluster = state.cluster.as_ref().filter(|_| state.bus.enabled())?;
    let owner = state.bus.owner(&state.db, id, false).await.filter(|o| o.node != cluster.node_id())?;
    match remote(state, id, owner, RoomCall::SpectatorHead, CLAIM_WAIT).await {
        Ok(((status, body), _)) if status == StatusCode::OK => serde_json::from_str(&body).ok().flatten(),
        _ => None,
    }
}

/// The caller's side: the call goes to the owner's RPC subject. A call nobody took is sent again to the owner
/// found afresh: once, then every `POLL` until `patience` is up (a room without an owner is waited for as long);
/// one that may have run is not repeated (a join is not idempotent) and answers 503. With the answer: the node
/// that ran the call.
async fn remote(
    state: &AppState,
    id: &str,
    mut owner: Owner,
    call: RoomCall,
    patience: Duration,
) -> ApiResult<((StatusCode, String), Option<String>)> {
    let client = state.bus.client().ok_or_else(unavailable)?;
    let what = call_name(&call);
    let timeout = match call {
        RoomCall::Info | RoomCall::SpectatorHead => QUERY_TIMEOUT,
        RoomCall::Join { .. }
        | RoomCall::Rematch { .. }
        | RoomCall::Start { .. }
        | RoomCall::ClaimWin { .. }
        | RoomCall::AskTakeback { .. }
        | RoomCall::AnswerTakeback { .. } => REST_TIMEOUT,
    };
    let deadline = Instant::now() + patience;
    for attempt in 0.. {
        let started = std::time::Instant::now();
        let outcome =
            ask(client, crate::bus::rpc_subject(id, owner.epoch), &Request::Rest { call: call.clone() }, timeout).await;
        metrics::histogram!("gb_rest_rpc_seconds").record(started.elapsed().as_secs_f64());
        let label = match &outcome {
            Ok(_) => "answered",
            Err(Unanswered::NotRun) => "moved",
            Err(Unanswered::MaybeRun) => "timeout",
        };
        metrics::counter!("gb_rest_relayed_total", "call" => what, "outcome" => label).increment(1);
        match outcome {
            Ok((status, body)) => {
                return Ok(((StatusCode::from_u16(status).map_err(ApiError::internal)?, body), Some(owner.node)));
            }
            Err(Unanswered::MaybeRun) => break,
            // Nobody took it: the room moved, or its owner has claimed it and is not serving its subject yet
            // (`serve_room` subscribes just after the claim; two quick tries could both fall in that window and
            // refuse a join, as a loaded CI run showed). Asked again, fresh, once and then until `patience` is up.
            Err(Unanswered::NotRun) if attempt == 0 || Instant::now() < deadline => {
                if attempt > 0 {
                    tokio::time::sleep(POLL).await;
                }
                match locate(state, id, true, deadline.saturating_duration_since(Instant::now())).await? {
                    RoomAt::Here(h) => return Ok((run(&h, call).await, this_node(state))),
                    RoomAt::Owner(o) => owner = o,
                }
            }
            Err(Unanswered::NotRun) => break,
        }
    }
    Err(unavailable())
}

fn call_name(call: &RoomCall) -> &'static str {
    match call {
        RoomCall::Info => "info",
        RoomCall::Join { .. } => "join",
        RoomCall::Rematch { .. } => "rematch",
        RoomCall::Start { .. } => "start",
        RoomCall::ClaimWin { .. } => "claim_win",
        RoomCall::AskTakeback { .. } => "ask_takeback",
        RoomCall::AnswerTakeback { .. } => "answer_takeback",
        RoomCall::SpectatorHead => "spectator_head",
    }
}

async fn ask(
    client: &async_nats::Client,
    subject: String,
    req: &Request,
    timeout: Duration,
) -> Result<(u16, String), Unanswered> {
    let body = serde_json::to_vec(req).expect("requests serialize");
    match tokio::time::timeout(timeout, client.request(subject, body.into())).await {
        Ok(Ok(msg)) => match serde_json::from_slice(&msg.payload) {
            Ok(Reply::Rest { status, body }) => Ok((status, body)),
            // The call ran; its answer could not cross NATS (logged and counted by the owner): not repeated.
            Ok(Reply::TooLarge { .. }) => Err(Unanswered::MaybeRun),
            Ok(_) => Err(Unanswered::NotRun),
            Err(e) => {
                tracing::warn!(error = %e, "bad room RPC reply");
                Err(Unanswered::MaybeRun)
            }
        },
        Ok(Err(e)) if e.kind() == async_nats::RequestErrorKind::NoResponders => Err(Unanswered::NotRun),
        _ => Err(Unanswered::MaybeRun),
    }
}
