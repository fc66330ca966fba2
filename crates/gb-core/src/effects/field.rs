//! What each hero of one seat's field has now — its effect, whether it can use it, its invisible gems, the
//! statics it applies — worked out once. Asking these one hero at a time recomputes the other heroes' effects
//! over and over (an activation gem counts invisible gems, CR 300.5f, which come from the other heroes' effects,
//! CR 614; a position condition can be removed by another hero, CR 500.8b): a view asked them hundreds of times
//! (issue 14). The answers are exactly those of `active_effect`, `live_program`, `invisible_any` and `statics`.
use super::altered::{self, Altered};
use super::gems::{self, GemPool};
use super::program::{Program, Static};
use crate::cards::{Activation, CardDefId};
use crate::ids::{Position, Seat};
use crate::state::MatchState;

/// One seat's heroes, indexed by `Position::index`.
pub(crate) struct Field {
    pub seat: Seat,
    /// `active_effect`: the card whose effect each hero has now.
    pub active: [Option<CardDefId>; 4],
    /// `live_program`: the program each hero runs now, if it can use it.
    pub live: [Option<(CardDefId, &'static Program)>; 4],
    /// `invisible_any`: invisible gems the other heroes give each one.
    pub invisible: [u8; 4],
    /// `statics`: the statics each hero applies now.
    pub statics: [&'static [Static]; 4],
    /// The alterations on each hero, from one pass over them.
    pub altered: [Altered; 4],
}

impl Field {
    pub fn of(state: &MatchState, seat: Seat) -> Field {
        let altered = altered::of_seat(state, seat);
        let active = Position::ALL.map(|p| super::active_effect_with(state, seat, p, &altered[p.index()]));
        let invisible = gems::invisible_all(state, seat, &active);
        let live = Position::ALL.map(|p| {
            let effect = active[p.index()]?;
            let has_gem = state.hero(seat, p).has_gem() || invisible[p.index()] > 0;
            let usable = !effect.def().needs_activation(Activation::Effect) || has_gem;
            usable.then(|| (effect, super::program(effect).expect("active effects have programs")))
        });
        let statics = Position::ALL.map(|p| match live[p.index()] {
            Some((_, Program::Static { when, statics }))
                if super::condition_holds_with(state, seat, p, when, false, |o| live[o.index()]) =>
            {
                statics.as_slice()
            }
            _ => &[],
        });
        Field { seat, active, live, invisible, statics, altered }
    }

    /// `gems::has_any_gem`: at least one gem, invisible ones included (CR 300.5f).
    pub fn has_any_gem(&self, state: &MatchState, pos: Position) -> bool {
        state.hero(self.seat, pos).has_gem() || self.invisible[pos.index()] > 0
    }

    /// `gems::pool`: the hero's gem pool, with what the other heroes' statics give it.
    pub fn pool(&self, state: &MatchState, pos: Position) -> GemPool {
        gems::pool_with(state, self.seat, pos, self.invisible[pos.index()], |o| self.statics[o.index()])
    }
}

/// One seat's [`Field`], worked out the first time a check needs it and then shared: `legal_intents` checks every
/// candidate against the same one, and a lone `check` that never asks about effects or gems never builds it.
pub(crate) struct LazyField<'s> {
    state: &'s MatchState,
    seat: Seat,
    field: std::cell::OnceCell<Field>,
}

impl<'s> LazyField<'s> {
    pub fn new(state: &'s MatchState, seat: Seat) -> Self {
        LazyField { state, seat, field: std::cell::OnceCell::new() }
    }

    pub fn get(&self) -> &Field {
        self.field.get_or_init(|| Field::of(self.state, self.seat))
    }

    /// `gems::meets_requirement`: whether the hero's gem pool covers `required` (CR 302.3, 302.6). What the other
    /// heroes give only adds wildcards, so a requirement the equipped gems meet alone is met, and the field (every
    /// other hero's effect) is worked out only when they fall short; `drive` asks this for every blended hero after
    /// every step (issue 14).
    pub fn meets(&self, pos: Position, required: &[crate::cards::GemType]) -> bool {
        gems::own_pool(self.state, self.seat, pos).meets(required) || self.get().pool(self.state, pos).meets(required)
    }
}
