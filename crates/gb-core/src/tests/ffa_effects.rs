//! Card effects at three, four and six seats (issue 16 step 5): random play with every deck and every intent but
//! attacks and concessions, each effect's questions across every living opponent (MP-38), each action's response
//! windows round the table (MP-16), trigger batches in turn order (MP-17); after every intent the invariants,
//! exactly one seat owed, and `check` agreeing with `legal_intents` both ways; then the log replays to the same
//! state hash.
//!
//! Limited on purpose until the other steps land: no attack (the defender of a free-for-all attack is step 4) and
//! no concession, and a match stops before anyone could reach 0 HP (elimination is step 7).
use super::random_matches::assert_legality_agrees;
use super::{match_count, setup_for};
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::Event;
use crate::frames::{Frame, WindowKind};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::invariants::{check_invariants, initial_cards};
use crate::playout::RandomPolicy;
use crate::rng::MatchRng;

/// Intents whose free-for-all reading is built (see the module comment).
fn ready_now(intent: &Intent) -> bool {
    !matches!(intent, Intent::DeclareAttack { .. } | Intent::Concede)
}

#[test]
fn random_play_with_effects_keeps_every_invariant_at_three_four_and_six_seats() {
    let (mut windows, mut effects) = (0, 0);
    for seats in [3, 4, 6] {
        for seed in 0..match_count(200) {
            let setup = setup_for(seed, seats);
            let mut state = crate::setup::new_match(&setup).expect("shipped decks are legal");
            let initial = initial_cards(&state);
            let mut policy = RandomPolicy::new(seed);
            let mut rng = MatchRng::new(seed);
            let mut log: Vec<(Seat, Intent)> = Vec::new();
            // Two laps of turns past the first; stop while every HP is well above anything one intent deals.
            while state.turn().number as usize <= 3 * seats && state.table().seats().all(|s| state.player(s).hp > 20) {
                let seat = owed_seat(&state).expect("the match goes on");
                // MP-16: a response window is owed by an opponent of the action's player, never the player.
                if let Some(Frame::Window { kind: WindowKind::ActionResponse, .. }) = state.frames.last() {
                    let Some(Frame::Action(action)) = state.frames.iter().rev().nth(1) else {
                        panic!("a response window sits on its action")
                    };
                    assert_ne!(action.seat, seat);
                    windows += 1;
                }
                let ready: Vec<Intent> = legal_intents(&state, seat).into_iter().filter(ready_now).collect();
                let intent = policy.pick(&ready);
                let ev = apply(&mut state, seat, &intent).expect("a listed intent is accepted");
                effects += ev.0.iter().filter(|e| matches!(e, Event::EffectResolving { .. })).count();
                log.push((seat, intent));
                check_invariants(&state, &initial).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                // MP-18: everyone else may only concede.
                for other in state.table().seats().filter(|s| *s != owed_seat(&state).expect("owed")) {
                    assert_eq!(legal_intents(&state, other), [Intent::Concede], "{seats} seats, seed {seed}");
                }
                if rng.below(4) == 0 {
                    assert_legality_agrees(&state, &mut rng);
                }
            }
            let replayed = crate::replay(&setup, &log).expect("the log replays");
            assert_eq!(crate::state_hash(&replayed), crate::state_hash(&state), "{seats} seats, seed {seed}");
        }
    }
    // The play reached what it is for.
    assert!(windows > 0 && effects > 0, "response windows {windows}, effects {effects}");
}
