//! Turns for three to six seats (issue 16 step 3): every living seat takes its turn in turn order, each turn
//! followed by the active player's left opponent's (MP-4); only the first player skips the draw and the attack on
//! their first turn (MP-6); there are no rounds, no round's end and no substitutions (MP-2, MP-7, MP-8).
//!
//! What this play may do is limited on purpose until plan steps 4-7 land: it declares no attack (the defender of a
//! free-for-all attack is step 4), plays no action (the response window of each opponent, MP-16) and no blend and
//! uses no effect (who "an opponent" is in an effect, MP-9, step 5); it sets up, mulligans, plays gems, passes and
//! ends turns. For the same reason its decks are the two shipped ones without Matthew on the field: his effect
//! reads the opponent whose first turn ended (MP-39, step 5) once he has a gem. The full N-seat property tests,
//! with every deck and every intent, are step 8.
use super::match_count;
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::Event;
use crate::ids::{Seat, Viewer};
use crate::intent::Intent;
use crate::intents::attack::may_declare;
use crate::invariants::{check_invariants, initial_cards};
use crate::playout::RandomPolicy;
use crate::state::{MatchState, Phase};
use crate::view::view_for;

/// The intents whose free-for-all reading is decided and built by steps 2 and 3 (see the module comment).
fn ready_now(intent: &Intent) -> bool {
    matches!(
        intent,
        Intent::ChooseTurnOrder { .. }
            | Intent::Mulligan
            | Intent::KeepHand
            | Intent::PlayGem { .. }
            | Intent::Pass
            | Intent::EndTurn
    )
}

/// A table of `seats` from the shipped decks with no Matthew on the field ("fire-and-wind", "night-and-light"):
/// seat `i` plays the first or the second by bit `i` of the seed.
fn start_ready(seed: u64, seats: usize) -> MatchState {
    let shipped = crate::decks::preconstructed();
    let ready: Vec<_> = ["fire-and-wind", "night-and-light"]
        .map(|slug| shipped.iter().find(|(s, _)| *s == slug).expect("a shipped deck").1.clone())
        .into();
    let decks = (0..seats).map(|i| ready[(seed >> i) as usize & 1].clone()).collect();
    crate::setup::new_match(&crate::setup::MatchSetup { decks, seed: seed.into() }).expect("shipped decks are legal")
}

/// Every viewer's view has one player per seat, in letter order, and each seat sees only its own hand and bench.
fn views_show_every_seat(state: &MatchState, seats: usize) {
    let owed = owed_seat(state);
    for viewer in Seat::ALL[..seats].iter().map(|&s| Viewer::Seat(s)).chain([Viewer::Spectator]) {
        // Step 4 builds the attack preview against each defender: not asked of a seat that may attack now.
        if viewer.seat().is_some_and(|s| Some(s) == owed && may_declare(state, s).is_ok()) {
            continue;
        }
        let view = view_for(state, viewer);
        assert_eq!(view.players.iter().map(|p| p.seat).collect::<Vec<_>>(), Seat::ALL[..seats]);
        for p in &view.players {
            let own = viewer == Viewer::Seat(p.seat);
            assert_eq!((p.hand.is_some(), p.bench.is_some()), (own, own), "{viewer:?} sees {:?}'s hand", p.seat);
            assert_eq!(p.hand_count.is_some(), !own);
        }
    }
}

#[test]
fn every_living_seat_takes_its_turn_in_order_round_the_table() {
    const LAPS: usize = 3;
    for seats in [3, 4, 6] {
        for seed in 0..match_count(30) {
            let mut state = start_ready(seed, seats);
            let initial = initial_cards(&state);
            let mut policy = RandomPolicy::new(seed);
            // The seats whose turns have begun, in order.
            let mut turns: Vec<Seat> = Vec::new();
            views_show_every_seat(&state, seats);
            while turns.len() <= LAPS * seats {
                let seat = owed_seat(&state).expect("no one is eliminated without attacks or effects");
                let ready: Vec<Intent> = legal_intents(&state, seat).into_iter().filter(ready_now).collect();
                let ev = apply(&mut state, seat, &policy.pick(&ready)).expect("a listed intent is accepted");
                check_invariants(&state, &initial).unwrap_or_else(|e| panic!("{seats} seats, seed {seed}: {e}"));
                let mut began = None;
                for e in &ev.0 {
                    match e {
                        Event::TurnStarted { seat, turn, first_turn } => {
                            // MP-4: the first player, then always the left opponent of the last active seat.
                            let want = match turns.last() {
                                None => state.turn().first_player,
                                Some(&last) => state.table().left_of(last),
                            };
                            assert_eq!((*seat, *turn as usize), (want, turns.len() + 1), "{seats} seats, seed {seed}");
                            // Each seat's first turn is in the first lap (MP-6: "first turn" is per player).
                            assert_eq!(*first_turn, turns.len() < seats, "{seats} seats, seed {seed}, turn {turn}");
                            turns.push(*seat);
                            began = Some((*seat, 0));
                        }
                        Event::CardDrawn { seat, .. } => {
                            if let Some((s, drawn)) = &mut began
                                && s == seat
                            {
                                *drawn += 1;
                            }
                        }
                        Event::RoundLost { .. } | Event::RoundStarted { .. } | Event::Substituted { .. } => {
                            panic!("{seats} seats, seed {seed}: MP-2, MP-7: no rounds and no substitutions: {e:?}")
                        }
                        _ => {}
                    }
                }
                if let Some((active, drawn)) = began {
                    // MP-6: only the first player's first turn has no draw and no attack.
                    let opening = turns.len() == 1;
                    assert_eq!(drawn, if opening { 0 } else { 1 }, "{seats} seats, seed {seed}, turn {}", turns.len());
                    assert_eq!(state.turn().phase, Phase::Play);
                    let declare = may_declare(&state, active).map_err(|r| (r.code, r.rule));
                    let want = if opening { Err(("first_turn_no_attack", "CR 200.9")) } else { Ok(()) };
                    assert_eq!(declare, want, "{seats} seats, seed {seed}, turn {}", turns.len());
                }
                // MP-2: one round, 45 HP (nothing here deals damage), never a round's end.
                assert_eq!(state.turn().round, 1);
                assert_ne!(state.turn().phase, Phase::RoundEnd);
                assert!(state.table().seats().all(|s| state.player(s).hp == 45));
                views_show_every_seat(&state, seats);
            }
            // Every seat had exactly one turn per lap, in the same order each lap.
            for lap in turns.chunks(seats).filter(|l| l.len() == seats) {
                assert_eq!(lap, &turns[..seats], "{seats} seats, seed {seed}");
            }
            let mut first_lap = turns[..seats].to_vec();
            first_lap.sort();
            assert_eq!(first_lap, Seat::ALL[..seats], "{seats} seats, seed {seed}");
        }
    }
}

#[test]
fn the_bench_is_never_used_with_three_or_more() {
    // MP-7: a substitution is refused as such, whatever is asked, and changes nothing.
    let mut state = start_ready(9, 3);
    let seat = owed_seat(&state).unwrap();
    let bench = state.player(seat).bench.first().map(|c| c.id).unwrap_or(crate::ids::CardId(1));
    let before = state.clone();
    let intent = Intent::Substitute { hero: crate::ids::Position::Left, bench };
    let r = apply(&mut state, seat, &intent).expect_err("no bench in the free-for-all");
    assert_eq!((r.code, r.rule), ("no_bench", "MP-7"));
    assert_eq!(state, before);
    assert_eq!(state.table().format().rules().bench_used, false);
}
