//! The top-level router: `/api`, `/ws/rooms/{id}`, `/healthz`, the static web client, and the shared layers; and
//! the private metrics router.
use crate::state::AppState;
use crate::{api, origin, telemetry};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::routing::get;
use std::time::Duration;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub fn router(state: AppState) -> Router {
    let settings = state.settings.clone();
    let api = api::router(&state).layer(middleware::from_fn_with_state(state.clone(), origin::check_origin));
    let mut app = Router::new()
        .route("/healthz", get(api::ops::healthz))
        .nest("/api", api)
        .route("/ws/rooms/{id}", get(crate::ws::upgrade))
        // route_layer: only matched routes, so MatchedPath gives bounded metric labels.
        .route_layer(middleware::from_fn(telemetry::track_http));
    if settings.static_dir.is_dir() {
        // Unknown paths get index.html so client-side routes (e.g. /decks/123) survive a reload.
        let index = ServeFile::new(settings.static_dir.join("index.html"));
        app = app.fallback_service(ServeDir::new(&settings.static_dir).fallback(index));
    } else {
        tracing::info!(dir = %settings.static_dir.display(), "no static directory; web client not served");
    }
    app.layer(DefaultBodyLimit::max(settings.max_body_bytes))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(settings.request_timeout_secs),
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// The private listener's router (`limits.metrics_bind`): Prometheus text only. The public listener has no
/// `/metrics`, since the live intent counts would tell what the spectator delay hides.
pub fn metrics_router(state: AppState) -> Router {
    Router::new().route("/metrics", get(api::ops::metrics)).with_state(state)
}
