//! Free-for-all matches played to the end (issue 16 steps 4-7 together): every intent, attacks and concessions
//! included (a random living seat concedes now and then, owed or not, MP-29), until one player is left (MP-30).
//! After every intent the invariants and the step invariants (an eliminated seat owes nothing, has no intent,
//! never changes again; meter thresholds only grow), legality both ways sampled; the log replays to the same hash.
use super::random_matches::assert_legality_agrees;
use super::{match_count, setup_for};
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::Event;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::invariants::{check_invariants, check_step, initial_cards};
use crate::playout::RandomPolicy;
use crate::rng::MatchRng;

#[test]
fn free_for_all_matches_play_to_a_winner_keeping_every_invariant() {
    let (mut hp, mut conceded, mut emptied, mut finished, mut total) = (0, 0, 0, 0, 0);
    for seats in [3, 4, 6] {
        for seed in 0..match_count(200) {
            let setup = setup_for(seed, seats);
            let mut state = crate::setup::new_match(&setup).expect("shipped decks are legal");
            let initial = initial_cards(&state);
            let mut policy = RandomPolicy::new(seed);
            let mut rng = MatchRng::new(seed ^ 0x5eed);
            let mut log: Vec<(Seat, Intent)> = Vec::new();
            while let Some(owed) = owed_seat(&state) {
                if log.len() > 20_000 {
                    break;
                }
                let living: Vec<Seat> = state.table().seats().collect();
                let (seat, intent) = if rng.below(300) == 0 {
                    (living[rng.below(living.len() as u32) as usize], Intent::Concede)
                } else {
                    let legal: Vec<Intent> =
                        legal_intents(&state, owed).into_iter().filter(|i| *i != Intent::Concede).collect();
                    (owed, policy.pick(&legal))
                };
                let before = state.clone();
                let ev = apply(&mut state, seat, &intent).unwrap_or_else(|r| panic!("{seats}/{seed}: {intent:?}: {r}"));
                for e in &ev.0 {
                    match e {
                        Event::Eliminated { reason: crate::state::EliminationReason::Hp, .. } => hp += 1,
                        Event::Eliminated { .. } => conceded += 1,
                        Event::MeterEmptied { .. } => emptied += 1,
                        _ => {}
                    }
                }
                log.push((seat, intent));
                check_invariants(&state, &initial).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                check_step(&before, &state).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                if rng.below(16) == 0 {
                    assert_legality_agrees(&state, &mut rng);
                }
            }
            total += 1;
            if let Some(places) = state.places() {
                finished += 1;
                assert_eq!(places.len(), seats);
            }
            let replayed = crate::replay(&setup, &log).expect("the log replays");
            assert_eq!(crate::state_hash(&replayed), crate::state_hash(&state), "{seats} seats, seed {seed}");
        }
    }
    eprintln!(
        "{total} matches, {finished} to a winner; eliminated {hp} by HP, {conceded} by concession; {emptied} meters emptied"
    );
    assert_eq!(finished, total, "every match ends with one player left");
    assert!(hp > 0 && conceded > 0 && emptied > 0);
}
