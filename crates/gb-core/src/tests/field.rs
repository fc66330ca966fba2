//! A seat's field worked out at once (`Field::of`, which every listing, check and view reads) answers exactly as
//! each hero's own questions do (`active_effect`, `live_program`, `invisible_any`, `statics`), on every state random
//! play passes through, at every seat count (CR 300.5f, 500.8b, 614; MP-24): the field is written for speed (issue
//! 14), the per-hero questions as the rules say them.
use super::tables::{RandomTable, at_every_seat_count, matches_at};
use crate::effects::field::Field;
use crate::effects::{active_effect, gems, live_program, statics};
use crate::ids::Position;
use crate::invariants::seated;
use crate::state::MatchState;

fn assert_field_answers_as_each_hero(state: &MatchState, context: &str) -> usize {
    let mut compared = 0;
    for seat in seated(state) {
        let field = Field::of(state, seat);
        for pos in Position::ALL {
            let i = pos.index();
            let at = || format!("{context}, {seat:?} {pos:?}");
            assert_eq!(field.active[i], active_effect(state, seat, pos), "active effect, {}", at());
            let live = live_program(state, seat, pos);
            assert_eq!(
                field.live[i].map(|(e, p)| (e, p as *const _)),
                live.map(|(e, p)| (e, p as *const _)),
                "live program, {}",
                at()
            );
            assert_eq!(field.invisible[i], gems::invisible_any(state, seat, pos), "invisible gems, {}", at());
            assert_eq!(field.statics[i], statics(state, seat, pos), "statics, {}", at());
            compared += 1;
        }
    }
    compared
}

fn field_answers_as_each_hero(seats: usize) {
    let mut compared = 0;
    for seed in 0..matches_at(seats, 20) {
        let mut table = RandomTable::tenth_conceding(seed, seats);
        compared += assert_field_answers_as_each_hero(&table.state, &format!("seed {seed}, start"));
        let mut i = 0;
        table.play_out(|state, _| {
            i += 1;
            compared += assert_field_answers_as_each_hero(state, &format!("seed {seed}, intent {i}"));
        });
    }
    assert!(compared > 1000, "only {compared} heroes compared");
}

at_every_seat_count!(field_answers_as_each_hero);
