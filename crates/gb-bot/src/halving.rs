//! A root-only alternative to the tree (`SearchConfig::halving`): sequential halving over common sampled worlds.
//! Each sampled world is played out once from every root intent still in the running, so the intents are
//! compared on the same hidden cards (the opponent's hand decides most of a rollout's value; comparing two
//! intents on different hands mostly measures the hands). After each phase the worse half is dropped; the
//! survivor with the best mean value is played. Below the root, both seats play greedily through the opponent's
//! next turn, as in the tree's rollouts, which is how the greedy opponent does play.
use crate::search::SearchConfig;
use crate::settle::{greedy_rollout, options};
use crate::{SeatState, eval};
use gb_core::rng::MatchRng;
use gb_core::{Intent, apply};
use std::time::{Duration, Instant};

/// The outcome of one halving search: the intent to play, the rollouts run, and each root intent's
/// (intent, rollouts, mean value), survivors first.
pub(crate) struct Halving {
    pub best: Intent,
    pub rollouts: u32,
    pub root: Vec<(Intent, u32, f64)>,
}

pub(crate) fn search(
    ss: &SeatState,
    root: &[Intent],
    cfg: &SearchConfig,
    start: Instant,
    rng: &mut MatchRng,
) -> Halving {
    let me = ss.seat();
    let deadline = start + cfg.hard_cap;
    let mut sums = vec![0.0; root.len()];
    let mut counts = vec![0u32; root.len()];
    let mut alive: Vec<usize> = (0..root.len()).collect();
    let phases = root.len().next_power_of_two().trailing_zeros().max(1);
    // Rollouts this decision can afford: the iteration budget, or fewer once the first world shows what one
    // costs against the cap.
    let mut budget = cfg.iterations;
    let mut rollouts = 0u32;
    let mut slowest_world = Duration::ZERO;
    let mut out_of_time = false;
    let mut first_world = true;
    for phase in 0..phases {
        if alive.len() <= 1 || out_of_time {
            break;
        }
        let phases_left = phases - phase;
        let worlds = ((budget.saturating_sub(rollouts)) / phases_left / alive.len() as u32).max(1);
        for _ in 0..worlds {
            let before = Instant::now();
            if before.duration_since(start) + slowest_world > cfg.time_cap {
                out_of_time = true;
                break;
            }
            let world = ss.sample_world(rng);
            let world_legal = options(&world, me);
            // A world counts only when every intent in the running was played out on it (paired comparisons).
            let mut values = Vec::with_capacity(alive.len());
            for &k in &alive {
                let Some(intent) = ss.translate(&root[k], &world, &world_legal) else { continue };
                let mut w = world.clone();
                if apply(&mut w, me, &intent).is_err() {
                    continue;
                }
                if !greedy_rollout(&mut w, me, 200, 20, &eval::raw, deadline) {
                    out_of_time = true;
                    break;
                }
                values.push((k, cfg.eval.value(&w, me)));
            }
            if out_of_time {
                break;
            }
            for (k, v) in values {
                sums[k] += v;
                counts[k] += 1;
                rollouts += 1;
            }
            let took = before.elapsed();
            slowest_world = slowest_world.max(took);
            if std::mem::take(&mut first_world) {
                // First world: cap the budget at what the time cap allows at this pace.
                let per_rollout = took.as_secs_f64() / alive.len() as f64;
                let affordable = cfg.time_cap.saturating_sub(start.elapsed()).as_secs_f64() / per_rollout.max(1e-6);
                budget = budget.min(rollouts + affordable as u32);
            }
        }
        let mean = |k: usize| if counts[k] == 0 { f64::NEG_INFINITY } else { sums[k] / f64::from(counts[k]) };
        // Stable: equal means keep the screen's order.
        alive.sort_by(|&x, &y| mean(y).total_cmp(&mean(x)));
        if !out_of_time {
            alive.truncate(alive.len().div_ceil(2));
        }
    }
    let mean = |k: usize| if counts[k] == 0 { f64::NEG_INFINITY } else { sums[k] / f64::from(counts[k]) };
    let best = alive.iter().copied().fold(alive[0], |b, k| if mean(k) > mean(b) { k } else { b });
    let mut order: Vec<usize> = alive.clone();
    order.extend((0..root.len()).filter(|k| !alive.contains(k)));
    Halving {
        best: root[best].clone(),
        rollouts,
        root: order.into_iter().map(|k| (root[k].clone(), counts[k], mean(k).max(0.0))).collect(),
    }
}
