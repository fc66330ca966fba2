//! Operational endpoints: `/healthz` (database round trip) and `/metrics` (Prometheus text).
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde_json::json;

/// A single node: the database decides the status; `nats` reports the bus (`off` without a NATS url).
pub async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    if let Some(cluster) = &state.cluster {
        return cluster_health(&state, cluster).await;
    }
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

/// Cluster mode: the database, NATS (as the bus reports it), this node's id and owned rooms. 503 while draining
/// too, so a load balancer stops sending new clients here (readiness); NATS is reported, not required: a node
/// without it still serves its own rooms' local sockets (docs/multi-node.md, outages).
async fn cluster_health(state: &AppState, cluster: &crate::cluster::Cluster) -> (StatusCode, Json<serde_json::Value>) {
    let db_ok = state.db.ping().await.is_ok();
    let nats = state.bus.nats_state();
    let draining = cluster.is_draining();
    let ok = db_ok && !draining;
    let status = match (ok, draining) {
        (true, _) => "ok",
        (false, true) => "draining",
        (false, false) => "unavailable",
    };
    let body = json!({
        "status": status,
        "db": state.db.backend(),
        "db_ok": db_ok,
        "nats": nats,
        "node": cluster.node_id(),
        "rooms_owned": cluster.rooms_owned(),
    });
    (if ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE }, Json(body))
}

pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    // Upkeep drains histogram buckets; doing it at scrape time avoids a dedicated task.
    state.metrics.run_upkeep();
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], state.metrics.render())
}
