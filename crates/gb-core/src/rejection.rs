//! Typed rejections: a stable machine code, the rule it rests on, and a sentence for people.
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

/// Why an intent, a deck list or a setup was refused. Nothing changes when one is returned.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rejection {
    /// Stable snake_case code, e.g. `"allotted_gem_used"`; clients may switch on it.
    pub code: &'static str,
    /// The rule it rests on, e.g. `"CR 301.2"`.
    pub rule: &'static str,
    /// One human sentence.
    // Borrowed when it names nothing particular: `legal_intents` has `check` refuse many candidates per call,
    // and such a refusal should cost no allocation.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub message: Cow<'static, str>,
}

impl Rejection {
    pub fn new(code: &'static str, rule: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Rejection { code, rule, message: message.into() }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.code, self.rule, self.message)
    }
}

impl std::error::Error for Rejection {}
