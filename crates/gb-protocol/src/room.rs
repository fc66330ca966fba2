//! Rooms over REST (docs/protocol.md, "Rooms"): what a room shows, how one is created and joined, rematches.
use gb_core::{DeckList, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

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
    /// Remaining thinking time of each seat in seat order (A, B, …; one per seat of the room, MP-19).
    pub remaining_ms: Vec<u32>,
    /// Remaining disconnection bank of each seat in seat order.
    pub bank_ms: Vec<u32>,
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeatInfo {
    pub seat: Seat,
    pub display_name: String,
    pub connected: bool,
    pub bot: bool,
    /// The computer's level; `null` for a person.
    pub bot_level: Option<BotLevel>,
    /// This seat asked for the next game.
    pub rematch: bool,
    /// While this person's seat is away mid-game (no connection): when (wall-clock ms) the opponent may claim
    /// the win (docs/protocol.md, "Leaving"). Left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub claim_win_at_ms: Option<i64>,
    /// This seat asks to take back its last action; its opponent answers (docs/protocol.md, "Takeback"). Left
    /// out otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub takeback: bool,
    /// This seat may ask to take back its last action now: the room would accept the request (a casual
    /// two-player game in play, the last action the seat's own, nothing hidden revealed since, none asked yet;
    /// docs/protocol.md, "Takeback"). Worked out by the server, so a client offers only what it will accept.
    /// Left out otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[ts(as = "Option<bool>", optional)]
    pub may_take_back: bool,
}

/// `POST /api/rooms/{id}/takeback/answer`: the opponent's answer to a takeback request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TakebackAnswer {
    pub accept: bool,
}

/// One game of the room. `reason` is set once it is over: the engine's end reason, or the room limit that ended it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameResult {
    pub match_id: String,
    pub winner: Option<Seat>,
    pub reason: Option<crate::GameEndReason>,
    /// Published when the game started: `gb_core::seed::commitment(seed, nonce)`, hex SHA-256 of
    /// "gb-seed-v2" ‖ seed (32 bytes) ‖ nonce (docs/protocol.md, "Seeds").
    pub seed_hash: String,
    /// Revealed once the game is over: 64 hex digits (256 bits).
    pub seed: Option<String>,
    pub nonce: Option<String>,
    /// A free-for-all game once over: every seat by place, the winner first, then in reverse order of elimination
    /// (MP-30). Left out for two-player games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub places: Option<Vec<Seat>>,
}

/// Why a tournament ended a table's match from outside its games (docs/tournaments.md, "When the event ends a
/// match"): the room then plays no further move or game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum MatchEndReason {
    /// The round's time and its extra turns ran out (MTR 2.4).
    Time,
    /// A player conceded the match (MTR 2.4).
    Concession,
    /// The players agreed to draw (MTR 2.5).
    IntentionalDraw,
    /// A player did not join the table within the grace period (MTR 2.10).
    NoShow,
    /// A judge's penalty decided the match (a game or match loss, a disqualification).
    Judge,
    /// The organizer recorded the table's result (a correction): "result recorded by the organizer".
    Organizer,
    /// The organizer corrected an earlier playoff result, so this match is void: it is played again at a new
    /// table with the right player (docs/tournaments.md, "Corrections after later rounds").
    Reset,
}

/// Where a table stands in the end-of-round procedure (docs/tournaments.md): time has been called by the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RoundTime {
    /// The last turn of the game in progress (the engine's turn number, CR 500): the turn active when time was
    /// called plus the extra turns. `None` until a game in progress has seen the call.
    pub last_turn: Option<u32>,
    /// Time decided the previous game and levelled a playoff match, so this game, played with time already
    /// called, decides the match (decided the same way if it is still going after its extra turns).
    pub deciding_game: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RoomInfo {
    pub id: String,
    pub visibility: Visibility,
    pub best_of: u8,
    /// One entry per seat of the room in seat order (two, or 3–6 for a free-for-all, MP-1); `null` while empty.
    pub seats: Vec<Option<SeatInfo>>,
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
    /// Set when a tournament ended this table's match (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub match_end: Option<MatchEndReason>,
    /// A tournament round's time at this table, once the event has called it (left out otherwise): what the
    /// players are shown of the end-of-round procedure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub round_time: Option<RoundTime>,
    /// A tournament table's `next_game_chooser` (who decides the next game's turn order: the previous game's
    /// loser, MTR 2.2, or its winner); left out in other rooms, where the loser decides.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_game_chooser: Option<gb_tournament::NextGameChooser>,
    /// A free-for-all's host (its creator, who may start it early with computers in the empty seats) by the seat
    /// they hold now; after the random seating (MP-3) that is the seat they play. Left out while the host holds no
    /// seat, and always in a two-player room, whose JSON stays protocol 5's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub host: Option<Seat>,
    /// The tournament this room is a table of (its id; the page reads the event for its name, round and table).
    /// Left out in other rooms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub event: Option<String>,
    /// A rated room (docs/ratings.md): its games between the two people change their ratings. Left out when
    /// casual.
    #[serde(default, skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub rated: bool,
    /// A tournament table a judge has opened (the last one to, and when); left out otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub judge_watching: Option<JudgeWatching>,
}

/// Who last opened a tournament table's judge view, and when (milliseconds since the Unix epoch).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct JudgeWatching {
    pub judge: String,
    #[ts(type = "number")]
    pub at_ms: i64,
}

/// `POST /api/rooms`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CreateRoom {
    pub visibility: Visibility,
    pub best_of: u8,
    /// How many players: 2 (the default, CR) or 3–6 for a free-for-all (MP-1), whose `best_of` must be 1.
    #[serde(default = "two_seats", skip_serializing_if = "is_two_seats")]
    pub seats: u8,
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
    /// Rated (docs/ratings.md): only a two-player room of two people may be.
    #[serde(default, skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub rated: bool,
}

/// The two-player game's seat count, `CreateRoom.seats`' default.
pub const TWO_SEATS: u8 = 2;

fn two_seats() -> u8 {
    TWO_SEATS
}

fn is_two_seats(n: &u8) -> bool {
    *n == TWO_SEATS
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// `POST /api/rooms/{id}/seats`: a saved deck or a preconstructed one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum JoinSeat {
    Saved { deck_id: String },
    Preconstructed { preconstructed: String },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct JoinReply {
    pub seat: Seat,
}

/// `POST /api/rooms/{id}/rematch`. The loser of the previous game says whether they want to go first (CR 200.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RematchRequest {
    #[serde(default)]
    #[ts(optional = nullable)]
    pub go_first: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
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

/// The deck a seat brings, as stored with the room.
pub type SeatDeck = DeckList;
