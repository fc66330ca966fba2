//! Origin checks for browser requests: the WebSocket upgrade and state-changing API calls.
//!
//! A cookie-authenticated endpoint must not be driven by another site. SameSite=Lax covers most
//! cross-site POSTs, but not WebSocket handshakes, so the upgrade checks `Origin` explicitly.
use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::state::AppState;

/// True if the request may proceed: no `Origin` (not a browser, e.g. tests or a CLI client),
/// an origin whose host:port equals the request's `Host`, or one listed in `allowed`.
pub fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    if allowed.iter().any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin)) {
        return true;
    }
    // "null" (sandboxed frames, file://) has no "://" and is refused here.
    let Some((_, origin_host)) = origin.split_once("://") else {
        return false;
    };
    match headers.get(header::HOST).and_then(|h| h.to_str().ok()) {
        Some(host) => host.eq_ignore_ascii_case(origin_host),
        None => false,
    }
}

/// Middleware: refuses non-GET requests from foreign origins with 403 `bad_origin`.
pub async fn check_origin(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && !origin_allowed(req.headers(), &state.settings.allowed_origins) {
        return ApiError::new(axum::http::StatusCode::FORBIDDEN, "bad_origin", "request from a foreign origin")
            .into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::origin_allowed;
    use axum::http::HeaderMap;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("host", host.parse().unwrap());
        if let Some(o) = origin {
            h.insert("origin", o.parse().unwrap());
        }
        h
    }

    #[test]
    fn same_host_absent_and_listed_origins_pass() {
        assert!(origin_allowed(&headers(None, "a.test"), &[]));
        assert!(origin_allowed(&headers(Some("http://a.test:8080"), "a.test:8080"), &[]));
        assert!(origin_allowed(&headers(Some("https://b.test"), "a.test"), &["https://b.test/".into()]));
    }

    #[test]
    fn foreign_and_null_origins_fail() {
        assert!(!origin_allowed(&headers(Some("http://evil.test"), "a.test"), &[]));
        assert!(!origin_allowed(&headers(Some("http://a.test:9999"), "a.test:8080"), &[]));
        assert!(!origin_allowed(&headers(Some("null"), "a.test"), &[]));
    }
}
