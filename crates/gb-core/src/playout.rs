//! Random play for tests, fuzzing and benchmarks: picks uniformly among the legal intents with a seeded stream,
//! so a playout is as reproducible as the match itself.
use crate::api::{apply, legal_intents_into, owed_seat};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::rng::MatchRng;
use crate::state::MatchState;

/// A seeded random policy. Concedes with probability 1 in `concede_one_in` decisions (0: never).
pub struct RandomPolicy {
    rng: MatchRng,
    pub concede_one_in: u32,
}

impl RandomPolicy {
    pub fn new(seed: u64) -> Self {
        RandomPolicy { rng: MatchRng::new(seed ^ 0x9e37_79b9_7f4a_7c15), concede_one_in: 0 }
    }

    /// Picks one of `legal` (which always ends with `Concede`).
    pub fn pick(&mut self, legal: &[Intent]) -> Intent {
        if self.concede_one_in > 0 && self.rng.below(self.concede_one_in) == 0 {
            return Intent::Concede;
        }
        let choices: Vec<&Intent> = legal.iter().filter(|i| **i != Intent::Concede).collect();
        if choices.is_empty() {
            return Intent::Concede;
        }
        choices[self.rng.below(choices.len() as u32) as usize].clone()
    }
}

/// Plays until the game ends or `max_intents` were applied; calls `after` after each accepted intent.
pub fn play_out(
    state: &mut MatchState,
    policy: &mut RandomPolicy,
    max_intents: usize,
    mut after: impl FnMut(&MatchState, Seat, &Intent),
) -> Vec<(Seat, Intent)> {
    let mut log = Vec::new();
    let mut legal = Vec::new();
    while let Some(seat) = owed_seat(state) {
        if log.len() >= max_intents {
            break;
        }
        legal_intents_into(state, seat, &mut legal);
        let intent = policy.pick(&legal);
        apply(state, seat, &intent).expect("a legal intent is accepted");
        after(state, seat, &intent);
        log.push((seat, intent));
    }
    log
}
