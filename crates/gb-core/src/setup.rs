//! `MatchSetup`: what a match starts from (two deck lists and a seed), and `new_match`, which validates it and
//! places everything as CR 200.2–200.4 says.
use crate::deck::DeckList;
use crate::frames::{Frame, SetupStage};
use crate::ids::Seat;
use crate::rejection::Rejection;
use crate::rng::MatchRng;
use crate::state::{Card, MatchState, Phase, PlayerState, TurnState};
use serde::{Deserialize, Serialize};

/// Unvalidated input for a match. The seed is secret until the match ends (it decides every shuffle).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    /// Seat A's deck, then seat B's.
    pub decks: [DeckList; 2],
    /// Read from 64 hex digits or, in scenario files and older rows, an integer (`Seed::from_u64`).
    pub seed: crate::seed::Seed,
}

/// A deck that failed validation, with the seat that brought it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetupError {
    pub seat: Seat,
    pub errors: Vec<Rejection>,
}

/// Validates both decks (CR 101), places heroes face down and the bench aside (CR 200.2–200.3), and lets the
/// seeded stream choose who picks turn order (CR 200.4). The first decision is owed by that seat.
pub fn new_match(setup: &MatchSetup) -> Result<MatchState, Vec<SetupError>> {
    let mut valid = Vec::new();
    let mut errors = Vec::new();
    // Two decks, the two-player table (plan step 2 seats one player per deck).
    for seat in crate::table::Table::STANDARD.seats() {
        match setup.decks[seat.index()].validate() {
            Ok(deck) => valid.push(deck),
            Err(e) => errors.push(SetupError { seat, errors: e }),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut next_id = 0u32;
    let mut fresh = |def| {
        next_id += 1;
        Card { id: crate::ids::CardId(next_id), def }
    };
    let players = [0, 1].map(|i| {
        let deck = &valid[i];
        let heroes = deck.heroes.map(&mut fresh);
        let bench = deck.bench.iter().map(|d| fresh(*d)).collect();
        let main = deck.main.iter().map(|d| fresh(*d)).collect();
        PlayerState::new(heroes, bench, main)
    });
    let mut rng = MatchRng::new(setup.seed);
    let chooser = if rng.below(2) == 0 { Seat::A } else { Seat::B };
    let mut state = MatchState::new(
        players,
        TurnState {
            active: chooser,
            first_player: chooser,
            number: 0,
            phase: Phase::Setup,
            first_turns_over: false,
            round: 1,
            round_loser: None,
            additional_turns: [0, 0],
        },
        rng,
        next_id,
        chooser,
    );
    state.frames.push(Frame::Setup(SetupStage::ChooseOrder));
    let mut ev = crate::event::Events::default();
    crate::frames::drive(&mut state, &mut ev);
    Ok(state)
}
