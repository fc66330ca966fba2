//! Decks over REST (docs/protocol.md, "Decks"): saved lists, text import, live validation (CR 101).
use gb_core::{DeckList, Rejection};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/decks`, `PUT /api/decks/{id}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DeckBody {
    /// Defaults to `list.name`.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub name: Option<String>,
    pub list: DeckList,
}

/// `POST /api/decks/import`: deck text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ImportBody {
    pub text: String,
    /// Overrides the `Name:` line of the text.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub name: Option<String>,
}

/// `POST /api/decks/validate`: a structured list or deck text, whichever the deck builder has at hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ValidateBody {
    #[serde(default)]
    #[ts(optional = nullable)]
    pub list: Option<DeckList>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub text: Option<String>,
}

/// The answer of `POST /api/decks/validate`: every deck-building rule the list breaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(concrete(R = Rejection))]
pub struct ValidateReply<R = Rejection> {
    pub ok: bool,
    pub errors: Vec<R>,
}

/// A saved deck, as the API returns it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct DeckView {
    pub id: String,
    pub name: String,
    pub list: DeckList,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
    #[ts(type = "number")]
    pub updated_at: i64,
}
