//! The body of every failed REST call: `{ "error": { "code", "message", "rejections"? } }`.
use gb_core::Rejection;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(concrete(R = Rejection))]
pub struct ErrorBody<R = Rejection> {
    pub error: ErrorDetail<R>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(concrete(R = Rejection))]
pub struct ErrorDetail<R = Rejection> {
    /// Stable snake_case code; clients switch on it.
    pub code: String,
    /// One human sentence.
    pub message: String,
    /// The rules engine's reasons when a deck is refused (`invalid_deck`); absent otherwise.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<R>>")]
    pub rejections: Vec<R>,
}

/// A request body refused before the server reads any state (`checks`, `names`): the status it is sent with, the
/// code and a sentence naming the field. The server turns it into its own error type unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub status: RefusalStatus,
    pub code: &'static str,
    pub message: String,
    /// The rules engine's reasons when a deck is refused (`invalid_deck`).
    pub rejections: Vec<Rejection>,
}

/// The two statuses a body check answers with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalStatus {
    /// 400: the body is not what the endpoint takes.
    BadRequest,
    /// 422: well formed, but a value is out of range.
    Unprocessable,
}

impl Refusal {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Refusal { status: RefusalStatus::BadRequest, code, message: message.into(), rejections: Vec::new() }
    }
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Refusal { status: RefusalStatus::Unprocessable, code, message: message.into(), rejections: Vec::new() }
    }
    /// A deck the rules refuse: every rejection (code, rule, message).
    pub fn invalid_deck(rejections: Vec<Rejection>) -> Self {
        let message = format!("the deck breaks {} deck-building rule(s)", rejections.len());
        Refusal { rejections, ..Self::unprocessable("invalid_deck", message) }
    }
}
