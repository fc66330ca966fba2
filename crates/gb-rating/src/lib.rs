//! Player ratings, pure: Glicko-2 as Glickman's "Example of the Glicko-2 system" (2013) states it, step by step
//! (docs/ratings.md). No I/O, no clock: a rating is a function of the results given, in the order given.
//!
//! The server rates each rated game between two people as its own rating period (as Lichess does), so a
//! player sees the change at the end of the game; `idle` widens a deviation for periods with no game.
mod glicko2;

pub use glicko2::{Glicko2, Outcome, Rating, Result as GameResult};

/// A deviation above this is provisional: shown with a "?" and kept out of leaderboards (Lichess's threshold).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
