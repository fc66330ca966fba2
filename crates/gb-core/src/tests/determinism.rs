//! Replaying a match's log from its setup reproduces its state hash and its state exactly, at 2, 3, 4 and 6 seats,
//! concessions included (a tenth of the matches: CR 102.2, MP-29).
use super::start;
use super::tables::{RandomTable, at_every_seat_count, matches_at};
use crate::api::state_hash;
use crate::replay::replay;

fn replaying_reproduces_the_match(seats: usize) {
    for seed in 0..matches_at(seats, 1) {
        let mut table = RandomTable::tenth_conceding(seed, seats);
        table.play_out(|_, _| {});
        let replayed = replay(&table.setup, &table.log).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e:?}"));
        assert_eq!(state_hash(&replayed), state_hash(&table.state), "{seats} seats, seed {seed}");
        assert!(replayed == table.state, "{seats} seats, seed {seed}: the same hash but not the same state");
    }
}

#[test]
fn different_seeds_give_different_matches() {
    let a = start(1);
    let b = start(2);
    assert_ne!(state_hash(&a), state_hash(&b));
}

at_every_seat_count!(replaying_reproduces_the_match);
