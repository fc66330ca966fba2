//! Computer opponents for Gem Blenders at three levels, behind one small API the server can call.
//!
//! A bot sees a match only through a [`SeatState`]: the seat's view, its legal intents and worlds sampled from
//! what the seat may know. The true `MatchState` stays private to that wrapper, so no bot can peek at hidden
//! cards by construction.
//!
//! ```ignore
//! let mut bot = gb_bot::new_bot(gb_bot::Level::Search, seed);
//! let intent = gb_bot::decide(bot.as_mut(), &state, seat); // state: the room's true MatchState
//! ```
pub mod arena;
mod belief;
pub mod eval;
mod greedy;
mod halving;
pub mod leaf_fit;
mod random;
mod same_play;
mod scripted;
mod search;
pub mod search_eval;
mod seat;
mod settle;

pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use scripted::ScriptedBot;
pub use search::{SearchBot, SearchConfig};
pub use seat::SeatState;

use gb_core::{Intent, MatchState, Seat};

/// A computer player. `choose` is only called when the seat owes a decision, and must return one of
/// `seat_state.legal()`.
pub trait Bot {
    fn choose(&mut self, seat_state: &SeatState) -> Intent;

    /// Search iterations the last `choose` ran, for bots that search (the arena reports the budget spent).
    fn last_iterations(&self) -> Option<u32> {
        None
    }

    /// How the last `choose` saw its options (a search's root: visits and mean value per intent), for the
    /// arena's logs of lost games.
    fn last_note(&self) -> Option<String> {
        None
    }
}

/// The difficulty a player picks for "play vs computer".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Greedy,
    Search,
}

/// The one parser of level names (the server's lobby and the tools use it): the bot's name or the lobby's word
/// for it, in any case.
impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "random" | "easy" => Ok(Level::Random),
            "greedy" | "medium" => Ok(Level::Greedy),
            "search" | "hard" | "mcts" => Ok(Level::Search),
            _ => Err(format!("unknown bot level {s:?}: pick random (easy), greedy (medium) or search (hard)")),
        }
    }
}

/// A fresh bot of `level`; the same seed and the same match give the same moves.
pub fn new_bot(level: Level, seed: u64) -> Box<dyn Bot + Send> {
    new_bot_with(level, seed, SearchConfig::default())
}

/// Like [`new_bot`], with the search budget spelled out (used by `Level::Search` only).
pub fn new_bot_with(level: Level, seed: u64, search: SearchConfig) -> Box<dyn Bot + Send> {
    match level {
        Level::Random => Box::new(RandomBot::new(seed)),
        Level::Greedy => Box::new(GreedyBot::new(seed)),
        Level::Search => Box::new(SearchBot::new(seed, search)),
    }
}

/// Asks `bot` for `seat`'s next intent in `state`. Only call when `gb_core::owed_seat(state) == Some(seat)`.
pub fn decide(bot: &mut dyn Bot, state: &MatchState, seat: Seat) -> Intent {
    bot.choose(&SeatState::new(state, seat))
}
