//! `MatchSetup`: what a match starts from (one deck list per seat and a seed), and `new_match`, which validates it
//! and places everything as CR 200.2–200.4 says. Two decks are the two-player game (CR 100.2), three to six the
//! free-for-all (MP-1).
use crate::deck::DeckList;
use crate::frames::{Frame, SetupStage};
use crate::ids::Seat;
use crate::rejection::Rejection;
use crate::rng::MatchRng;
use crate::state::{Card, MatchState, Phase, PlayerState, TurnState};
use crate::table::{SeatCountError, Table};
use serde::{Deserialize, Serialize};

/// Unvalidated input for a match. The seed is secret until the match ends (it decides every shuffle).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    /// One deck per seat, seat A's first: two for the two-player game, three to six for the free-for-all (MP-1).
    /// A JSON array either way, so setups and records stored with two decks read as before.
    pub decks: Vec<DeckList>,
    /// Read from 64 hex digits or, in scenario files and older rows, an integer (`Seed::from_u64`).
    pub seed: crate::seed::Seed,
    /// The seat that chooses the turn order when the event's rules name it (the higher seed of a playoff, MTR
    /// 2.2) rather than leaving it to chance (CR 200.4). Absent in setups stored before it existed: the draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chooser: Option<Seat>,
}

/// A deck that failed validation, with the seat that brought it; `seat` is `None` when the setup as a whole is
/// refused (code `seat_count`: not two to six decks; `chooser`: a chooser who is not a seat of the match).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetupError {
    pub seat: Option<Seat>,
    pub errors: Vec<Rejection>,
}

/// Validates every deck (CR 101), places heroes face down and the bench aside (CR 200.2–200.3) at the HP the game
/// starts with (CR 200.1, MP-2), and lets the seeded stream choose who picks turn order among all seats (CR 200.4,
/// MP-4), unless the setup names the chooser. The first decision is owed by that seat.
pub fn new_match(setup: &MatchSetup) -> Result<MatchState, Vec<SetupError>> {
    let table = Table::new(setup.decks.len()).map_err(|SeatCountError(n)| {
        let r =
            Rejection::new("seat_count", "CR 100.2, MP-1", format!("a match has 2 to 6 decks, one per seat; got {n}"));
        vec![SetupError { seat: None, errors: vec![r] }]
    })?;
    let mut valid = Vec::with_capacity(table.seat_count());
    let mut errors = Vec::new();
    for seat in table.seats() {
        match setup.decks[seat.index()].validate() {
            Ok(deck) => valid.push(deck),
            Err(e) => errors.push(SetupError { seat: Some(seat), errors: e }),
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
    let starting_hp = table.format().rules().starting_hp;
    let players: Vec<PlayerState> = valid
        .iter()
        .map(|deck| {
            let heroes = deck.heroes.map(&mut fresh);
            let bench = deck.bench.iter().map(|d| fresh(*d)).collect();
            let main = deck.main.iter().map(|d| fresh(*d)).collect();
            let mut p = PlayerState::new(heroes, bench, main);
            p.hp = starting_hp;
            p
        })
        .collect();
    if let Some(seat) = setup.chooser.filter(|s| s.index() >= table.seat_count()) {
        let r = Rejection::new("chooser", "CR 200.4", format!("the chooser {seat:?} is not a seat of this match"));
        return Err(vec![SetupError { seat: None, errors: vec![r] }]);
    }
    let mut rng = MatchRng::new(setup.seed);
    // CR 200.4, MP-4: one seat of all; for two seats the very draw the two-player game always made. The draw is
    // made even when the setup names the chooser, so every later draw (the shuffles) is the same either way.
    let drawn = Seat::from_index(rng.below(table.seat_count() as u32) as usize).expect("a seat of the table");
    let chooser = setup.chooser.unwrap_or(drawn);
    let mut state = MatchState::new(
        table,
        players,
        TurnState {
            active: chooser,
            first_player: chooser,
            number: 0,
            phase: Phase::Setup,
            first_turns_over: false,
            round: 1,
            round_loser: None,
            additional_turns: [0; 6],
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
