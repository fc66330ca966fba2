//! Operational endpoints: `/healthz` (database round trip) and `/metrics` (Prometheus text).
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde_json::json;

pub async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({ "status": "ok", "db": state.db.backend() }))),
        Err(e) => {
            tracing::warn!(error = %e, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "unavailable", "db": state.db.backend() })))
        }
    }
}

pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    // Upkeep drains histogram buckets; doing it at scrape time avoids a dedicated task.
    state.metrics.run_upkeep();
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render())
}
