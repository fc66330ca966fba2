//! Tournament calls on any node (issue #15; docs/multi-node.md, "Tournaments"). Each event runs on one node, its
//! lease's owner (tournament/lease.rs). A call reaching another node is forwarded to the owner over NATS as the
//! HTTP request it is (bus/tournaments.rs) and answered with the owner's status and body unchanged. While nobody owns
//! the event (its owner died and the lease has not expired, or between a drain's release and the next claim) a
//! read is answered from PostgreSQL at once (api/tournaments.rs `event`), and a command waits up to 3 s for the
//! next owner, then gets 503 `event_stopped`.
use crate::bus::tournaments::{FORWARDED, HttpAnswer, HttpCall, tournament_subject};
use crate::cluster::lease::tournament::{exists, owner_of};
use crate::error::ApiError;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;
use tokio::time::Instant;

/// How long a command waits for an event with a lease but no live owner (many sweep intervals).
const CLAIM_WAIT: Duration = Duration::from_secs(3);
const POLL: Duration = Duration::from_millis(25);
/// One forwarded call, the whole round trip. Past it the call may have run (a round paired), so it is answered
/// 503 rather than sent again.
const CALL_TIMEOUT: Duration = Duration::from_secs(5);
/// The largest request body forwarded (a registration with a full deck list is a few kilobytes).
const MAX_BODY: usize = 256 * 1024;

/// `/tournaments/{id}…` → `id`, for every route but the event's creation.
fn event_id(path: &str) -> Option<&str> {
    let path = path.strip_prefix("/api").unwrap_or(path);
    let rest = path.strip_prefix("/tournaments/")?;
    let id = rest.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

/// Middleware on the tournament routes: runs the call here if this node runs the event (or on a single node),
/// otherwise on the event's owner.
pub async fn forward(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let Some(cluster) = state.cluster.clone().filter(|_| state.bus.enabled()) else { return next.run(req).await };
    let Some(id) = event_id(req.uri().path()).map(str::to_owned) else { return next.run(req).await };
    if req.headers().contains_key(FORWARDED) {
        return next.run(req).await;
    }
    let read = req.method() == Method::GET;
    let deadline = Instant::now() + CLAIM_WAIT;
    loop {
        if state.tournaments.get(&id).is_some() {
            return next.run(req).await;
        }
        let owner = match owner_of(&state.db, &id).await {
            Ok(o) => o,
            Err(e) => return ApiError::internal(e).into_response(),
        };
        match owner {
            Some(o) if o.node != cluster.node_id() => {
                let (parts, body) = req.into_parts();
                let body = match axum::body::to_bytes(body, MAX_BODY).await {
                    Ok(b) => b,
                    Err(_) => return ApiError::bad_request("body_too_large", "request body too large").into_response(),
                };
                match relay(&state, &id, o.epoch, &parts, &body).await {
                    Relayed::Answered(r) => return r,
                    // Nobody serves that epoch (yet: a new owner subscribes as it rebuilds the event, or no more):
                    // the call did not run, so it is sent again, to the owner looked up afresh, until the deadline.
                    Relayed::NotRun => req = Request::from_parts(parts, Body::from(body)),
                }
            }
            Some(_) => {} // this node has just claimed it: its actor registers in a moment
            None if read => return next.run(req).await, // answered from PostgreSQL
            None => match exists(&state.db, &id).await {
                Ok(false) => return next.run(req).await, // no such event: the handler's 404
                Ok(true) => {}
                Err(e) => return ApiError::internal(e).into_response(),
            },
        }
        if Instant::now() >= deadline {
            return next.run(req).await; // the handler answers from PostgreSQL, or 503 for a command
        }
        tokio::time::sleep(POLL).await;
    }
}

enum Relayed {
    Answered(Response),
    NotRun,
}

async fn relay(state: &AppState, id: &str, epoch: i64, parts: &axum::http::request::Parts, body: &[u8]) -> Relayed {
    let Some(client) = state.bus.client() else {
        return Relayed::Answered(unavailable("this node is not connected to the other nodes"));
    };
    let Ok(body) = std::str::from_utf8(body) else {
        return Relayed::Answered(ApiError::bad_request("bad_body", "the body is not UTF-8").into_response());
    };
    let uri = parts.extensions.get::<axum::extract::OriginalUri>().map_or_else(
        || format!("/api{}", parts.uri.path_and_query().map_or("", |p| p.as_str())),
        |o| o.0.path_and_query().map_or_else(|| o.0.path().to_owned(), |p| p.as_str().to_owned()),
    );
    let headers = parts
        .headers
        .iter()
        .filter(|(k, _)| *k != header::HOST && *k != header::CONTENT_LENGTH)
        .filter_map(|(k, v)| Some((k.as_str().to_owned(), v.to_str().ok()?.to_owned())))
        .collect();
    let call = HttpCall { method: parts.method.to_string(), uri, headers, body: body.to_owned() };
    let payload = serde_json::to_vec(&call).expect("calls serialize");
    let started = std::time::Instant::now();
    let answer =
        tokio::time::timeout(CALL_TIMEOUT, client.request(tournament_subject(id, epoch), payload.into())).await;
    metrics::histogram!("gb_event_call_seconds").record(started.elapsed().as_secs_f64());
    let msg = match answer {
        Ok(Ok(msg)) => msg,
        Ok(Err(e)) if e.kind() == async_nats::RequestErrorKind::NoResponders => {
            metrics::counter!("gb_event_calls_total", "outcome" => "moved").increment(1);
            return Relayed::NotRun;
        }
        Ok(Err(e)) => {
            metrics::counter!("gb_event_calls_total", "outcome" => "failed").increment(1);
            return Relayed::Answered(unavailable(&format!("the event's node did not answer: {e}")));
        }
        Err(_) => {
            metrics::counter!("gb_event_calls_total", "outcome" => "timeout").increment(1);
            return Relayed::Answered(unavailable("the event's node did not answer in time"));
        }
    };
    metrics::counter!("gb_event_calls_total", "outcome" => "answered").increment(1);
    let Ok(a) = serde_json::from_slice::<HttpAnswer>(&msg.payload) else {
        return Relayed::Answered(unavailable("the event's node answered nonsense"));
    };
    let status = StatusCode::from_u16(a.status).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut res = (status, a.body).into_response();
    match a.content_type.and_then(|c| header::HeaderValue::from_str(&c).ok()) {
        Some(ct) => res.headers_mut().insert(header::CONTENT_TYPE, ct),
        None => res.headers_mut().remove(header::CONTENT_TYPE),
    };
    Relayed::Answered(res)
}

fn unavailable(msg: &str) -> Response {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "event_unavailable", msg.to_owned()).into_response()
}
