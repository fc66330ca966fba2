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
