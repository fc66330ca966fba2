//! An event's calls from other nodes (docs/multi-node.md, "Tournaments"): while this node runs an event under
//! lease epoch e it answers `gb.v1.event.{event}.e{e}.http`. A call is the client's HTTP request as the node it
//! reached received it (api/tournament_calls.rs); the owner runs it through its own API router, so the answer (status,
//! body) is byte for byte what the client would have had from the owner, and the session and every check are the
//! owner's. The router is handed in (state.rs, `AppState::tournament_deps`): the bus knows no API. The subject carries the epoch, so a deposed owner that wakes up never answers for its successor.
use super::Bus;
use axum::body::Body;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// The header a forwarded call carries: the owner runs it here and never forwards it again.
pub const FORWARDED: &str = "gb-forwarded";

pub fn tournament_subject(event: &str, epoch: i64) -> String {
    format!("gb.v1.event.{event}.e{epoch}.http")
}

/// A client's request, forwarded to the event's owner.
#[derive(Serialize, Deserialize)]
pub struct HttpCall {
    pub method: String,
    /// Path and query, from `/api`.
    pub uri: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

/// The owner's answer, sent to the client unchanged.
#[derive(Serialize, Deserialize)]
pub struct HttpAnswer {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: String,
}

/// Answers the event's subject until `stop` (the actor ended) or `shutdown`, each call run through `app` in its
/// own task on `tracker`.
pub fn serve_tournament(
    bus: &Bus,
    (tracker, shutdown): (TaskTracker, CancellationToken),
    app: axum::Router,
    event: String,
    epoch: i64,
    stop: CancellationToken,
) {
    let Some(client) = bus.client().cloned() else { return };
    let calls = tracker.clone();
    tracker.spawn(async move {
        let mut sub = match client.subscribe(tournament_subject(&event, epoch)).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(%event, error = %e, "event subject not served: other nodes cannot reach it");
                return;
            }
        };
        loop {
            let msg = tokio::select! {
                m = sub.next() => m,
                () = stop.cancelled() => None,
                () = shutdown.cancelled() => None,
            };
            let Some(msg) = msg else { break };
            let (app, client) = (app.clone(), client.clone());
            calls.spawn(async move {
                let Some(reply_to) = msg.reply else { return };
                let answer = match serde_json::from_slice::<HttpCall>(&msg.payload) {
                    Ok(call) => run(app, call).await,
                    Err(e) => HttpAnswer { status: 400, content_type: None, body: format!("bad event call: {e}") },
                };
                let body = serde_json::to_vec(&answer).expect("answers serialize");
                if let Err(e) = client.publish(reply_to, body.into()).await {
                    tracing::warn!(error = %e, "event call answer not sent");
                }
            });
        }
        let _ = sub.unsubscribe().await;
    });
}

async fn run(app: axum::Router, call: HttpCall) -> HttpAnswer {
    let mut req = axum::http::Request::builder().method(call.method.as_str()).uri(&call.uri);
    for (k, v) in &call.headers {
        req = req.header(k, v);
    }
    let req = match req.header(FORWARDED, "1").body(Body::from(call.body)) {
        Ok(r) => r,
        Err(e) => return HttpAnswer { status: 400, content_type: None, body: format!("bad event call: {e}") },
    };
    let res = match app.oneshot(req).await {
        Ok(r) => r,
        Err(never) => match never {},
    };
    let status = res.status().as_u16();
    let content_type =
        res.headers().get(axum::http::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let body = match axum::body::to_bytes(res.into_body(), usize::MAX).await {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return HttpAnswer { status: 500, content_type: None, body: format!("answer not read: {e}") },
    };
    HttpAnswer { status, content_type, body }
}
