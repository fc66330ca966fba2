//! Intents the rules forbid at all. A player (or a client) may still ask; the answer is always the rule that
//! says no, so "the engine does not know that" and "the rules forbid that" are never confused.
use crate::intent::Intent;
use crate::rejection::Rejection;

/// The rejection of an intent the rules never allow, or `None` for every other intent.
pub(crate) fn rejection(intent: &Intent) -> Option<Rejection> {
    match intent {
        Intent::RemoveGem { .. } => Some(Rejection::new(
            "gem_stays_equipped",
            "CR 301.3",
            "an equipped gem cannot be discarded or moved from its hero except by a card effect or substitution",
        )),
        Intent::MoveHero { .. } => {
            Some(Rejection::new("heroes_move_by_effect", "CR 612.1c", "heroes may not move except by a card effect"))
        }
        _ => None,
    }
}
