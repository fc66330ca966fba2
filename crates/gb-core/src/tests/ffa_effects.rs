//! Card effects at three, four and six seats (issue 16 step 5): random play with every deck and every intent
//! (`tables::RandomTable`), each effect's questions across every living opponent (MP-38), each action's response
//! windows round the table (MP-16), trigger batches in turn order (MP-17); after every intent the invariants,
//! exactly one seat owed, and `check` agreeing with `legal_intents` both ways; then the log replays to the same
//! state hash.
//! A match stops after two laps past the first, or before anyone could reach 0 HP: elimination has its own tests
//! (`ffa_to_the_end`, `elimination`).
use super::match_count;
use super::random_matches::assert_legality_agrees;
use super::tables::RandomTable;
use crate::api::{legal_intents, owed_seat};
use crate::event::Event;
use crate::frames::{Frame, WindowKind};
use crate::intent::Intent;
use crate::invariants::{check_invariants, initial_cards};
use crate::rng::MatchRng;
use crate::state::MatchState;

#[test]
fn random_play_with_effects_keeps_every_invariant_at_three_four_and_six_seats() {
    let (mut windows, mut effects) = (0, 0);
    for seats in [3, 4, 6] {
        for seed in 0..match_count(200) {
            let mut table = RandomTable::new(seed, seats);
            let initial = initial_cards(&table.state);
            let mut rng = MatchRng::new(seed);
            // Two laps of turns past the first; stop while every HP is well above anything one intent deals.
            let going_on = |s: &MatchState| {
                s.turn().number as usize <= 3 * seats && s.table().seats().all(|t| s.player(t).hp > 20)
            };
            while going_on(&table.state) {
                let (seat, intent) = table.next().expect("the match goes on");
                let state = &table.state;
                // MP-16: a response window is owed by an opponent of the action's player, never the player.
                if let Some(Frame::Window { kind: WindowKind::ActionResponse, .. }) = state.frames.last() {
                    let Some(Frame::Action(action)) = state.frames.iter().rev().nth(1) else {
                        panic!("a response window sits on its action")
                    };
                    assert_ne!(action.seat, seat);
                    windows += 1;
                }
                let ev = table.play(seat, intent);
                let state = &table.state;
                effects += ev.0.iter().filter(|e| matches!(e, Event::EffectResolving { .. })).count();
                check_invariants(state, &initial).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                // MP-18: everyone else may only concede.
                for other in state.table().seats().filter(|s| *s != owed_seat(state).expect("owed")) {
                    assert_eq!(legal_intents(state, other), [Intent::Concede], "{seats} seats, seed {seed}");
                }
                if rng.below(4) == 0 {
                    assert_legality_agrees(state, &mut rng);
                }
            }
            let replayed = crate::replay(&table.setup, &table.log).expect("the log replays");
            assert_eq!(crate::state_hash(&replayed), crate::state_hash(&table.state), "{seats} seats, seed {seed}");
        }
    }
    // The play reached what it is for.
    assert!(windows > 0 && effects > 0, "response windows {windows}, effects {effects}");
}
