//! Tournaments over REST (docs/tournaments.md "On the server", docs/protocol.md "Tournaments"): what an event
//! publishes (its log plus what the pages derive from it) and the organizer's and players' request bodies. The
//! log's own types (settings, results, standings) are gb-tournament's, exported through its `ts` feature.
use gb_tournament::{BracketSeed, Infraction, JudgeAction, Penalty, PenaltyKind, Settings, TableResult, Tournament};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The reason recorded with a no-show's match loss and drop (docs/tournaments.md, "Check-in and no-shows").
pub const NO_SHOW: &str = "no-show";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum EventStatus {
    Registration,
    /// Registration closed, round 1 not yet paired (late entries go through the organizer).
    Closed,
    Running,
    Finished,
}

impl EventStatus {
    const ALL: [EventStatus; 4] =
        [EventStatus::Registration, EventStatus::Closed, EventStatus::Running, EventStatus::Finished];

    /// The stored (and serialized) name.
    pub fn name(self) -> &'static str {
        match self {
            EventStatus::Registration => "registration",
            EventStatus::Closed => "closed",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
        }
    }

    pub fn parse(s: &str) -> Option<EventStatus> {
        Self::ALL.into_iter().find(|e| e.name() == s)
    }
}

/// `GET /api/tournaments/{id}` and the reply of every change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct EventView {
    pub id: String,
    pub organizer_id: String,
    pub status: EventStatus,
    /// The whole log, in the tournament file format of docs/tournaments.md, without deck lists until the event is
    /// over; then with those its `deck_lists` setting publishes.
    pub log: Tournament,
    pub rounds: Vec<RoundView>,
    /// Set once the last playoff match (or the last Swiss round, without a top cut) has a result.
    pub champion: Option<String>,
    /// Every round is played (the event's status becomes `finished`).
    pub over: bool,
    /// Why the next round cannot be paired now (a table still playing, no legal pairing, ...), in words.
    pub next_round_blocked: Option<String>,
    /// The players checked in for the event, in registration order.
    pub checked_in: Vec<String>,
    /// The top cut as the current standings would seed it (1v8, 4v5, 2v7, 3v6; `null` for a seed nobody fills),
    /// shown as provisional until the cut is paired; empty without a top cut, before round 1 and once it is paired.
    pub provisional_bracket: Vec<[Option<BracketSeed>; 2]>,
    /// What the organizer should know before it blocks the event, in words: e.g. more Swiss rounds than the
    /// players registered can play without a rematch.
    pub warnings: Vec<String>,
    /// The Swiss rounds the event plays: the setting's number, or for `auto` the count round 1's turnout fixed
    /// (`null` before round 1); 0 for single elimination. Rounds after it are the top cut.
    pub swiss_rounds: Option<u32>,
    /// The latest announcements (at most 50), oldest first (docs/tournaments.md, "Announcements").
    #[serde(default)]
    pub announcements: Vec<crate::announce::Announcement>,
    /// The judges the organizer appointed (docs/tournaments.md, "Judges"), in the order appointed.
    pub judges: Vec<EventJudge>,
    /// Every penalty and time extension, in round and table order (a player's record is theirs).
    pub penalties: Vec<Penalty>,
    /// The table of the round being played that the organizer features for spectators (docs/tournaments.md,
    /// "Featured table"); `null` when none is, or once its round is over.
    #[serde(default)]
    pub featured: Option<TableRef>,
}

/// A table of a round, by its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TableRef {
    pub round: u32,
    pub table: u32,
}

/// `POST /api/tournaments/{id}/featured`: the organizer features a table of the round being played for
/// spectators, or none (`null`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct FeatureTable {
    pub table: Option<u32>,
}

/// An account the organizer appointed to judge the event: it may give penalties and open the judge view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct EventJudge {
    pub account_id: String,
    pub name: String,
}

/// `POST /api/tournaments/{id}/judges`: the organizer appoints an account as a judge of the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AppointJudge {
    pub account_id: String,
}

/// `POST /api/tournaments/{id}/penalties`: a penalty (or a time extension) for a player, given by the caller, who
/// is the organizer or one of the event's judges. Without `round` and `table`, at the player's table of the round
/// being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct IssuePenalty {
    pub player: String,
    pub kind: PenaltyKind,
    pub infraction: Infraction,
    #[serde(default)]
    pub reason: String,
    /// A time extension's length, 1 to [`MAX_EXTENSION_MINUTES`]; only with `time_extension`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub minutes: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub table: Option<u32>,
}

/// The most minutes of time extension one table may be given in all (a day): more is no round clock.
pub const MAX_EXTENSION_MINUTES: u32 = 24 * 60;

/// `GET /api/tournaments/{id}/rounds/{round}/tables/{table}/judge_view`: the table's game with nothing hidden,
/// for the organizer and the event's judges only. Each opening is audited and shown to the table.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct JudgeBoard {
    pub round: u32,
    pub table: u32,
    pub room_id: String,
    /// The players' names, seat A first.
    pub players: [String; 2],
    /// The game shown, from 0 (the room's current or last game).
    pub game: u32,
    /// `null` before the room's first game has started.
    pub view: Option<gb_core::view::JudgeView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RoundView {
    pub number: u32,
    /// The round clock: paired at, and time called at (the round limit; a table's extension adds to it).
    #[ts(type = "number")]
    pub started_at_ms: i64,
    #[ts(type = "number")]
    pub time_called_at_ms: i64,
    /// When seats that have not joined their table become no-shows; `null` when the event has none.
    #[ts(type = "number | null")]
    pub no_show_at_ms: Option<i64>,
    pub tables: Vec<TableView>,
    pub byes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TableView {
    pub table: u32,
    pub players: [String; 2],
    pub room_id: Option<String>,
    /// The result in force (a correction supersedes what the room reported).
    pub result: TableResult,
    pub extension_minutes: u32,
    /// Time has been called on this table: the end-of-round turns are being played (or are over).
    pub time_called: bool,
    /// Whether each player has joined the table's room (the no-show rule).
    pub arrived: [bool; 2],
}

/// `POST /api/tournaments`. The seed is drawn by the server unless given (to replay an event's pairings).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    pub name: String,
    pub settings: Settings,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(type = "number")]
    pub seed: Option<u64>,
}

/// `POST /api/tournaments/{id}/late_entries`: the organizer enters an account with a preconstructed deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LateEntry {
    pub account_id: String,
    pub preconstructed: String,
}

/// `POST /api/tournaments/{id}/computers`: the organizer enters `count` computer players (1 to 16; an event
/// holds at most 64) played at `level` (default greedy, "Medium"), while registration is open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct AddComputers {
    pub count: u32,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub level: Option<crate::BotLevel>,
}

/// A drop or re-add: why, in words (may be empty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Reason {
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

/// `POST /api/tournaments/{id}/judge`: a judge action at one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Judge {
    pub round: u32,
    pub table: u32,
    pub action: JudgeAction,
}

/// `POST /api/tournaments/{id}/corrections`: a table's result replaced, with the reason (required).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Correct {
    pub round: u32,
    pub table: u32,
    pub result: TableResult,
    pub reason: String,
}

/// `POST /api/tournaments/{id}/rounds/{round}/tables/{table}/concede`: `{player?}`, by default the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Concede {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// `POST /api/tournaments/{id}/check-in`: `{player?}`, by default the caller; before round 1.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CheckIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

/// One entry of a re-paired round: a table of two players, or a bye. Tables are numbered in the order given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum ManualPairing {
    Table { players: [String; 2] },
    Bye { bye: String },
}

/// `POST /api/tournaments/{id}/rounds/current/pairings`: the organizer's pairings for the round being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Repair {
    pub pairings: Vec<ManualPairing>,
    pub reason: String,
    /// Pairs the rematches and second byes the list makes anyway (automatic pairing never does; the reason says
    /// why, and the audit names them). Without it such a list is refused (409 `needs_confirmation`).
    #[serde(default)]
    pub confirm: bool,
}

/// `POST /api/tournaments/{id}/swiss_rounds`: the number of Swiss rounds from now on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SetSwissRounds {
    pub rounds: u8,
    pub reason: String,
}

/// One event of `GET /api/tournaments`: enough to choose it from the lobby (its format, where it stands, how many
/// have entered); nothing about the players themselves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct EventSummary {
    pub id: String,
    pub name: String,
    pub status: EventStatus,
    pub settings: Settings,
    /// Players registered (late entries included), whether or not they dropped since.
    pub players: u32,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
}

/// `GET /api/tournaments`: the lobby's events. `upcoming` (registration open or closed, round 1 not paired) and
/// `running` are listed whole, oldest first; `finished` holds the most recent [`FINISHED_LISTED`], newest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct EventList {
    pub upcoming: Vec<EventSummary>,
    pub running: Vec<EventSummary>,
    pub finished: Vec<EventSummary>,
}

/// How many finished events the lobby lists.
pub const FINISHED_LISTED: usize = 20;

/// One line of `GET /api/tournaments/{id}/audit`: who did what, with the details as a JSON text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct AuditEntry {
    pub seq: i32,
    /// The account id of the organizer or player who did it, or `system` for a no-show the server recorded.
    pub actor: String,
    pub action: String,
    pub detail_json: String,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_at: i64,
}
