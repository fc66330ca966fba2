//! The one random-table driver of the property tests: a match of 2 to 6 seats from `setup_for`, played by a seeded
//! `RandomPolicy` over every legal intent (nothing filtered out), with concessions by any living seat now and then,
//! owed or not (CR 102.2, MP-29), and the log that replays it.
use super::setup_for;
use crate::api::{apply, legal_intents_into, owed_seat};
use crate::event::Events;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::playout::RandomPolicy;
use crate::rng::MatchRng;
use crate::setup::{MatchSetup, new_match};
use crate::state::MatchState;

/// No random match should come near this many intents; a match that does is reported as unfinished.
const MAX_INTENTS: usize = 50_000;

/// A random match in progress.
pub(crate) struct RandomTable {
    pub setup: MatchSetup,
    pub state: MatchState,
    pub log: Vec<(Seat, Intent)>,
    policy: RandomPolicy,
    /// A random living seat concedes with probability 1 in this many intents (0: never).
    concede_one_in: u32,
    rng: MatchRng,
    legal: Vec<Intent>,
}

/// One intent played: who, what, and what happened.
pub(crate) struct Step {
    pub seat: Seat,
    pub intent: Intent,
    pub events: Events,
}

impl RandomTable {
    /// `seed`'s match of `seats` players, no one conceding.
    pub(crate) fn new(seed: u64, seats: usize) -> Self {
        let setup = setup_for(seed, seats);
        let state = new_match(&setup).expect("shipped decks are legal");
        RandomTable {
            setup,
            state,
            log: Vec::new(),
            policy: RandomPolicy::new(seed),
            concede_one_in: 0,
            rng: MatchRng::new(seed ^ 0x5eed),
            legal: Vec::new(),
        }
    }

    /// `seed`'s match, with concessions (about one in 400 intents) in one seed of ten: most matches are played to
    /// their end, and concessions at any moment are covered too.
    pub(crate) fn tenth_conceding(seed: u64, seats: usize) -> Self {
        RandomTable::new(seed, seats).conceding(if seed.is_multiple_of(10) { 400 } else { 0 })
    }

    /// The same, with a random living seat conceding about once in `one_in` intents.
    pub(crate) fn conceding(mut self, one_in: u32) -> Self {
        self.concede_one_in = one_in;
        self
    }

    /// The seat and intent to play next, or `None` once the match is over (or ran past `MAX_INTENTS`).
    pub(crate) fn next(&mut self) -> Option<(Seat, Intent)> {
        let owed = owed_seat(&self.state)?;
        if self.log.len() >= MAX_INTENTS {
            return None;
        }
        if self.concede_one_in > 0 && self.rng.below(self.concede_one_in) == 0 {
            let living: Vec<Seat> = self.state.table().seats().collect();
            return Some((living[self.rng.below(living.len() as u32) as usize], Intent::Concede));
        }
        legal_intents_into(&self.state, owed, &mut self.legal);
        Some((owed, self.policy.pick(&self.legal)))
    }

    /// The legal intents `next` last picked from (all of the owed seat's, `Concede` last).
    pub(crate) fn last_legal(&self) -> &[Intent] {
        &self.legal
    }

    /// Applies `intent` for `seat` (a legal one: the test fails otherwise) and logs it.
    pub(crate) fn play(&mut self, seat: Seat, intent: Intent) -> Events {
        let events = apply(&mut self.state, seat, &intent)
            .unwrap_or_else(|r| panic!("{} seats: {seat:?} {intent:?} refused: {r}", self.setup.decks.len()));
        self.log.push((seat, intent));
        events
    }

    /// Picks and plays the next intent.
    pub(crate) fn step(&mut self) -> Option<Step> {
        let (seat, intent) = self.next()?;
        let events = self.play(seat, intent.clone());
        Some(Step { seat, intent, events })
    }

    /// Plays to the end, calling `after` after every intent.
    pub(crate) fn play_out(&mut self, mut after: impl FnMut(&MatchState, &Step)) {
        while let Some(step) = self.step() {
            after(&self.state, &step);
        }
    }
}

/// How many random matches a property test plays at `seats`, `1 / share` of the full count (1 for the whole
/// 10,000 issue 16 asks for; a costlier test takes a share). The full count for two seats (what the tests always
/// played) and in optimised builds; in debug builds a table of three or more plays `DEBUG_FULL`, which keeps
/// `cargo test` near its old length. `GB_RANDOM_MATCHES` sets the full count at every seat count, so
/// `GB_RANDOM_MATCHES=10000 cargo test --release -p gb-core --lib tests::` runs the full 10,000 at 3, 4 and 6 seats.
pub(crate) fn matches_at(seats: usize, share: u64) -> u64 {
    let full = if seats == 2 || !cfg!(debug_assertions) { 10_000 } else { DEBUG_FULL };
    (super::match_count(full) / share).max(1)
}

/// The full count for three or more seats in debug builds (see `matches_at`).
const DEBUG_FULL: u64 = 100;

/// One test per seat count (`at_two_seats`, `at_three_seats`, `at_four_seats`, `at_six_seats`) in a module named
/// after `$property`, a function of the seat count: each reports (and fails) on its own, and
/// `cargo test at_six_seats` picks a size.
macro_rules! at_every_seat_count {
    ($property:ident) => {
        at_every_seat_count!($property: at_two_seats 2, at_three_seats 3, at_four_seats 4, at_six_seats 6);
    };
    ($property:ident: $($test:ident $seats:literal),*) => {
        mod $property {
            $(
                #[test]
                fn $test() {
                    super::$property($seats);
                }
            )*
        }
    };
}
pub(crate) use at_every_seat_count;
