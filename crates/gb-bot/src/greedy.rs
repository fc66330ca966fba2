//! The medium level: one ply. Each legal intent is applied on sampled worlds, the world is settled to the next
//! main-phase decision, and the heuristic picks the best. A per-turn action cap guards against any effect loop.
use crate::settle::{options, settle};
use crate::{Bot, SeatState, eval};
use gb_core::rng::MatchRng;
use gb_core::{Intent, apply};

/// Worlds per decision: two smooth out the opponent's hidden responses without doubling much cost.
const WORLDS: usize = 2;
/// Past this many own decisions in one turn, end the turn (no real turn needs that many).
const MAX_ACTIONS_PER_TURN: u32 = 40;
const SETTLE_STEPS: usize = 24;

pub struct GreedyBot {
    rng: MatchRng,
    turn: (u8, u32),
    actions_this_turn: u32,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        GreedyBot { rng: MatchRng::new(seed ^ 0x6eed_0000_0000_0002), turn: (0, 0), actions_this_turn: 0 }
    }
}

impl Bot for GreedyBot {
    fn choose(&mut self, ss: &SeatState) -> Intent {
        let legal: Vec<Intent> = ss.legal().iter().filter(|i| **i != Intent::Concede).cloned().collect();
        if legal.len() <= 1 {
            return legal.into_iter().next().unwrap_or(Intent::Concede);
        }
        let turn = (ss.view().round, ss.view().turn);
        if turn != self.turn {
            self.turn = turn;
            self.actions_this_turn = 0;
        }
        self.actions_this_turn += 1;
        if self.actions_this_turn > MAX_ACTIONS_PER_TURN && legal.contains(&Intent::EndTurn) {
            return Intent::EndTurn;
        }
        let me = ss.seat();
        let mut totals = vec![0.0; legal.len()];
        let mut counts = vec![0u32; legal.len()];
        for _ in 0..WORLDS {
            let world = ss.sample_world(&mut self.rng);
            let world_legal = options(&world, me);
            for (i, intent) in legal.iter().enumerate() {
                let Some(intent) = ss.translate(intent, &world, &world_legal) else { continue };
                let mut w = world.clone();
                if apply(&mut w, me, &intent).is_ok() {
                    settle(&mut w, SETTLE_STEPS);
                    totals[i] += eval::raw(&w, me);
                    counts[i] += 1;
                }
            }
        }
        // Mean over the worlds where the intent existed; one that existed in none ranks last.
        let mean = |i: usize| if counts[i] == 0 { f64::NEG_INFINITY } else { totals[i] / f64::from(counts[i]) };
        let best = (0..legal.len()).fold(0, |b, i| if mean(i) > mean(b) { i } else { b });
        legal[best].clone()
    }
}
