//! The top-level router: `/api`, `/ws/rooms/{id}`, `/healthz`, the static web client, and the shared layers; and
//! the private metrics router.
use crate::state::AppState;
use crate::{api, origin, telemetry};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware;
use axum::routing::get;
use std::time::Duration;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

/// The web client's Content-Security-Policy: its scripts, styles and requests come from this server only (the
/// WebSocket too: `'self'` covers `ws:`/`wss:` to the same host); inline `style` attributes are allowed because
/// the board sets them (Preact writes `style={…}`, e.g. a card's gem colour); the favicon is a `data:` image.
/// `frame-ancestors 'none'` keeps the site out of other sites' frames (clickjacking).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Headers on every answer: the CSP above, no framing for older browsers (`X-Frame-Options`), no guessing a
/// body's type from its bytes (`nosniff`), and no room id leaking to other sites in a `Referer`.
fn security_headers(app: Router<AppState>) -> Router<AppState> {
    let set = |name: HeaderName, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    };
    app.layer(set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .layer(set(header::X_FRAME_OPTIONS, "DENY"))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(set(header::REFERRER_POLICY, "same-origin"))
}

pub fn router(state: AppState) -> Router {
    let settings = state.settings.clone();
    // gzip or brotli, as the client accepts: a public replay of a long game is megabytes of repetitive JSON. Not on
    // the WebSocket route, whose 101 answer has no body to encode.
    let api = api::router(&state)
        .layer(middleware::from_fn_with_state(state.clone(), origin::check_origin))
        .layer(CompressionLayer::new());
    let mut app = Router::new()
        .route("/healthz", get(api::ops::healthz))
        .nest("/api", api)
        .route("/ws/rooms/{id}", get(crate::ws::upgrade))
        .route("/ws/events/{id}", get(crate::ws::tournament_feed::upgrade))
        // route_layer: only matched routes, so MatchedPath gives bounded metric labels.
        .route_layer(middleware::from_fn(telemetry::track_http));
    if settings.static_dir.is_dir() {
        // Unknown paths get index.html so client-side routes (e.g. /decks/123) survive a reload.
        let index = ServeFile::new(settings.static_dir.join("index.html"));
        let files = ServeDir::new(&settings.static_dir).fallback(index);
        app = app.fallback_service(tower::ServiceBuilder::new().layer(CompressionLayer::new()).service(files));
    } else {
        tracing::info!(dir = %settings.static_dir.display(), "no static directory; web client not served");
    }
    security_headers(app)
        .layer(DefaultBodyLimit::max(settings.max_body_bytes))
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
