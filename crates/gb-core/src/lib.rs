//! Gem Blenders rules engine: the Standard two-player game of the comprehensive rules (CR), pure and
//! deterministic. No I/O, no clock, no OS randomness: the same setup and the same intents always give the same
//! match.
//!
//! The surface is narrow:
//! - [`new_match`] validates a [`MatchSetup`] (one deck list per seat, two to six, and a seed) and places the heroes;
//! - [`legal_intents`] lists every intent a seat may submit now; [`apply`] accepts exactly those and returns the
//!   [`Events`] they caused, or a [`Rejection`] with a stable code, the rule it breaks and a sentence;
//! - [`view_for`] projects the state for a seat or a spectator; [`MatchState`] itself cannot be serialized.
//!
//! ```ignore
//! let mut state = gb_core::new_match(&setup)?;
//! let seat = gb_core::owed_seat(&state).unwrap();
//! let intent = gb_core::legal_intents(&state, seat).remove(0);
//! let events = gb_core::apply(&mut state, seat, &intent)?;
//! let view = gb_core::view_for(&state, gb_core::Viewer::Seat(seat));
//! ```
mod api;
pub mod cards;
pub mod deck;
pub mod decks;
pub mod effects;
pub mod event;
mod frames;
mod hash;
pub mod ids;
pub mod intent;
mod intents;
pub mod invariants;
pub mod lookahead;
pub mod playout;
pub mod record;
pub mod rejection;
mod replay;
pub mod rng;
pub mod scenario;
pub mod seed;
mod setup;
mod state;
pub mod stats;
pub mod table;
pub mod takeback;
pub mod view;
pub mod worlds;

#[cfg(test)]
mod tests;

pub use api::{apply, apply_listed, check, legal_intents, legal_intents_into, owed_seat, state_hash};
pub use deck::{DeckList, ValidDeck};
pub use event::{CardSlug, CardView, Event, Events};
pub use frames::{AskKind, WindowKind};
pub use ids::{CardId, Position, Seat, Viewer};
pub use intent::{AttackerDecl, Attackers, Intent};
pub use rejection::Rejection;
pub use replay::{ReplayError, replay, replay_each};
pub use seed::Seed;
pub use setup::{MatchSetup, SetupError, new_match};
pub use state::{Elimination, EliminationReason, EndReason, GameOutcome, MatchState, Phase, RoundResult};
pub use table::{Format, Rules, Seats, Table};
pub use takeback::{Logged, RngMark, TakeBackRefusal, replay_logged_each, standing, take_back, takes_back};
pub use view::{MatchView, pending, view_for, view_into, views_into};
