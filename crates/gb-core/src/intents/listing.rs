//! `legal_intents`: which kinds each input frame offers, in a fixed order (bots and playouts pick by index, so the
//! order is part of determinism); each kind's own module lists its candidates (`candidates`).
use crate::api::{check, check_in, owed_seat};
use crate::effects::field::LazyField;
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::{Position, Seat};
use crate::intent::Intent;
use crate::intents::{action, additional, attack, blend, effect, gem, setup, substitute, turn};
use crate::state::MatchState;

/// Room for the longest lists most decisions give (a main phase with attacks to declare), so one allocation serves.
const LISTING: usize = 32;

/// Every intent `seat` may submit now, choices included. `apply` accepts exactly these.
pub fn legal_intents(state: &MatchState, seat: Seat) -> Vec<Intent> {
    // Allocated at its working size at once: `reserve` on an empty `Vec` took the growth path (3 % of an intent).
    let mut out = Vec::with_capacity(LISTING);
    legal_intents_into(state, seat, &mut out);
    out
}

/// [`legal_intents`] written into `out` (emptied first), so that a caller listing intents again and again (a
/// playout, a bot's search) reuses one buffer instead of a new `Vec` per decision (issue 14).
pub fn legal_intents_into(state: &MatchState, seat: Seat, out: &mut Vec<Intent>) {
    out.clear();
    if state.is_over() || !state.table.is_living(seat) {
        return;
    }
    if owed_seat(state) == Some(seat) {
        // The seat's heroes' effects, statics and gem pools, worked out once for every candidate and every check
        // rather than hero by hero for each (a blend's gem requirement alone asked a dozen times about the other
        // heroes), and kept in the state for the `check` of the intent picked (`FieldCache`; issue 14).
        let field = LazyField::kept(state, seat);
        out.reserve(LISTING);
        let candidates = out;
        // The candidates before `checked_from` are legal by the frame alone (the seat owes it, and it is no
        // additional-attack question, CR 204.5c); those from it on are asked to `check`.
        let checked_from = match state.frames.last() {
            Some(Frame::Ask { kind, .. }) => match kind {
                // CR 200.4, 200.6: either answer to the question asked.
                AskKind::TurnOrder => {
                    setup::turn_order_candidates(candidates);
                    candidates.len()
                }
                AskKind::Mulligan => {
                    setup::mulligan_candidates(candidates);
                    candidates.len()
                }
                // CR 204.4: the damage may always be taken; a deblend-to-block and a timed action are checked.
                AskKind::AttackDamage { .. } => {
                    attack::damage_candidates(candidates);
                    action::timed_candidates(state, seat, candidates);
                    1
                }
                AskKind::Effect { .. } => {
                    // The effect's choices are its answers by definition (`check_answer` asks whether an intent is
                    // one of them): no check per choice, which worked every choice out again per choice (issue 14).
                    candidates.extend(effect::answers(state, seat));
                    candidates.len()
                }
                AskKind::AdditionalAttack { .. } => {
                    additional::candidates(candidates);
                    candidates.len()
                }
                AskKind::Substitute => {
                    substitute::candidates(state, seat, candidates);
                    0
                }
            },
            Some(Frame::Window { kind: WindowKind::Main, .. }) => {
                // Listed only when legal (see `main_phase_candidates`): no second check.
                main_phase_candidates(state, &field, candidates);
                candidates.len()
            }
            // CR 501.6: a window's owner may always pass; its timed actions are checked.
            Some(Frame::Window { .. }) => {
                turn::pass_candidates(candidates);
                action::timed_candidates(state, seat, candidates);
                1
            }
            _ => 0,
        };
        // Filtered in place, in order: the candidate list becomes the answer, with no second list. Debug builds
        // (and so the random-match property tests) still ask `check` about the unchecked ones.
        retain_from(candidates, checked_from, |i| check_in(state, seat, i, &field).is_ok());
        debug_assert!(
            candidates.iter().all(|i| check(state, seat, i).is_ok()),
            "a listed intent is refused by check: {candidates:?}"
        );
        candidates.push(Intent::Concede);
        return;
    }
    out.push(Intent::Concede);
}

/// Keeps the intents from index `from` on that `keep` accepts, in order; those before `from` all stay.
fn retain_from(list: &mut Vec<Intent>, from: usize, keep: impl Fn(&Intent) -> bool) {
    let mut kept = from;
    for i in from..list.len() {
        if keep(&list[i]) {
            list.swap(kept, i);
            kept += 1;
        }
    }
    list.truncate(kept);
}

/// The main window's intents, card by card in hand order, then hero by hero, then the attacks and the end of the
/// turn, each listed only when `check` accepts it: every kind's `candidates` makes the tests its `check` makes
/// (without the words of a refusal), so that `check` does not go over dozens of candidates again.
fn main_phase_candidates(state: &MatchState, lazy: &LazyField, out: &mut Vec<Intent>) {
    let field = lazy.get();
    let seat = field.seat;
    let p = state.player(seat);
    let mut heroes = blend::Heroes::default();
    for card in &p.hand {
        gem::candidates(p, card, out);
        blend::candidates(state, field, card, &mut heroes, out);
        action::candidates(p, card, out);
    }
    for hero in Position::ALL {
        blend::deblend_candidates(p, hero, out);
        effect::use_candidates(state, field, hero, out);
    }
    attack::candidates(state, field, out);
    turn::end_turn_candidates(out);
}
