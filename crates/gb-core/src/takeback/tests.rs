//! A takeback gives exactly the state before the intent (at the next version), only for the seat's own last
//! intent and only when nothing hidden came out: a card drawn into a hand (CR 402.1–402.2), a face-down hero or
//! bench card shown (CR 200.2–200.3, a substitution CR 621.1), a search or shuffle of a deck. A log with
//! takebacks replays to the same states. `takes_back`, the room's test without a replay, agrees with it.
use super::*;
use crate::api::{legal_intents, owed_seat, state_hash};
use crate::ids::Viewer;
use crate::playout::RandomPolicy;
use crate::view::view_for;

fn setup(seed: u64) -> MatchSetup {
    let decks = crate::decks::preconstructed();
    MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: seed.into(), chooser: None }
}

#[test]
fn a_takeback_rewinds_exactly_or_is_refused_for_what_came_out() {
    let (mut allowed, mut refused) = (0, 0);
    for seed in 0..12 {
        let setup = setup(seed);
        let mut state = new_match(&setup).unwrap();
        let mut policy = RandomPolicy::new(seed);
        let mut log: Vec<Logged> = Vec::new();
        while let Some(seat) = owed_seat(&state) {
            if log.len() >= 300 {
                break;
            }
            let before = state.clone();
            let intent = policy.pick(&legal_intents(&state, seat));
            let events = apply(&mut state, seat, &intent).unwrap();
            log.push(Logged::Intent(seat, intent));
            let other = if seat == Seat::A { Seat::B } else { Seat::A };
            assert_eq!(take_back(&setup, &log, other).unwrap_err(), TakeBackRefusal::NotYours);
            let answer = take_back(&setup, &log, seat);
            // The room's test after each intent (no replay) agrees with the takeback's own.
            assert_eq!(takes_back(&RngMark::of(&before), &state, &events), answer.is_ok(), "seed {seed}");
            match answer {
                Ok((rewound, took)) => {
                    allowed += 1;
                    assert!(!events.0.iter().any(reveals_hidden) && before.rng == state.rng, "seed {seed}");
                    assert_eq!(rewound.version(), log.len() as u32 + 1, "the version counts on");
                    let mut same = before.clone();
                    same.applied = rewound.applied;
                    assert_eq!(state_hash(&rewound), state_hash(&same), "seed {seed}");
                    assert!(same == rewound, "seed {seed}: the state before the intent");
                    for v in [Viewer::Seat(Seat::A), Viewer::Seat(Seat::B), Viewer::Spectator] {
                        assert_eq!(view_for(&rewound, v), view_for(&before, v));
                    }
                    assert_eq!(took.for_viewer(Viewer::Spectator), vec![Event::TookBack { seat }]);
                    // Nothing stands behind a takeback until the next intent.
                    let mut taken = log.clone();
                    taken.push(Logged::TakeBack(seat));
                    assert_eq!(take_back(&setup, &taken, seat).unwrap_err(), TakeBackRefusal::Nothing);
                }
                Err(TakeBackRefusal::HiddenRevealed) => {
                    refused += 1;
                    assert!(events.0.iter().any(reveals_hidden) || before.rng != state.rng, "seed {seed}");
                }
                Err(TakeBackRefusal::GameOver) => assert!(state.is_over()),
                Err(e) => panic!("seed {seed}: {e}"),
            }
        }
    }
    assert!(allowed > 100 && refused > 100, "both kinds seen: {allowed} allowed, {refused} refused");
}

#[test]
fn a_log_with_takebacks_replays_to_the_rewound_states() {
    let setup = setup(5);
    let mut state = new_match(&setup).unwrap();
    let mut policy = RandomPolicy::new(5);
    let mut log: Vec<Logged> = Vec::new();
    let mut takebacks = 0;
    while let Some(seat) = owed_seat(&state) {
        if log.len() >= 200 {
            break;
        }
        let intent = policy.pick(&legal_intents(&state, seat));
        apply(&mut state, seat, &intent).unwrap();
        log.push(Logged::Intent(seat, intent));
        if let Ok((rewound, _)) = take_back(&setup, &log, seat) {
            state = rewound;
            log.push(Logged::TakeBack(seat));
            takebacks += 1;
        }
    }
    assert!(takebacks > 5, "{takebacks}");
    let mut versions = Vec::new();
    let replayed = replay_logged_each(&setup, &log, |s, _| versions.push(s.version())).unwrap();
    assert_eq!(versions, (0..=log.len() as u32).collect::<Vec<_>>());
    assert!(replayed == state);
}

#[test]
fn a_draw_reveals_and_a_gem_played_does_not() {
    assert!(reveals_hidden(&Event::CardDrawn { seat: Seat::A, card: None }));
    assert!(reveals_hidden(&Event::DeckShuffled { seat: Seat::B }));
    assert!(reveals_hidden(&Event::Searched { seat: Seat::B, card: None }));
    assert!(!reveals_hidden(&Event::EndPhase { seat: Seat::A }));
}
