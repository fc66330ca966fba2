//! Wire protocol v1 (docs/protocol.md): every REST body and WebSocket message that gb-server defines. These
//! Rust types are the source of truth; `tests/bindings.rs` fails when `web-client/src/gen/` is stale.
use gb_core::view::MatchView;
use gb_core::{DeckList, Event, Intent, Rejection, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub const PROTOCOL_VERSION: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Public,
    Private,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SpectatorDelay {
    /// Spectators see each version this many seconds after it was accepted.
    Seconds(u32),
    /// Spectators see each version once this many further turns have begun (or the game is over).
    Turns(u32),
}

/// How a seat's thinking time is limited. A clock runs only while its seat owes a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClockSetting {
    /// Chess clock: one budget for the game, plus `increment_ms` after each of the seat's accepted intents.
    Chess { initial_ms: u32, increment_ms: u32, disconnect_bank_ms: u32 },
    /// `limit_ms` for each run of decisions: refilled whenever the seat starts owing.
    PerTurn { limit_ms: u32, disconnect_bank_ms: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// A seat is empty.
    Waiting,
    /// A game is running.
    Playing,
    /// The last game ended; a rematch may start the next one.
    Finished,
}

/// Clock state at the version it comes with. The running clock keeps running from then on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Clocks {
    /// Remaining thinking time of seat A, then seat B.
    pub remaining_ms: [u32; 2],
    /// Remaining disconnection bank of seat A, then seat B.
    pub bank_ms: [u32; 2],
    /// The seat whose clock is running, if any.
    pub running: Option<Seat>,
}

/// How strongly the computer plays in "play vs computer": one of gb-bot's three bots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Easy: a uniformly random legal intent.
    Random,
    /// Medium: one ply over sampled worlds, scored by a heuristic.
    #[default]
    Greedy,
    /// Hard: information-set Monte Carlo tree search (up to ~450 ms per decision).
    Search,
}

impl BotLevel {
    /// The wire name, or the lobby's word for it (`easy`, `medium`, `hard`).
    pub fn parse(s: &str) -> Option<BotLevel> {
        match s {
            "random" | "easy" => Some(BotLevel::Random),
            "greedy" | "medium" => Some(BotLevel::Greedy),
            "search" | "hard" => Some(BotLevel::Search),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct SeatInfo {
    pub seat: Seat,
    pub display_name: String,
    pub connected: bool,
    pub bot: bool,
    /// The computer's level; `null` for a person.
    pub bot_level: Option<BotLevel>,
    /// This seat asked for the next game.
    pub rematch: bool,
}

/// One game of the room. `reason` is the engine's end reason, or `"time"` / `"disconnected"` for the clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct GameResult {
    pub match_id: String,
    pub winner: Option<Seat>,
    pub reason: Option<String>,
    /// Published when the game started: hex SHA-256 of "gb-seed-v1" ‖ seed (u64 LE) ‖ nonce.
    pub seed_hash: String,
    /// Revealed once the game is over.
    pub seed: Option<String>,
    pub nonce: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct RoomInfo {
    pub id: String,
    pub visibility: Visibility,
    pub best_of: u8,
    pub seats: [Option<SeatInfo>; 2],
    pub status: RoomStatus,
    /// Every game of the room so far, the current one last.
    pub games: Vec<GameResult>,
    /// Who has won the best of 3 (two game wins, as in tournaments.md); then no further game starts. `None`
    /// before that, and always in a one-game room, whose rematches are new single games.
    pub series_winner: Option<Seat>,
    pub spectators: u32,
    pub spectator_delay: Option<SpectatorDelay>,
    pub clock: Option<ClockSetting>,
    /// Seed commitment of the current game (empty before the first game starts).
    pub seed_hash: String,
    /// The current game's last public version: the spectators' head, which trails the live version by the
    /// spectator delay (players learn the live version from their own stream).
    pub version: u32,
}

/// `POST /api/rooms`.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct CreateRoom {
    pub visibility: Visibility,
    pub best_of: u8,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub spectator_delay: Option<SpectatorDelay>,
    #[serde(default)]
    #[ts(optional = nullable)]
    pub clock: Option<ClockSetting>,
    #[serde(default)]
    pub vs_bot: bool,
    /// The computer's level when `vs_bot` (default `greedy`). Read as text so an unknown level gets its own
    /// 400 `unknown_bot_level` rather than a generic JSON error.
    #[serde(default)]
    #[ts(optional = nullable, as = "Option<BotLevel>")]
    pub bot_level: Option<String>,
}

/// `POST /api/rooms/{id}/seats`: a saved deck or a preconstructed one.
#[derive(Clone, Debug, Deserialize, TS)]
#[serde(untagged)]
pub enum JoinSeat {
    Saved { deck_id: String },
    Preconstructed { preconstructed: String },
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct JoinReply {
    pub seat: Seat,
}

/// `POST /api/rooms/{id}/rematch`. The loser of the previous game says whether they want to go first (CR 200.4).
#[derive(Clone, Debug, Default, Deserialize, TS)]
pub struct RematchRequest {
    #[serde(default)]
    #[ts(optional = nullable)]
    pub go_first: Option<bool>,
}

#[derive(Clone, Debug, Serialize, TS)]
pub struct RoomList {
    pub open: Vec<RoomInfo>,
    pub live: Vec<RoomInfo>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    Spectator,
}

#[derive(Clone, Debug, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    Hello {
        protocol: u32,
        #[serde(rename = "as")]
        role: Role,
        last_version: Option<u32>,
        /// Index of the game `last_version` belongs to (best of three); absent means the current game.
        #[serde(default)]
        #[ts(optional = nullable)]
        game: Option<u32>,
    },
    Intent {
        seq: u32,
        intent: Intent,
    },
    Ping,
}

#[derive(Clone, Debug, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    Welcome { protocol: u32, room: RoomInfo, seat: Option<Seat>, version: u32, game: u32 },
    Snapshot { v: u32, game: u32, view: MatchView, legal: Vec<Intent>, clocks: Option<Clocks> },
    Update { v: u32, events: Vec<Event>, view: MatchView, legal: Vec<Intent>, clocks: Option<Clocks> },
    Skip { v: u32 },
    Accepted { seq: u32, v: u32 },
    Rejected { seq: u32, rejection: Rejection, legal: Vec<Intent> },
    Room { room: RoomInfo },
    Error { code: String, message: String },
    Pong,
}

impl ServerMsg {
    pub fn error(code: &str, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { code: code.to_owned(), message: message.into() }
    }
    /// The JSON text frame. Serializing these types cannot fail (no maps with non-string keys).
    pub fn encode(&self) -> String {
        thread_local! {
            // Updates are ~2.5–3.5 KB: encoding into a reused buffer and copying the result out once is
            // cheaper than growing a fresh one (four reallocations and copies), and the frame that is kept
            // in the stream history is exactly its size.
            static BUF: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        BUF.with_borrow_mut(|buf| {
            buf.clear();
            serde_json::to_writer(&mut *buf, self).expect("server messages serialize");
            String::from_utf8(buf.to_vec()).expect("serde_json writes UTF-8")
        })
    }
}

/// One step of a public or per-seat replay (`GET /api/matches/{id}/replay`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct ReplayStep {
    pub v: u32,
    pub events: Vec<Event>,
    pub view: MatchView,
}

/// `GET /api/matches/{id}/replay`. `record` is the full `gb_core::record::MatchRecord` JSON once the match is over
/// and its room has closed; until then `withheld` says why it is absent.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Replay {
    pub match_id: String,
    pub viewer: gb_core::Viewer,
    pub finished: bool,
    pub steps: Vec<ReplayStep>,
    #[ts(type = "unknown")]
    pub record: Option<serde_json::Value>,
    pub withheld: Option<String>,
}

/// The deck a seat brings, as stored with the room.
pub type SeatDeck = DeckList;

/// Every exported top-level type, for the bindings test (dependencies are exported with them).
pub fn export_bindings(dir: &std::path::Path) -> Result<(), ts_rs::ExportError> {
    let cfg = ts_rs::Config::from_env().with_out_dir(dir);
    RoomInfo::export_all(&cfg)?;
    CreateRoom::export_all(&cfg)?;
    JoinSeat::export_all(&cfg)?;
    JoinReply::export_all(&cfg)?;
    RematchRequest::export_all(&cfg)?;
    RoomList::export_all(&cfg)?;
    ClientMsg::export_all(&cfg)?;
    ServerMsg::export_all(&cfg)?;
    Replay::export_all(&cfg)?;
    Ok(())
}
