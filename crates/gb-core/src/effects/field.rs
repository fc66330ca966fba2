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
use std::sync::OnceLock;

/// One seat's heroes, indexed by `Position::index`.
#[derive(Clone, Copy, Debug, PartialEq)]
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
    #[inline]
    pub(crate) fn of(state: &MatchState, seat: Seat) -> Field {
        let altered = altered::of_seat(state, seat);
        let heroes = &state.player(seat).field;
        // Each hero's effect with its card and program, looked up once for every question below.
        let effects = Position::each(|p| super::active_with(&heroes[p.index()], &altered[p.index()]));
        let active = Position::each(|p| effects[p.index()].map(|(effect, _, _)| effect));
        let invisible = if effects.iter().flatten().any(|(_, def, _)| def.gives_invisible_gems) {
            gems::invisible_all(state, seat, &active)
        } else {
            [0; 4]
        };
        // MP-24: an eliminated player's heroes run nothing (see `live_program`).
        let living = state.table.is_living(seat);
        let live = Position::each(|p| {
            let (effect, def, program) = effects[p.index()].filter(|_| living)?;
            let has_gem = heroes[p.index()].has_gem() || invisible[p.index()] > 0;
            (!def.needs_activation(Activation::Effect) || has_gem).then_some((effect, program))
        });
        let statics = Position::each(|p| match live[p.index()] {
            Some((_, Program::Static { when, statics }))
                if super::condition_holds_with(state, seat, p, when, None, |o| live[o.index()]) =>
            {
                statics.as_slice()
            }
            _ => &[],
        });
        Field { seat, active, live, invisible, statics, altered }
    }

    /// `gems::has_any_gem`: at least one gem, invisible ones included (CR 300.5f).
    pub(crate) fn has_any_gem(&self, state: &MatchState, pos: Position) -> bool {
        state.hero(self.seat, pos).has_gem() || self.invisible[pos.index()] > 0
    }

    /// `gems::pool`: the hero's gem pool, with what the other heroes' statics give it.
    pub(crate) fn pool(&self, state: &MatchState, pos: Position) -> GemPool {
        gems::pool_with(state, self.seat, pos, self.invisible[pos.index()], |o| self.statics[o.index()])
    }

    /// Every hero's [`pool`](Self::pool), by `Position::index`, worked out together.
    pub(crate) fn pools(&self, state: &MatchState) -> [GemPool; 4] {
        gems::pools_with(state, self.seat, &self.invisible, &self.statics)
    }
}

/// Each seat's [`Field`], kept in the state between the calls that read it at rest: `legal_intents` works it out,
/// the `check` inside `apply` and the first steps of `drive` read it again (issue 14). It is what the state
/// implies, not part of it: a clone starts without it, and it takes no part in equality or the state hash.
///
/// Never stale, by where it is emptied rather than by tracking every write: `apply` empties it before the intent
/// changes anything (but for a pass or an attack's declaration, which change no hero), `drive` after every step
/// that may change a hero (all but an attack's own stages, `AttackStage::leaves_fields`) and every blend it
/// discards (CR 302.6); nothing between those points fills it but a caller reading the state at rest
/// (`legal_intents`, `check`) or a step's reads before it writes.
/// Debug builds compare every cached answer with a fresh one (the random-match property tests run with it).
///
/// One cell per seat `A` to `F`, indexed by `Seat::index` like the players (issue 16, MP-1). A seat past the
/// table never fills its cell (`check` and `legal_intents` refuse it first, `not_at_table`), so only the seated
/// cells are emptied: the two-player game empties two, as before (emptying six cost +0.2 % instructions).
pub(crate) struct FieldCache {
    cells: [OnceLock<Field>; 6],
    /// How many seats the table has.
    seats: u8,
}

impl FieldCache {
    /// An empty cache for a table of `seats`.
    pub(crate) fn new(seats: usize) -> FieldCache {
        FieldCache { cells: Default::default(), seats: seats as u8 }
    }

    /// Forgets every seat's field; the next reader works it out from the state as it is then.
    pub(crate) fn clear(&mut self) {
        for cell in self.cells.iter_mut().take(self.seats as usize) {
            cell.take();
        }
    }
}

impl Clone for FieldCache {
    /// A clone is about to be changed (worlds, lookahead, playouts), so it starts empty.
    fn clone(&self) -> Self {
        FieldCache::new(self.seats as usize)
    }
}

impl PartialEq for FieldCache {
    /// Derived information: two states are equal whatever either has worked out.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for FieldCache {}

impl std::hash::Hash for FieldCache {
    /// Nothing: the state hash (`state_hash`, stored records) is the state's alone.
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl std::fmt::Debug for FieldCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FieldCache")
    }
}

/// The state's kept field for `seat` ([`FieldCache`]), worked out now if no caller has yet: for readers of a state
/// at rest. A view reads both seats' fields and leaves them for the other viewers' views and for the
/// `legal_intents` that follows (each view worked both out anew: BENCHMARKS.md, twelfth session).
pub(crate) fn kept(state: &MatchState, seat: Seat) -> &Field {
    kept_in(&state.fields.cells[seat.index()], state, seat)
}

fn kept_in<'s>(cell: &'s OnceLock<Field>, state: &MatchState, seat: Seat) -> &'s Field {
    let field = cell.get_or_init(|| Field::of(state, seat));
    debug_assert_eq!(*field, Field::of(state, seat), "a stale kept field for {seat:?}");
    field
}

/// One seat's [`Field`], worked out the first time a check needs it and then shared: `legal_intents` checks every
/// candidate against the same one, and a lone `check` that never asks about effects or gems never builds it.
pub(crate) struct LazyField<'s> {
    state: &'s MatchState,
    seat: Seat,
    /// The state's cell ([`FieldCache`], at rest) or this field's own (mid-step, where the state's may be stale).
    cell: Holder<'s>,
}

/// Large beside its borrowed variant on purpose: an owned cell is mid-step and short-lived, on the stack, and
/// boxing it would allocate on the hot path.
#[allow(clippy::large_enum_variant)]
enum Holder<'s> {
    Kept(&'s OnceLock<Field>),
    Own(OnceLock<Field>),
}

impl<'s> LazyField<'s> {
    /// A field of its own, for a state that is being changed (a step that has already written to it).
    pub(crate) fn new(state: &'s MatchState, seat: Seat) -> Self {
        LazyField { state, seat, cell: Holder::Own(OnceLock::new()) }
    }

    /// The state's kept field: only at rest (between calls) or at the start of a `drive` step, before the step
    /// writes anything (see [`FieldCache`]).
    pub(crate) fn kept(state: &'s MatchState, seat: Seat) -> Self {
        LazyField { state, seat, cell: Holder::Kept(&state.fields.cells[seat.index()]) }
    }

    pub(crate) fn get(&self) -> &Field {
        match &self.cell {
            Holder::Own(cell) => cell.get_or_init(|| Field::of(self.state, self.seat)),
            Holder::Kept(cell) => kept_in(cell, self.state, self.seat),
        }
    }

    /// `gems::meets_requirement`: whether the hero's gem pool covers a blend's requirement, counted by type
    /// (`CardDef::gem_need`; CR 302.3, 302.6). What the other heroes give only adds wildcards, so a requirement the
    /// equipped gems meet alone is met, and the field (every other hero's effect) is worked out only when they fall
    /// short; `drive` asks this for every blended hero after every step (issue 14).
    pub(crate) fn meets(&self, pos: Position, need: &gems::GemCounts) -> bool {
        gems::own_pool(self.state, self.seat, pos).meets_counts(need)
            || self.get().pool(self.state, pos).meets_counts(need)
    }
}
