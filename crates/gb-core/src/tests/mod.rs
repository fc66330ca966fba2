//! Property tests over random matches: invariants after every intent, both directions of legality, replay
//! determinism and redaction.
mod additional_attacks;
mod attack_preview;
mod damage_due;
mod determinism;
mod elimination;
mod ffa_attacks;
mod ffa_effects;
mod ffa_setup;
mod ffa_to_the_end;
mod ffa_turns;
mod field;
mod hp_prices;
mod listed;
mod meter_thresholds;
mod named_chooser;
mod random_matches;
mod redaction;
mod seats;
mod shuffles;
mod stat_terms;
pub(crate) mod tables;
mod view_into;

use crate::decks::preconstructed;
use crate::setup::{MatchSetup, new_match};
use crate::state::MatchState;

/// Decks for a seed and a table of `seats` (2..=6): seat `i` plays shipped deck `(seed / 4^i) % 4`, so the seeds
/// go through every combination of the shipped decks and every starter-set card appears in random play. The same
/// deck may sit at several seats (heroes are unique within a deck; `HeroKey` is seat and hero). For two seats,
/// the pairings the two-player tests always played.
pub(crate) fn setup_for(seed: u64, seats: usize) -> MatchSetup {
    let shipped = preconstructed();
    let decks = (0..seats as u32).map(|i| shipped[((seed / 4u64.pow(i)) % 4) as usize].1.clone()).collect();
    MatchSetup { decks, seed: seed.into(), chooser: None }
}

/// A two-player match from `setup_for(seed, 2)`.
pub(crate) fn start(seed: u64) -> MatchState {
    start_for(seed, 2)
}

/// A match of `seats` players from `setup_for(seed, seats)`.
pub(crate) fn start_for(seed: u64, seats: usize) -> MatchState {
    new_match(&setup_for(seed, seats)).expect("shipped decks are legal")
}

/// How many random matches the property tests play; `GB_RANDOM_MATCHES` overrides it.
pub(crate) fn match_count(default: u64) -> u64 {
    std::env::var("GB_RANDOM_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
