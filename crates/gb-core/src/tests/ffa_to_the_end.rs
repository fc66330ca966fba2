//! Free-for-all matches played to the end (issue 16 steps 4-7 together): every intent, attacks and concessions
//! included (a random living seat concedes now and then, owed or not, MP-29), until one player is left (MP-30),
//! whose places name every seat once. After every intent the invariants and the step invariants (an eliminated seat
//! owes nothing, has no intent, never changes again; meter thresholds only grow); the random-match, determinism and
//! redaction properties at 3, 4 and 6 seats are in `random_matches`, `determinism` and `redaction`.
use super::match_count;
use super::tables::RandomTable;
use crate::event::Event;
use crate::invariants::{check_invariants, check_step, initial_cards};

#[test]
fn free_for_all_matches_play_to_a_winner_keeping_every_invariant() {
    let (mut hp, mut conceded, mut emptied, mut finished, mut total) = (0, 0, 0, 0, 0);
    for seats in [3, 4, 6] {
        for seed in 0..match_count(200) {
            let mut table = RandomTable::new(seed, seats).conceding(300);
            let initial = initial_cards(&table.state);
            let mut before = table.state.clone();
            table.play_out(|state, step| {
                for e in &step.events.0 {
                    match e {
                        Event::Eliminated { reason: crate::state::EliminationReason::Hp, .. } => hp += 1,
                        Event::Eliminated { .. } => conceded += 1,
                        Event::MeterEmptied { .. } => emptied += 1,
                        _ => {}
                    }
                }
                check_invariants(state, &initial).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                check_step(&before, state).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                before.clone_from(state);
            });
            total += 1;
            if let Some(mut places) = table.state.places() {
                finished += 1;
                places.sort();
                assert_eq!(places, crate::ids::Seat::ALL[..seats], "{seats} seats, seed {seed}");
            }
        }
    }
    eprintln!(
        "{total} matches, {finished} to a winner; eliminated {hp} by HP, {conceded} by concession; {emptied} meters emptied"
    );
    assert_eq!(finished, total, "every match ends with one player left");
    assert!(hp > 0 && conceded > 0 && emptied > 0);
}
