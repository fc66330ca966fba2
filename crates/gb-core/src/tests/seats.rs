//! The two-player game's table (CR 100.2, issue 16 step 1): seats `A` and `B` only. A seat the match does not
//! have is listed nothing and refused everything, conceding included, and a refusal changes nothing; the turn
//! passes to the left, which is the other seat.
use super::{match_count, start};
use crate::api::{apply, check, legal_intents, owed_seat, state_hash};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::playout::RandomPolicy;
use crate::table::{Format, Table};

#[test]
fn a_seat_the_match_does_not_have_may_do_nothing() {
    for seed in 0..match_count(20) {
        let mut state = start(seed);
        assert_eq!(state.table(), Table::STANDARD, "seed {seed}");
        assert_eq!(state.table().format(), Format::Standard);
        let mut policy = RandomPolicy::new(seed);
        let mut last_active = state.turn().active;
        while let Some(seat) = owed_seat(&state) {
            for stranger in [Seat::C, Seat::D, Seat::E, Seat::F] {
                assert!(legal_intents(&state, stranger).is_empty(), "seed {seed}: {stranger:?} is listed intents");
                let before = (state_hash(&state), state.clone());
                for intent in [Intent::Concede, Intent::EndTurn, Intent::Pass] {
                    let r = apply(&mut state, stranger, &intent).expect_err("a seat not at the table is refused");
                    assert_eq!((r.code, r.rule), ("not_at_table", "CR 100.2, MP-1"), "seed {seed}: {r}");
                    assert_eq!(check(&state, stranger, &intent), Err(r));
                }
                assert!(state == before.1 && state_hash(&state) == before.0, "seed {seed}: a refusal changed state");
            }
            let intent = policy.pick(&legal_intents(&state, seat));
            apply(&mut state, seat, &intent).expect("a listed intent is accepted");
            // MP-4: a new turn goes to the left of the last one (the other seat), or to the same seat again for an
            // additional turn (CR 206.1g).
            let active = state.turn().active;
            if active != last_active {
                assert_eq!(active, state.table().left_of(last_active), "seed {seed}");
                last_active = active;
            }
        }
    }
}
