//! Play now, ratings, the leaderboard and profiles over REST (docs/protocol.md, "Play now"; docs/ratings.md).
use crate::room::JoinSeat;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/queue`: look for an opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct JoinQueue {
    /// `bo1` (one game) or `bo3` (best of three). Read as text so an unknown one gets its own 422 `bad_format`.
    pub format: String,
    /// Rated only if both players ask for it; a rated player is matched only with another who wants rated.
    pub rated: bool,
    pub deck: JoinSeat,
    /// Play the computer (a casual game) if nobody is found within this many seconds (5–600); never if left out.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub computer_after_seconds: Option<u32>,
}

/// `GET /api/queue` (also the heartbeat that keeps a place) and `POST /api/queue`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct QueueView {
    /// `bo1` or `bo3`; `null` when not in the queue.
    pub format: Option<String>,
    pub rated: bool,
    /// Milliseconds since joining.
    #[ts(type = "number")]
    pub waited_ms: u64,
    /// Players looking in this format now, this player included.
    pub looking: u32,
    /// The rating gap allowed now (it widens with the wait: docs/ratings.md, "Matching").
    pub gap: u32,
    pub computer_after_seconds: Option<u32>,
    /// Set once matched and seated there: the room to go to (the game starts once both players are seated).
    pub room: Option<String>,
    /// The opponent's name once matched ("Computer" for the computer).
    pub opponent: Option<String>,
}

/// A rating as shown: rounded, with "?" while provisional.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RatingView {
    /// `bo1` or `bo3`.
    pub format: String,
    pub rating: i32,
    pub deviation: i32,
    pub provisional: bool,
    /// `"1523"`, or `"1523?"` while provisional.
    pub shown: String,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
}

/// One place on a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct BoardEntry {
    /// 1 for the best; `null` for a player not on the board (provisional, or too few games).
    pub place: Option<u32>,
    pub id: String,
    pub display_name: String,
    pub username: Option<String>,
    pub rating: i32,
    pub shown: String,
    pub games: u32,
}

/// `GET /api/leaderboard?format=bo1`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Leaderboard {
    pub format: String,
    /// Games a player needs to be listed (besides a deviation no longer provisional).
    pub min_games: u32,
    pub top: Vec<BoardEntry>,
    /// The signed-in player's own place, when they have a rating in this format.
    pub you: Option<BoardEntry>,
}

/// One rated game of a player, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct RatedGameView {
    /// The game that decided it (the last game of a best of three): its replay is `/api/matches/{match_id}/replay`.
    pub match_id: String,
    pub room_id: String,
    pub format: String,
    pub opponent: String,
    pub won: bool,
    pub rating_before: i32,
    pub rating_after: i32,
    /// `rating_after - rating_before`, from the unrounded ratings.
    pub change: i32,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub at_ms: u64,
}

/// `GET /api/players/{name}`: a profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayerProfile {
    pub id: String,
    pub display_name: String,
    pub username: Option<String>,
    /// One per format played rated.
    pub ratings: Vec<RatingView>,
    /// The latest rated games (at most 50), newest first: the rating history and the recent games.
    pub history: Vec<RatedGameView>,
    /// The latest finished games of every kind (at most 20), newest first: rated and casual, against people and
    /// the computer, each with its replay. Only finished games: nothing of a game in progress.
    pub games: Vec<PlayedGameView>,
    /// The decks played most (at most 5), by name only (never a list), over every finished game.
    pub decks: Vec<DeckPlayed>,
}

/// One finished game of a player, newest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayedGameView {
    /// Its replay is `/api/matches/{match_id}/replay`.
    pub match_id: String,
    pub room_id: String,
    /// `won`, `lost` or `drawn` (a casual game called a draw, docs/protocol.md "Leaving").
    pub result: String,
    /// How it ended (`GameResult.reason`: `two_rounds`, `concession`, `abandoned`, `drawn`, …).
    pub reason: String,
    /// The name of the deck the player played (an unnamed deck's is empty).
    pub deck: String,
    /// The other players' display names, in seat order.
    pub opponents: Vec<String>,
    pub rated: bool,
    /// A computer sat at the table.
    pub vs_computer: bool,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub at_ms: u64,
}

/// A deck a player plays often: its name, the finished games played with it and how many were won.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct DeckPlayed {
    pub deck: String,
    pub games: u32,
    pub wins: u32,
}
