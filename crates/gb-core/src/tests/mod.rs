//! Property tests over random matches: invariants after every intent, both directions of legality, replay
//! determinism and redaction.
mod additional_attacks;
mod attack_preview;
mod damage_due;
mod determinism;
mod hp_prices;
mod listed;
mod random_matches;
mod redaction;
mod seats;
mod shuffles;
mod stat_terms;
mod view_into;

use crate::decks::preconstructed;
use crate::setup::{MatchSetup, new_match};
use crate::state::MatchState;

/// Decks for a seed: every pairing of the shipped decks, so every starter-set card appears in random play.
pub(crate) fn setup_for(seed: u64) -> MatchSetup {
    let decks = preconstructed();
    let a = decks[(seed % 4) as usize].1.clone();
    let b = decks[((seed / 4) % 4) as usize].1.clone();
    MatchSetup { decks: [a, b], seed: seed.into() }
}

pub(crate) fn start(seed: u64) -> MatchState {
    new_match(&setup_for(seed)).expect("shipped decks are legal")
}

/// How many random matches the property tests play; `GB_RANDOM_MATCHES` overrides it.
pub(crate) fn match_count(default: u64) -> u64 {
    std::env::var("GB_RANDOM_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}
