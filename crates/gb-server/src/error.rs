//! The one error type handlers return, rendered as gb-protocol's `ErrorBody`: `{ "error": { "code", "message", "rejections"? } }`.
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use gb_core::rejection::Rejection;
use gb_protocol::{ErrorBody, ErrorDetail, Refusal, RefusalStatus};

/// An API failure: an HTTP status, a stable machine-readable code, and a human message.
/// `rejections` carries the rules engine's reasons when a deck is refused.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub rejections: Vec<Rejection>,
    /// Sent as `Retry-After` (whole seconds) with a 429 or 503.
    pub retry_after: Option<std::time::Duration>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into(), rejections: Vec::new(), retry_after: None }
    }
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }
    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "not_logged_in", "log in or play as a guest first")
    }
    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }
    /// 429: a limit was reached; the client may try again after `retry_after`.
    pub fn too_many(code: &'static str, message: impl Into<String>, retry_after: std::time::Duration) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, code, message);
        e.retry_after = Some(retry_after);
        e
    }
    /// A deck the rules refuse: 422 with every rejection (code, rule, message).
    pub fn invalid_deck(rejections: Vec<Rejection>) -> Self {
        let mut e =
            Self::unprocessable("invalid_deck", format!("the deck breaks {} deck-building rule(s)", rejections.len()));
        e.rejections = rejections;
        e
    }
    /// Logs the real cause and shows the client only a generic message.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(%cause, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "internal server error")
    }
}

impl ApiError {
    /// The JSON body this error is sent with (also relayed between nodes as is: api/room_calls.rs).
    pub fn body(&self) -> ErrorBody {
        let rejections = self.rejections.clone();
        ErrorBody { error: ErrorDetail { code: self.code.to_owned(), message: self.message.clone(), rejections } }
    }
}

/// A body check's refusal (gb-protocol's `checks`, `names`), sent as it is.
impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        let status = match r.status {
            RefusalStatus::BadRequest => StatusCode::BAD_REQUEST,
            RefusalStatus::Unprocessable => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError { rejections: r.rejections, ..ApiError::new(status, r.code, r.message) }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::internal(format!("database: {e}"))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        let status = r.status();
        let code = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "body_too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "expected_json",
            _ => "bad_json",
        };
        ApiError::new(status, code, r.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(wait) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait.as_secs()));
        }
        response
    }
}

/// `Json<T>` whose rejections come out in our error format instead of axum's plain text.
#[derive(Debug, axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);
