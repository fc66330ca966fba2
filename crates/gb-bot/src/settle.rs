//! Playing a sampled world forward to the next real plan: after an intent, the windows and questions that
//! follow (the defender's accept-or-block, response windows, effect questions) are answered one ply deep by
//! whoever owes them, until a seat owes a main-phase decision or the game ends. Without this an attack would
//! look worthless, since its damage is only dealt after the defender answers.
use crate::eval;
use crate::same_play::distinct_plays;
use gb_core::lookahead::at_play_phase;
use gb_core::{Intent, MatchState, Seat, apply, legal_intents, owed_seat};
use std::time::Instant;

/// Legal intents without `Concede`: no bot concedes.
pub(crate) fn options(state: &MatchState, seat: Seat) -> Vec<Intent> {
    let mut legal = legal_intents(state, seat);
    legal.retain(|i| *i != Intent::Concede);
    legal
}

/// Whether `legal` is a main-phase window (the only one offering `EndTurn`).
pub(crate) fn is_main(legal: &[Intent]) -> bool {
    legal.last() == Some(&Intent::EndTurn)
}

/// A heuristic score of a world from the given seat's side (higher is better for that seat).
pub(crate) type Score<'a> = &'a dyn Fn(&MatchState, Seat) -> f64;

/// The intent among `legal` whose immediate result scores best for `seat`.
fn one_ply_by(state: &MatchState, seat: Seat, legal: &[Intent], score: Score) -> Intent {
    let mut best = (f64::NEG_INFINITY, &legal[0]);
    for intent in distinct_plays(state, seat, legal).into_iter().map(|i| &legal[i]) {
        let mut w = state.clone();
        if apply(&mut w, seat, intent).is_ok() {
            let s = score(&w, seat);
            if s > best.0 {
                best = (s, intent);
            }
        }
    }
    best.1.clone()
}

/// Answers non-main decisions (forced ones directly, others one ply deep) for at most `max_steps` intents.
pub(crate) fn settle(state: &mut MatchState, max_steps: usize) {
    settle_by(state, max_steps, &eval::raw);
}

/// A greedy main-phase choice with the world it leads to, already settled.
struct Chosen {
    intent: Intent,
    world: MatchState,
}

/// Plays on to the next main-phase decision. A play phase is recognised without listing its options (listing
/// them is a good part of a step's cost, and only the chosen option's world needs them).
fn settle_by(state: &mut MatchState, max_steps: usize, score: Score) {
    for _ in 0..max_steps {
        if at_play_phase(state) {
            return;
        }
        let Some(seat) = owed_seat(state) else { return };
        let legal = options(state, seat);
        if legal.is_empty() {
            return;
        }
        let intent = if legal.len() == 1 { legal[0].clone() } else { one_ply_by(state, seat, &legal, score) };
        if apply(state, seat, &intent).is_err() {
            return;
        }
    }
}

/// The main-phase choice a greedy player makes in a full world: each option applied, settled and scored.
fn greedy_main_by(state: &MatchState, seat: Seat, legal: &[Intent], score: Score) -> Option<Chosen> {
    let mut best: Option<(f64, Chosen)> = None;
    for intent in distinct_plays(state, seat, legal).into_iter().map(|i| &legal[i]) {
        let mut w = state.clone();
        if apply(&mut w, seat, intent).is_ok() {
            settle_by(&mut w, 24, score);
            let s = score(&w, seat);
            if best.as_ref().is_none_or(|(b, _)| s > *b) {
                best = Some((s, Chosen { intent: intent.clone(), world: w }));
            }
        }
    }
    best.map(|(_, c)| c)
}

/// Plays both seats greedily until `me`'s opponent has ended a turn (so the leaf has seen the reply to our
/// plan), the game ends, or `max_intents` were applied. Each seat ends its turn after `max_actions` choices.
/// `score` judges every choice from the choosing seat's side, so each seat may play by its own heuristic.
/// Returns `false`, leaving the rollout unfinished, when `deadline` passed before a step (a loaded machine can
/// stretch one rollout past a decision's whole budget).
pub(crate) fn greedy_rollout(
    state: &mut MatchState,
    me: Seat,
    max_intents: usize,
    max_actions: u32,
    score: Score,
    deadline: Instant,
) -> bool {
    let mut actions = 0;
    for _ in 0..max_intents {
        if Instant::now() > deadline {
            return false;
        }
        let Some(seat) = owed_seat(state) else { return true };
        let legal = options(state, seat);
        if legal.is_empty() {
            return true;
        }
        let intent = if legal.len() == 1 {
            legal[0].clone()
        } else if is_main(&legal) {
            actions += 1;
            if actions > max_actions {
                Intent::EndTurn
            } else {
                let Some(chosen) = greedy_main_by(state, seat, &legal, score) else { return true };
                // The chosen world was already played on to the next plan: continue from it rather than apply
                // and settle the same intent again. An ending turn is applied as it stands, so the leaf stops
                // right after the opponent's turn.
                if chosen.intent != Intent::EndTurn {
                    *state = chosen.world;
                    continue;
                }
                chosen.intent
            }
        } else {
            one_ply_by(state, seat, &legal, score)
        };
        if apply(state, seat, &intent).is_err() {
            return true;
        }
        if intent == Intent::EndTurn {
            actions = 0;
            if seat != me {
                return true;
            }
        }
    }
    true
}
