//! One module per kind of intent: its legality check (`check`), its application (`apply`), and, where it owns a
//! work frame, that frame's `step`.
pub(crate) mod action;
pub(crate) mod additional;
pub(crate) mod attack;
pub(crate) mod blend;
pub(crate) mod effect;
pub(crate) mod forbidden;
pub(crate) mod gem;
pub(crate) mod setup;
pub(crate) mod substitute;
pub(crate) mod turn;

use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::Seat;
use crate::rejection::Rejection;
use crate::state::MatchState;

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

/// The card `card` in `seat`'s hand; cards are played only from the hand (CR 402.4a).
pub(crate) fn card_in_hand(
    state: &MatchState,
    seat: Seat,
    card: crate::ids::CardId,
) -> Result<crate::state::Card, Rejection> {
    state
        .player(seat)
        .hand
        .iter()
        .find(|c| c.id == card)
        .copied()
        .ok_or_else(|| Rejection::new("card_not_in_hand", "CR 402.4a", "that card is not in your hand"))
}
