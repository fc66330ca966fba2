//! Operational endpoints: `/healthz` (database round trip) and `/metrics` (Prometheus text).
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde_json::json;

/// The database decides the status; `nats` reports the bus (`off` on a single node) without failing the check:
/// a node without NATS still serves its own rooms (docs/multi-node.md §4.6).
pub async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    let nats = state.bus.nats_state();
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({ "status": "ok", "db": state.db.backend(), "nats": nats }))),
        Err(e) => {
            tracing::warn!(error = %e, "health check failed");
            let body = json!({ "status": "unavailable", "db": state.db.backend(), "nats": nats });
            (StatusCode::SERVICE_UNAVAILABLE, Json(body))
        }
    }
}

pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    // Upkeep drains histogram buckets; doing it at scrape time avoids a dedicated task.
    state.metrics.run_upkeep();
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render())
}
