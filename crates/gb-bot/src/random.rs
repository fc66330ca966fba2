//! The easy level: uniform over the legal intents, never conceding.
use crate::{Bot, SeatState};
use gb_core::Intent;
use gb_core::rng::MatchRng;

pub struct RandomBot {
    rng: MatchRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot { rng: MatchRng::new(seed ^ 0x5eed_0000_0000_0001) }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, ss: &SeatState) -> Intent {
        let choices: Vec<&Intent> = ss.legal().iter().filter(|i| **i != Intent::Concede).collect();
        match choices.len() {
            0 => Intent::Concede,
            n => choices[self.rng.below(n as u32) as usize].clone(),
        }
    }
}
