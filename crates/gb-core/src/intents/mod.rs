//! One module per kind of intent: what it offers (`candidates`), its legality check (`check`, whose success is the
//! proof its `apply` takes), its application (`apply`), and, where it owns a work frame, that frame's `step`.
//! [`dispatch`] is the one place an intent is routed to its kind.
pub(crate) mod action;
pub(crate) mod additional;
pub(crate) mod answer;
pub(crate) mod attack;
pub(crate) mod blend;
pub(crate) mod concede;
pub(crate) mod effect;
pub(crate) mod forbidden;
pub(crate) mod gem;
pub(crate) mod listing;
pub(crate) mod setup;
pub(crate) mod substitute;
pub(crate) mod turn;

use crate::effects::field::LazyField;
use crate::event::Events;
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::rejection::Rejection;
use crate::state::MatchState;

/// One kind of intent, built from the intent's fields by [`dispatch`].
pub(crate) trait Kind: Sized {
    /// What a successful `check` found and `apply` needs (the card's place in the hand, the question asked, …).
    /// Only the kind's own `check` can make one (its fields are private to the module), so `apply` cannot run on
    /// an intent that was not checked, and needs no `expect` to find again what the check found.
    type Checked;
    /// Allowed whoever owes the decision, and refused or allowed before any other test: conceding (CR 102.2) and
    /// what the rules never allow (`forbidden`).
    const ANY_TIME: bool = false;
    /// Applying it changes no hero, so the fields kept for the state before it still hold (`FieldCache`, issue 14).
    const KEEPS_FIELDS: bool = false;
    fn check(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Self::Checked, Rejection>;
    /// [`Kind::check`] of an intent `legal_intents` listed for this very state: a kind may skip a test that only
    /// refuses what is never listed (an effect's answer is one of its options by definition).
    fn check_listed(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Self::Checked, Rejection> {
        self.check(state, seat, field)
    }
    fn apply(checked: Self::Checked, state: &mut MatchState, seat: Seat, ev: &mut Events);
}

/// What is done with an intent's kind once [`dispatch`] found it: checking it, or checking and applying it.
pub(crate) trait Visit {
    type Out;
    fn visit<K: Kind>(self, kind: K) -> Self::Out;
}

/// The one place each intent is routed to its kind. Adding an intent kind is its module and one line here.
pub(crate) fn dispatch<V: Visit>(intent: &Intent, v: V) -> V::Out {
    match *intent {
        Intent::ChooseTurnOrder { go_first } => v.visit(setup::TurnOrder { go_first }),
        Intent::Mulligan => v.visit(setup::Mulligan { mulligan: true }),
        Intent::KeepHand => v.visit(setup::Mulligan { mulligan: false }),
        Intent::PlayGem { card, hero } => v.visit(gem::PlayGem { card, hero }),
        Intent::PlayBlend { card, hero } => v.visit(blend::PlayBlend { card, hero }),
        Intent::Deblend { hero } => v.visit(blend::Deblend { hero }),
        Intent::PlayAction { card } => v.visit(action::PlayAction { card }),
        Intent::DeclareAttack { ref attackers } => v.visit(attack::Declare { attackers }),
        Intent::EndTurn => v.visit(turn::EndTurn),
        Intent::Pass => v.visit(turn::Pass),
        Intent::AcceptDamage => v.visit(attack::AcceptDamage),
        Intent::DeblendToBlock => v.visit(attack::Block),
        Intent::Substitute { hero, bench } => v.visit(substitute::Substitute { hero, bench }),
        Intent::KeepHeroes => v.visit(substitute::KeepHeroes),
        Intent::UseEffect { hero } => v.visit(effect::UseEffect { hero }),
        Intent::Accept
        | Intent::Decline
        | Intent::ChooseCard { .. }
        | Intent::ChooseHero { .. }
        | Intent::ChooseDirection { .. }
        | Intent::ChooseTrigger { .. } => v.visit(answer::Answer { intent }),
        Intent::Concede => v.visit(concede::Concede),
        Intent::RemoveGem { .. } => v.visit(forbidden::RemoveGem),
        Intent::MoveHero { .. } => v.visit(forbidden::MoveHero),
    }
}

/// The open window, if `seat` owes a window decision of that kind.
pub(crate) fn require_window(
    state: &MatchState,
    seat: Seat,
    kind: WindowKind,
    rule: &'static str,
    what: &str,
) -> Result<(), Rejection> {
    if in_window(state, seat, kind) {
        Ok(())
    } else {
        Err(Rejection::new("not_now", rule, format!("{what} is not possible at this point of the game")))
    }
}

/// Whether `seat` owes the decision of a `kind` window now ([`require_window`] without the words of a refusal).
pub(crate) fn in_window(state: &MatchState, seat: Seat, kind: WindowKind) -> bool {
    matches!(state.frames.last(), Some(Frame::Window { seat: s, kind: k }) if *s == seat && *k == kind)
}

/// The open question, if `seat` owes it.
pub(crate) fn current_ask(state: &MatchState, seat: Seat) -> Option<AskKind> {
    match state.frames.last() {
        Some(Frame::Ask { seat: s, kind }) if *s == seat => Some(*kind),
        _ => None,
    }
}

pub(crate) fn not_asked(rule: &'static str, what: &str) -> Rejection {
    Rejection::new("not_now", rule, format!("{what}: nobody asked you that now"))
}

/// The card `card` in `seat`'s hand, and its place there; cards are played only from the hand (CR 402.4a).
pub(crate) fn card_in_hand(
    state: &MatchState,
    seat: Seat,
    card: crate::ids::CardId,
) -> Result<(usize, crate::state::Card), Rejection> {
    let hand = &state.player(seat).hand;
    match hand.iter().position(|c| c.id == card) {
        Some(i) => Ok((i, hand[i])),
        None => Err(Rejection::new("card_not_in_hand", "CR 402.4a", "that card is not in your hand")),
    }
}
