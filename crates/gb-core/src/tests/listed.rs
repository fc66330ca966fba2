//! The trusted path: `apply_listed`, given an intent from `legal_intents`, leaves exactly the state and events
//! `apply` does; and `pending` names the seat `owed_seat` names, and the main window exactly when ending the turn
//! is listed.
use super::{match_count, start};
use crate::api::{apply, apply_listed, legal_intents, owed_seat, state_hash};
use crate::frames::WindowKind;
use crate::intent::Intent;
use crate::playout::RandomPolicy;
use crate::view::{Decision, pending};

#[test]
fn apply_listed_gives_the_state_and_events_of_apply() {
    let n = match_count(300);
    let mut intents = 0usize;
    for seed in 0..n {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        while let Some(seat) = owed_seat(&state) {
            let legal = legal_intents(&state, seat);
            let owed = pending(&state).expect("a decision is owed");
            assert_eq!(owed.seat, seat, "seed {seed}: pending and owed_seat disagree");
            assert_eq!(
                owed.decision == Decision::Window(WindowKind::Main),
                legal.contains(&Intent::EndTurn),
                "seed {seed}: pending {owed:?} against the listed intents"
            );
            let intent = policy.pick(&legal);
            let mut trusted = state.clone();
            let checked = apply(&mut state, seat, &intent).expect("a listed intent is accepted");
            let listed = apply_listed(&mut trusted, seat, &intent);
            assert_eq!(checked.0, listed.0, "seed {seed}: events differ after {intent:?}");
            assert!(state == trusted, "seed {seed}: states differ after {intent:?}");
            assert_eq!(state_hash(&state), state_hash(&trusted));
            intents += 1;
        }
        assert!(pending(&state).is_none(), "seed {seed}: a finished game owes no decision");
    }
    assert!(intents > 100 * n as usize, "random matches run long enough to mean something");
}
