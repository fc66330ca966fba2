//! Setup for two to six seats (issue 16 step 2): the deck count decides the table (MP-1), everyone starts at the
//! game's HP (CR 200.1, MP-2), the seeded chooser is any seat (CR 200.4), "second" hands the first turn to the
//! chooser's right (MP-4), deals and mulligans go in turn order and every hero flips at once (MP-5).
use super::{match_count, setup_for, start_for};
use crate::api::{apply, legal_intents, owed_seat};
use crate::event::Event;
use crate::frames::AskKind;
use crate::ids::{Seat, Viewer};
use crate::intent::Intent;
use crate::rng::MatchRng;
use crate::setup::new_match;
use crate::state::{MatchState, Phase};
use crate::table::{Format, Table};
use crate::view::view_for;

/// The seat owing the turn-order question, and that it is that question.
fn chooser(state: &MatchState) -> Seat {
    let seat = owed_seat(state).expect("setup waits for the chooser");
    assert!(matches!(
        crate::view::pending(state).map(|p| p.decision),
        Some(crate::view::Decision::Ask(AskKind::TurnOrder))
    ));
    seat
}

#[test]
fn one_or_seven_decks_are_refused_with_no_seat() {
    let seven = setup_for(0, 6).decks.into_iter().chain(setup_for(1, 1).decks).collect::<Vec<_>>();
    for decks in [Vec::new(), setup_for(0, 1).decks, seven] {
        let n = decks.len();
        let setup = crate::setup::MatchSetup { decks, seed: 0u64.into(), chooser: None };
        let errors = new_match(&setup).expect_err("only 2 to 6 decks make a match");
        assert_eq!(errors.len(), 1, "{n} decks");
        assert_eq!(errors[0].seat, None, "{n} decks: the count, not a seat's deck, is wrong");
        let codes: Vec<_> = errors[0].errors.iter().map(|r| (r.code, r.rule)).collect();
        assert_eq!(codes, [("seat_count", "CR 100.2, MP-1")], "{n} decks");
    }
}

#[test]
fn a_bad_deck_is_refused_with_its_seat() {
    let mut setup = setup_for(5, 4);
    setup.decks[2].main.truncate(10);
    let errors = new_match(&setup).expect_err("a short deck is refused");
    assert_eq!(errors.iter().map(|e| e.seat).collect::<Vec<_>>(), [Some(Seat::C)]);
    // The same error as a two-player deck gets (CR 101).
    let two = crate::setup::MatchSetup {
        decks: vec![setup.decks[0].clone(), setup.decks[2].clone()],
        seed: 0u64.into(),
        chooser: None,
    };
    assert_eq!(new_match(&two).unwrap_err()[0].errors, errors[0].errors);
}

#[test]
fn two_decks_are_the_same_json_array_as_ever() {
    // Stored setups and records wrote `decks` as a two-element array; a `Vec` reads and writes the same.
    let setup = setup_for(3, 2);
    let json = serde_json::to_value(&setup).unwrap();
    assert_eq!(json["decks"].as_array().map(Vec::len), Some(2));
    assert_eq!(serde_json::from_value::<crate::setup::MatchSetup>(json).unwrap(), setup);
    let e = serde_json::to_value(crate::setup::SetupError { seat: Some(Seat::B), errors: Vec::new() }).unwrap();
    assert_eq!(e, serde_json::json!({ "seat": "B", "errors": [] }));
}

#[test]
fn every_table_size_starts_with_its_format_hp_and_a_seeded_chooser() {
    for seats in 2..=6 {
        let mut chosen = [false; 6];
        for seed in 0..match_count(40).max(40) {
            let state = start_for(seed, seats);
            let table = state.table();
            assert_eq!(table, Table::new(seats).unwrap(), "{seats} seats, seed {seed}");
            let (format, hp) = if seats == 2 { (Format::Standard, 20) } else { (Format::FreeForAll, 45) };
            assert_eq!(table.format(), format);
            // CR 200.1, MP-2.
            for seat in table.seats() {
                assert_eq!(state.player(seat).hp, hp, "{seats} seats, seed {seed}, {seat:?}");
                assert_eq!(state.player(seat).hand.len(), 0, "nothing is dealt before turn order (CR 200.4a)");
            }
            // CR 200.4, MP-4: the seeded stream's first draw, among all seats; for two seats the draw the
            // two-player game always made (`below(2)`: 0 is A).
            let seat = chooser(&state);
            let mut rng = MatchRng::new(setup_for(seed, seats).seed);
            assert_eq!(seat, Seat::from_index(rng.below(seats as u32) as usize).unwrap());
            assert_eq!(state.turn().phase, Phase::Setup);
            chosen[seat.index()] = true;
            // The view: one player per seat, in letter order, the same for every viewer.
            for viewer in table.seats().map(Viewer::Seat).chain([Viewer::Spectator]) {
                let view = view_for(&state, viewer);
                let order: Vec<_> = view.players.iter().map(|p| p.seat).collect();
                assert_eq!(order, Seat::ALL[..seats], "{seats} seats, {viewer:?}");
                assert!(view.players.iter().all(|p| p.hp == hp));
            }
        }
        assert_eq!(chosen[..seats], vec![true; seats], "{seats} seats: every seat is chosen by some seed");
    }
}

/// A seed whose chooser at a table of `seats` is `seat`.
fn seed_choosing(seats: usize, seat: Seat) -> (u64, MatchState) {
    (0..).map(|seed| (seed, start_for(seed, seats))).find(|(_, s)| chooser(s) == seat).expect("some seed")
}

#[test]
fn second_hands_the_first_turn_to_the_choosers_right() {
    // MP-4's example: five seats, C chosen; "second" makes B (at C's right) first: B, C, D, E, A.
    let (_, state) = seed_choosing(5, Seat::C);
    let mut second = state.clone();
    let ev = apply(&mut second, Seat::C, &Intent::ChooseTurnOrder { go_first: false }).unwrap();
    assert!(ev.0.contains(&Event::TurnOrderChosen { chooser: Seat::C, first: Seat::B }));
    assert_eq!(second.turn().first_player, Seat::B);
    let mut first = state;
    apply(&mut first, Seat::C, &Intent::ChooseTurnOrder { go_first: true }).unwrap();
    assert_eq!(first.turn().first_player, Seat::C);
    // Every table: first is the chooser, second its right opponent (for two seats, the other seat as ever).
    for seats in 2..=6 {
        for seed in 0..10 {
            let state = start_for(seed, seats);
            let c = chooser(&state);
            for go_first in [true, false] {
                let mut s = state.clone();
                apply(&mut s, c, &Intent::ChooseTurnOrder { go_first }).unwrap();
                let want = if go_first { c } else { s.table().right_of(c) };
                assert_eq!(s.turn().first_player, want, "{seats} seats, seed {seed}, go_first {go_first}");
            }
        }
    }
}

#[test]
fn deals_mulligans_and_the_reveal_go_round_the_table_in_turn_order() {
    for seats in 2..=6 {
        for seed in 0..match_count(12) {
            let mut state = start_for(seed, seats);
            let c = chooser(&state);
            let go_first = seed % 2 == 0;
            let ev = apply(&mut state, c, &Intent::ChooseTurnOrder { go_first }).unwrap();
            let first = state.turn().first_player;
            let order: Vec<Seat> = state.table().from(first).collect();
            assert_eq!(order.len(), seats);
            // CR 200.5, MP-5: each seat shuffles and draws 7, in turn order from the first player.
            let dealt: Vec<_> =
                ev.0.iter()
                    .filter_map(|e| match e {
                        Event::HandDealt { seat, count: 7, .. } => Some(*seat),
                        _ => None,
                    })
                    .collect();
            assert_eq!(dealt, order, "{seats} seats, seed {seed}");
            // CR 200.6, MP-5: one mulligan question per seat in the same order; heroes stay face down meanwhile.
            for (i, &seat) in order.iter().enumerate() {
                assert_eq!(owed_seat(&state), Some(seat), "{seats} seats, seed {seed}: mulligan {i}");
                assert_eq!(legal_intents(&state, seat), [Intent::Mulligan, Intent::KeepHand, Intent::Concede]);
                for other in state.table().opponents(seat) {
                    assert_eq!(legal_intents(&state, other), [Intent::Concede], "{other:?} waits its turn to answer");
                }
                assert!(state.table().seats().all(|s| state.player(s).field.iter().all(|h| h.face_down)));
                let intent = if (seed + i as u64).is_multiple_of(3) { Intent::Mulligan } else { Intent::KeepHand };
                let ev = apply(&mut state, seat, &intent).unwrap();
                assert!(ev.0.contains(&Event::Mulligan { seat, mulligan: intent == Intent::Mulligan }));
                assert_eq!(state.player(seat).hand.len(), 7);
                let last = i + 1 == seats;
                let revealed = ev.0.iter().find_map(|e| match e {
                    Event::HeroesRevealed { heroes } => Some(heroes.clone()),
                    _ => None,
                });
                assert_eq!(revealed.is_some(), last, "{seats} seats, seed {seed}: the reveal waits for every answer");
                if let Some(heroes) = revealed {
                    // CR 200.7: every seat's four heroes, at once, in seat order, as they now stand face up.
                    assert_eq!(heroes.len(), seats);
                    for (s, shown) in Seat::ALL.iter().zip(&heroes) {
                        let field = &state.player(*s).field;
                        assert!(field.iter().all(|h| !h.face_down));
                        assert_eq!(*shown, field.each_ref().map(|h| crate::event::CardView::from(h.card)));
                    }
                    assert!(ev.0.contains(&Event::TurnStarted { seat: first, turn: 1, first_turn: true }));
                }
            }
            // The first player's turn 1: no draw (CR 200.9, MP-6).
            assert_eq!((state.turn().active, state.turn().number, state.turn().phase), (first, 1, Phase::Play));
            assert_eq!(state.player(first).hand.len(), 7, "{seats} seats, seed {seed}: the first player drew");
        }
    }
}

#[test]
fn a_kept_view_follows_a_change_of_table() {
    // `view_into` resizes `players` when the table differs from the kept view's: the result is `view_for`'s.
    let mut kept = view_for(&start_for(1, 2), Viewer::Spectator);
    for seats in [4, 6, 3, 2, 5] {
        let state = start_for(seats as u64, seats);
        for viewer in [Viewer::Spectator, Viewer::Seat(Seat::B)] {
            crate::view::view_into(&state, viewer, &mut kept);
            assert_eq!(kept, view_for(&state, viewer), "{seats} seats, {viewer:?}");
        }
    }
}
