//! Replaying a match's log from its setup reproduces its state hash exactly.
use super::{match_count, setup_for, start};
use crate::api::state_hash;
use crate::playout::{RandomPolicy, play_out};
use crate::replay::replay;

#[test]
fn replaying_every_random_match_reproduces_its_state_hash() {
    for seed in 0..match_count(10_000) {
        let mut state = start(seed);
        let log = play_out(&mut state, &mut RandomPolicy::new(seed), 50_000, |_, _, _| {});
        let replayed = replay(&setup_for(seed, 2), &log).unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        assert_eq!(state_hash(&replayed), state_hash(&state), "seed {seed}");
        assert_eq!(replayed, state, "seed {seed}");
    }
}

#[test]
fn different_seeds_give_different_matches() {
    let a = start(1);
    let b = start(2);
    assert_ne!(state_hash(&a), state_hash(&b));
}
