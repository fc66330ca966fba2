//! Setup + log → states: the one replay path. Recovery rebuilding a room, the replay endpoint projecting each
//! version, and `gb replay verify` checking a record all walk a match through here, so they cannot disagree on
//! what a log means. Deterministic: the same setup and log always give the same states (the seed is the only
//! randomness, `rng.rs`).
use crate::api::apply;
use crate::event::Events;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::rejection::Rejection;
use crate::setup::{MatchSetup, SetupError, new_match};
use crate::state::MatchState;

/// Why a replay stopped.
#[derive(Debug)]
pub enum ReplayError {
    /// The setup's decks break deck-building rules (CR 101).
    Setup(Vec<SetupError>),
    /// The intent at `index` (version `index + 1`) is not legal where the log puts it.
    Rejected { index: usize, rejection: Rejection },
    /// The takeback at `index` is refused where the log puts it (`takeback.rs`).
    TakeBack { index: usize, refusal: String },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(errors) => write!(f, "the setup is refused: {errors:?}"),
            ReplayError::Rejected { index, rejection } => write!(f, "version {} is refused: {rejection}", index + 1),
            ReplayError::TakeBack { index, refusal } => {
                write!(f, "the takeback at version {} is refused: {refusal}", index + 1)
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `log` (each intent with the seat that sent it) from `setup` and calls `each` with every state in turn:
/// first the state at version 0 (no events), then the state after each intent with the events it caused
/// (`state.version()` numbers them). Returns the final state.
pub fn replay_each<'a>(
    setup: &MatchSetup,
    log: impl IntoIterator<Item = (Seat, &'a Intent)>,
    mut each: impl FnMut(&MatchState, &Events),
) -> Result<MatchState, ReplayError> {
    let mut state = new_match(setup).map_err(ReplayError::Setup)?;
    each(&state, &Events::default());
    for (index, (seat, intent)) in log.into_iter().enumerate() {
        let events = apply(&mut state, seat, intent).map_err(|rejection| ReplayError::Rejected { index, rejection })?;
        each(&state, &events);
    }
    Ok(state)
}

/// The final state of `log` played from `setup`.
pub fn replay(setup: &MatchSetup, log: &[(Seat, Intent)]) -> Result<MatchState, ReplayError> {
    replay_each(setup, log.iter().map(|(s, i)| (*s, i)), |_, _| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{RandomPolicy, play_out};

    #[test]
    fn each_version_is_visited_once_in_order_and_ends_where_play_ended() {
        let decks = crate::decks::preconstructed();
        let setup =
            MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: 11u64.into(), chooser: None };
        let mut played = new_match(&setup).unwrap();
        let log = play_out(&mut played, &mut RandomPolicy::new(11), 300, |_, _, _| {});
        let mut seen = Vec::new();
        let last =
            replay_each(&setup, log.iter().map(|(s, i)| (*s, i)), |state, _| seen.push(state.version())).unwrap();
        assert_eq!(seen, (0..=log.len() as u32).collect::<Vec<_>>());
        assert_eq!(crate::state_hash(&last), crate::state_hash(&played));
    }

    #[test]
    fn an_intent_out_of_place_names_its_version() {
        let decks = crate::decks::preconstructed();
        let setup =
            MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: 11u64.into(), chooser: None };
        let err = replay(&setup, &[(Seat::A, Intent::EndTurn), (Seat::A, Intent::EndTurn)]).unwrap_err();
        assert!(matches!(err, ReplayError::Rejected { index: 0, .. }), "{err:?}");
    }
}
