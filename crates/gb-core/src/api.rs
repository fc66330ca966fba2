//! The engine's narrow surface: `legal_intents`, `apply`, `owed_seat`, `state_hash`, `replay`; and for bots and
//! playouts `apply_listed` (no second check of an intent taken from `legal_intents`).
use crate::cards::CardKind;
use crate::effects::field::{Field, LazyField};
use crate::event::{Event, Events};
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::{Position, Seat};
use crate::intent::{AttackerDecl, Attackers, Intent};
use crate::intents::{action, additional, attack, blend, effect, forbidden, gem, setup, substitute, turn};
use crate::rejection::Rejection;
use crate::state::{EliminationReason, EndReason, MatchState};
use crate::table::Format;
use smallvec::SmallVec;
use std::hash::Hash;

/// The seat that owes the next decision, or `None` once the game is over.
pub fn owed_seat(state: &MatchState) -> Option<Seat> {
    if state.is_over() {
        return None;
    }
    state.frames.last().and_then(Frame::owed_by)
}

/// Whether `intent` by `seat` would be accepted now, and if not, why. Never changes the state.
pub fn check(state: &MatchState, seat: Seat, intent: &Intent) -> Result<(), Rejection> {
    if !state.table.is_living(seat) {
        return Err(not_living(state, seat));
    }
    check_in(state, seat, intent, &LazyField::kept(state, seat))
}

/// [`check`] against `seat`'s field (its heroes' effects, statics and gem pools), worked out at most once however
/// many intents are checked against it.
fn check_in(state: &MatchState, seat: Seat, intent: &Intent, field: &LazyField) -> Result<(), Rejection> {
    if state.is_over() {
        return Err(Rejection::new("game_over", "CR 206.2", "the game is over"));
    }
    if *intent == Intent::Concede {
        return Ok(()); // CR 102.2: at any time.
    }
    if let Some(r) = forbidden::rejection(intent) {
        return Err(r);
    }
    if owed_seat(state) != Some(seat) {
        return Err(Rejection::new(
            "not_your_decision",
            "CR 202.1b",
            "another player owes the next decision; you may only concede now",
        ));
    }
    if let Some(r) = additional::between_attacks(state, seat, intent) {
        return Err(r);
    }
    match intent {
        Intent::ChooseTurnOrder { .. } => setup::check_turn_order(state, seat),
        Intent::Mulligan | Intent::KeepHand => setup::check_mulligan(state, seat),
        Intent::PlayGem { card, hero } => gem::check(state, seat, *card, *hero),
        Intent::PlayBlend { card, hero } => blend::check_blend(state, seat, *card, *hero, field),
        Intent::Deblend { hero } => blend::check_deblend(state, seat, *hero),
        Intent::PlayAction { card } => action::check(state, seat, *card),
        Intent::DeclareAttack { attackers } => attack::check_declare_in(state, seat, attackers, field),
        Intent::EndTurn => turn::check_end_turn(state, seat),
        Intent::Pass => turn::check_pass(state, seat),
        Intent::AcceptDamage => attack::check_accept(state, seat),
        Intent::DeblendToBlock => attack::check_block(state, seat),
        Intent::Substitute { hero, bench } => substitute::check(state, seat, *hero, *bench),
        Intent::KeepHeroes => substitute::check_keep(state, seat),
        Intent::UseEffect { hero } => effect::check_use(state, seat, *hero, field),
        Intent::Accept | Intent::Decline if additional::asked(state, seat) => Ok(()),
        Intent::Accept
        | Intent::Decline
        | Intent::ChooseCard { .. }
        | Intent::ChooseHero { .. }
        | Intent::ChooseDirection { .. }
        | Intent::ChooseTrigger { .. } => effect::check_answer(state, seat, intent),
        Intent::Concede | Intent::RemoveGem { .. } | Intent::MoveHero { .. } => unreachable!("handled above"),
    }
}

/// A seat this match does not have (seats C-F in the two-player game) may do nothing, not even concede; nor may
/// a seat that has been eliminated (MP-18, MP-29).
#[cold]
#[inline(never)]
fn not_living(state: &MatchState, seat: Seat) -> Rejection {
    match state.player(seat).eliminated {
        Some(e) => Rejection::new(
            "eliminated",
            "MP-18",
            format!("seat {seat:?} was eliminated ({} place) and takes no further part in the match", ordinal(e.place)),
        ),
        None => Rejection::new("not_at_table", "CR 100.2, MP-1", format!("this match has no seat {seat:?}")),
    }
}

/// 2nd, 3rd, … (places run from 2 to 6, MP-24).
fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// Applies one intent. On rejection nothing changes; on success the events say what happened.
pub fn apply(state: &mut MatchState, seat: Seat, intent: &Intent) -> Result<Events, Rejection> {
    check(state, seat, intent)?;
    Ok(apply_checked(state, seat, intent))
}

/// The trusted path, for bots and playouts only: applies an intent taken from `legal_intents(state, seat)` on this
/// very state without checking it again (a server validates every intent with [`apply`]). For such an intent the
/// state and events are exactly those of `apply` (property test `tests/listed.rs`); for any other intent the
/// result is unspecified and may panic (debug builds assert that it passes `check`).
pub fn apply_listed(state: &mut MatchState, seat: Seat, intent: &Intent) -> Events {
    debug_assert!(check(state, seat, intent).is_ok(), "apply_listed with an intent check refuses: {intent:?}");
    apply_checked(state, seat, intent)
}

/// Applies an intent that passed `check`.
fn apply_checked(state: &mut MatchState, seat: Seat, intent: &Intent) -> Events {
    // The fields `legal_intents` and `check` kept describe the state before this intent. Passing a window
    // (CR 501.6) only closes it, and declaring an attack (CR 203.1) only opens the attack's frame and notes that
    // the seat has attacked, which no field reads: those keep them, so the attacker's field listed for the
    // declaration serves its attack's steps (`AttackStage::leaves_fields`; issue 14).
    let changes_no_hero = matches!(intent, Intent::Pass | Intent::DeclareAttack { .. });
    if !changes_no_hero {
        state.fields.clear();
    }
    let mut ev = Events::default();
    match intent {
        Intent::ChooseTurnOrder { go_first } => setup::apply_turn_order(state, seat, *go_first, &mut ev),
        Intent::Mulligan => setup::apply_mulligan(state, seat, true, &mut ev),
        Intent::KeepHand => setup::apply_mulligan(state, seat, false, &mut ev),
        Intent::PlayGem { card, hero } => gem::apply(state, seat, *card, *hero, &mut ev),
        Intent::PlayBlend { card, hero } => blend::apply_blend(state, seat, *card, *hero, &mut ev),
        Intent::Deblend { hero } => blend::apply_deblend(state, seat, *hero, &mut ev),
        Intent::PlayAction { card } => action::apply(state, seat, *card, &mut ev),
        Intent::DeclareAttack { attackers } => attack::apply_declare(state, seat, attackers, &mut ev),
        Intent::EndTurn => turn::apply_end_turn(state, seat, &mut ev),
        Intent::Pass => turn::apply_pass(state, seat, &mut ev),
        Intent::AcceptDamage => attack::apply_accept(state, seat, &mut ev),
        Intent::DeblendToBlock => attack::apply_block(state, seat, &mut ev),
        Intent::Substitute { hero, bench } => substitute::apply(state, seat, *hero, *bench, &mut ev),
        Intent::KeepHeroes => substitute::apply_keep(state, seat, &mut ev),
        Intent::UseEffect { hero } => effect::apply_use(state, seat, *hero, &mut ev),
        Intent::Accept | Intent::Decline if additional::asked(state, seat) => {
            additional::apply_answer(state, seat, *intent == Intent::Accept, &mut ev)
        }
        Intent::Accept
        | Intent::Decline
        | Intent::ChooseCard { .. }
        | Intent::ChooseHero { .. }
        | Intent::ChooseDirection { .. }
        | Intent::ChooseTrigger { .. } => effect::apply_answer(state, seat, intent, &mut ev),
        Intent::Concede => {
            ev.push(Event::Conceded { seat });
            match state.table.format() {
                // CR 102.2: the other player wins.
                Format::Standard => {
                    let winner = state.table.standard_opponent(seat);
                    state.finish(winner, EndReason::Concession, &mut ev);
                }
                // MP-29: the seat is eliminated and the others play on.
                Format::FreeForAll => state.eliminate(seat, EliminationReason::Concession, &mut ev),
            }
        }
        Intent::RemoveGem { .. } | Intent::MoveHero { .. } => unreachable!("always refused by check"),
    }
    state.applied += 1;
    // CR 302.6, 406.2: the state-based checks held when the state stopped for this intent (`drive_from`).
    crate::frames::drive_from(state, &mut ev, changes_no_hero);
    ev
}

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
                    candidates.extend([true, false].map(|go_first| Intent::ChooseTurnOrder { go_first }));
                    candidates.len()
                }
                AskKind::Mulligan => {
                    candidates.extend([Intent::Mulligan, Intent::KeepHand]);
                    candidates.len()
                }
                // CR 204.4: the damage may always be taken; a deblend-to-block and a timed action are checked.
                AskKind::AttackDamage { .. } => {
                    candidates.extend([Intent::AcceptDamage, Intent::DeblendToBlock]);
                    timed_action_candidates(state, seat, candidates);
                    1
                }
                AskKind::Effect { .. } => {
                    // The effect's choices are its answers by definition (`check_answer` asks whether an intent is
                    // one of them): no check per choice, which worked every choice out again per choice (issue 14).
                    candidates.extend(effect::answers(state, seat));
                    candidates.len()
                }
                AskKind::AdditionalAttack { .. } => {
                    candidates.extend([Intent::Accept, Intent::Decline]);
                    candidates.len()
                }
                AskKind::Substitute => {
                    for b in &state.player(seat).bench {
                        candidates.extend(Position::each(|hero| Intent::Substitute { hero, bench: b.id }));
                    }
                    candidates.push(Intent::KeepHeroes);
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
                candidates.push(Intent::Pass);
                timed_action_candidates(state, seat, candidates);
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

fn timed_action_candidates(state: &MatchState, seat: Seat, out: &mut Vec<Intent>) {
    for card in &state.player(seat).hand {
        if card.def.def().timed {
            out.push(Intent::PlayAction { card: card.id });
        }
    }
}

/// The main window's intents, each listed only when `check` accepts it: built from the same tests `check` makes
/// (`blend::could_blend`, `attack::may_declare` and `targets_with`, the allotted gem, the action meter), so that
/// `check` does not go over dozens of candidates again. Only a hero's activated effect is asked to `check`.
fn main_phase_candidates(state: &MatchState, lazy: &LazyField, out: &mut Vec<Intent>) {
    let field = lazy.get();
    let seat = field.seat;
    let p = state.player(seat);
    // Each hero's LV (CR 302.7a, from the field's alterations) and gem pool, worked out together the first time a
    // blend card asks: most listings hold several blend cards (~4), which each asked every hero (issue 14).
    let mut heroes: Option<[(u8, crate::effects::gems::GemPool); 4]> = None;
    for card in &p.hand {
        match card.def.def().kind {
            // CR 301.2: one allotted gem per turn, onto any hero.
            CardKind::Gem if !p.allotted_gem_used => {
                out.extend(Position::each(|hero| Intent::PlayGem { card: card.id, hero }))
            }
            CardKind::Blend => {
                // `check_blend`'s tests without the words a refusal needs.
                let def = card.def.def();
                let heroes = heroes.get_or_insert_with(|| {
                    let pools = field.pools(state);
                    Position::each(|h| (field.altered[h.index()].level(state, seat, h), pools[h.index()]))
                });
                for hero in Position::ALL {
                    let (level, pool) = &heroes[hero.index()];
                    if blend::could_blend(state, seat, hero, def, *level, pool) {
                        out.push(Intent::PlayBlend { card: card.id, hero });
                    }
                }
            }
            // CR 623.2b: a timed action only in the moment its text names; CR 303.3b: a full meter takes none.
            CardKind::Action if !card.def.def().timed && !p.meter_full() => {
                out.push(Intent::PlayAction { card: card.id })
            }
            _ => {}
        }
    }
    for hero in Position::ALL {
        if p.hero(hero).is_blended() {
            out.push(Intent::Deblend { hero });
        }
        // A live activated effect within its usage limit and requirement (CR 300.7, 500.1b), as `check_use` says.
        if effect::may_use_live(state, seat, hero, field) {
            out.push(Intent::UseEffect { hero });
        }
    }
    // Only when an attack may be declared at all (CR 203.1, 200.9, 203.1a).
    if attack::may_declare(state, seat).is_ok() {
        attack_candidates(state, field, out);
    }
    out.push(Intent::EndTurn);
}

/// Each frontline hero either stays home or attacks one of its targets (CR 204.3a, 204.4f; MP-10, MP-37: any
/// opponent's, the defender named in the free-for-all); every non-empty combination (CR 203.1b), each hero once.
/// A hero that may not attack this turn (CR 623.2c) stays home in all of them; back position heroes never attack
/// (CR 203.1d). Inline in the two-player game (at most 1 + 3 options per hero).
fn attack_candidates(state: &MatchState, field: &Field, out: &mut Vec<Intent>) {
    let seat = field.seat;
    let table = state.table;
    // Filled in place: an array built by `map` from closures that push was copied whole once more per call.
    let mut options: [SmallVec<[Option<AttackerDecl>; 4]>; 3] = Default::default();
    for (v, hero) in options.iter_mut().zip(Position::FRONTLINE) {
        v.push(None);
        if !crate::effects::cannot_attack(state, seat, hero) {
            attack::each_target(&table, seat, hero, field.statics[hero.index()], |defender, target| {
                v.push(Some(AttackerDecl { hero, target, defender: attack::named(&table, defender) }))
            });
        }
    }
    for a in &options[0] {
        for b in &options[1] {
            for c in &options[2] {
                // Pushed one by one: `extend` from a flattening iterator cost ~100 instructions a combination
                // (3 % of an intent, callgrind; issue 14).
                let mut attackers = Attackers::new();
                for decl in [a, b, c].into_iter().flatten() {
                    attackers.push(*decl);
                }
                if !attackers.is_empty() {
                    out.push(Intent::DeclareAttack { attackers });
                }
            }
        }
    }
}

/// A hash of the whole state, stable across machines: equal hashes mean equal replays.
pub fn state_hash(state: &MatchState) -> u64 {
    let mut h = crate::hash::StableHasher::new();
    state.hash(&mut h);
    std::hash::Hasher::finish(&h)
}
