//! `GET /api/matches/{id}/replay` (docs/protocol.md, "Replays"). Generic over view and event like
//! [`crate::ServerMsg`]: gb-core's types on the server, JSON on a client.
use gb_core::Viewer;
use gb_core::view::MatchView;
use gb_core::{Event, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One step of a public or per-seat replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(concrete(V = MatchView, E = Event))]
pub struct ReplayStep<V = MatchView, E = Event> {
    pub v: u32,
    pub events: Vec<E>,
    pub view: V,
}

/// `GET /api/matches/{id}/replay`. `record` is the full `gb_core::record::MatchRecord` JSON once the match is over
/// and its room has closed; until then `withheld` says why it is absent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(concrete(V = MatchView, E = Event))]
pub struct Replay<V = MatchView, E = Event> {
    pub match_id: String,
    pub viewer: Viewer,
    pub finished: bool,
    pub steps: Vec<ReplayStep<V, E>>,
    #[ts(type = "unknown")]
    pub record: Option<serde_json::Value>,
    pub withheld: Option<String>,
}

/// A replay as a client reads it.
pub type ReplayReceived = Replay<serde_json::Value, serde_json::Value>;

/// The query of the replay endpoint: without `seat`, the public replay.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayQuery {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
}
