//! Intents the rules forbid at all. A player (or a client) may still ask; the answer is always the rule that
//! says no, so "the engine does not know that" and "the rules forbid that" are never confused.
use crate::effects::field::LazyField;
use crate::event::Events;
use crate::ids::Seat;
use crate::intents::Kind;
use crate::rejection::Rejection;
use crate::state::MatchState;
use std::convert::Infallible;

/// Take an equipped gem off a hero: only card effects and substitution do that (CR 301.3).
pub(crate) struct RemoveGem;

/// Move a hero to another position: heroes move only by card effect (CR 612.1c).
pub(crate) struct MoveHero;

/// Refused whoever asks, whenever: the check never passes, so its proof has no value (`Infallible`) and there is
/// nothing to apply.
impl Kind for RemoveGem {
    type Checked = Infallible;
    const ANY_TIME: bool = true;
    fn check(self, _: &MatchState, _: Seat, _: &LazyField) -> Result<Infallible, Rejection> {
        Err(Rejection::new(
            "gem_stays_equipped",
            "CR 301.3",
            "an equipped gem cannot be discarded or moved from its hero except by a card effect or substitution",
        ))
    }
    fn apply(never: Infallible, _: &mut MatchState, _: Seat, _: &mut Events) {
        match never {}
    }
}

impl Kind for MoveHero {
    type Checked = Infallible;
    const ANY_TIME: bool = true;
    fn check(self, _: &MatchState, _: Seat, _: &LazyField) -> Result<Infallible, Rejection> {
        Err(Rejection::new("heroes_move_by_effect", "CR 612.1c", "heroes may not move except by a card effect"))
    }
    fn apply(never: Infallible, _: &mut MatchState, _: Seat, _: &mut Events) {
        match never {}
    }
}
