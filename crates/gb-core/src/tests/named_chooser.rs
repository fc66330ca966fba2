//! A setup that names who chooses the turn order (a playoff's higher seed, MTR 2.2) instead of the draw
//! (CR 200.4): that seat is asked, the rest of the match is the same seeded match, and setups stored before
//! the field existed read and play as before.
use super::{setup_for, start_for};
use crate::api::{apply, owed_seat, state_hash};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::setup::{MatchSetup, new_match};
use crate::state::MatchState;

fn named(seed: u64, seats: usize, chooser: Seat) -> MatchSetup {
    MatchSetup { chooser: Some(chooser), ..setup_for(seed, seats) }
}

/// Every seat's hand after `chooser` chooses, as card definitions.
fn hands_after(mut state: MatchState, chooser: Seat, go_first: bool) -> Vec<Vec<String>> {
    apply(&mut state, chooser, &Intent::ChooseTurnOrder { go_first }).expect("the chooser answers");
    let seats = state.table().seats().collect::<Vec<_>>();
    seats.into_iter().map(|s| state.player(s).hand.iter().map(|c| format!("{:?}", c.def)).collect()).collect()
}

#[test]
fn the_named_seat_is_asked_and_the_shuffles_are_the_drawn_matchs() {
    for seats in 2..=4 {
        for seed in 0..12 {
            let drawn = owed_seat(&start_for(seed, seats)).expect("the draw's chooser is asked");
            for seat in Seat::ALL[..seats].iter().copied() {
                let state = new_match(&named(seed, seats, seat)).expect("a seat of the table may be named");
                assert_eq!(owed_seat(&state), Some(seat), "{seats} seats, seed {seed}");
                // Named or drawn, the same chooser makes the very same match (the draw is still made).
                if seat == drawn {
                    assert_eq!(state_hash(&state), state_hash(&start_for(seed, seats)));
                }
                // The same first player deals the same hands whoever chose it: the seed decides the shuffles.
                if seats == 2 {
                    let go_first = seat == drawn;
                    assert_eq!(
                        hands_after(state, seat, go_first),
                        hands_after(start_for(seed, seats), drawn, true),
                        "seed {seed}: {seat:?} named, {drawn:?} drawn"
                    );
                }
            }
        }
    }
}

#[test]
fn a_chooser_who_is_not_at_the_table_is_refused() {
    let errors = new_match(&named(3, 2, Seat::C)).expect_err("a two-player match has no seat C");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].seat, None);
    let codes: Vec<_> = errors[0].errors.iter().map(|r| (r.code, r.rule)).collect();
    assert_eq!(codes, [("chooser", "CR 200.4")]);
}

#[test]
fn setups_without_a_chooser_read_and_write_as_before() {
    let old = setup_for(5, 2);
    let json = serde_json::to_value(&old).unwrap();
    assert!(json.get("chooser").is_none(), "no key when the draw chooses: {json}");
    assert_eq!(serde_json::from_value::<MatchSetup>(json).unwrap(), old);
    let new = named(5, 2, Seat::B);
    let json = serde_json::to_value(&new).unwrap();
    assert_eq!(json["chooser"], "B");
    let read: MatchSetup = serde_json::from_value(json).unwrap();
    assert_eq!(read, new);
    // A replay starts from the setup, so it asks the named seat again.
    let replayed = crate::replay::replay(&read, &[(Seat::B, Intent::ChooseTurnOrder { go_first: true })]).unwrap();
    assert_eq!(replayed.turn().first_player, Seat::B);
}
