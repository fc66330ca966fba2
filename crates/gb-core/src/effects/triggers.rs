//! Triggered effects: events raise pending triggers for every hero whose live effect listens for them; at the
//! next checkpoint (`frames::drive`, before anything else happens) they become a `Triggers` frame that resolves the
//! active player's first, in the order that player picks, then each other player's in turn order (CR 501.3, 501.4,
//! MP-17). Triggers raised meanwhile form a new frame above and resolve first (CR 501.4a).
use super::program::{CardFilter, Program, Requirement, TriggerOn};
use super::{HeroKey, active_effect, condition_holds_with, effect_usable, live_program, within_limit};
use crate::cards::CardDefId;
use crate::ids::{Position, Seat};
use crate::state::{Card, MatchState};
use crate::table::{Format, Table};

/// Details a triggered effect needs when it resolves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TriggerCtx {
    /// Beatrice: the level of the blend being played.
    pub level: u8,
    /// Chaser: the blended hero it switched with.
    pub partner: Option<HeroKey>,
    /// Horizon Gazer: the gem discarded from the hand.
    pub card: Option<Card>,
    /// "That opponent" (MP-9.3): the seat the event names, in the free-for-all only; read through `opponent()`.
    /// The two-player game leaves it unset (its one opponent is implied, CR 100.2), so its states hash as before.
    opponent: Option<Seat>,
}

/// Written out so that `opponent`, never set in the two-player game, joins the hash only when set (plan
/// constraint 2: two-player state hashes and stored records are unchanged).
impl std::hash::Hash for TriggerCtx {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let TriggerCtx { level, partner, card, opponent } = self;
        level.hash(h);
        partner.hash(h);
        card.hash(h);
        if opponent.is_some() {
            opponent.hash(h);
        }
    }
}

impl TriggerCtx {
    /// A context naming `opponent` as "that opponent" (MP-9.3): kept in the free-for-all only (see the field).
    fn naming(table: &Table, opponent: Seat) -> TriggerCtx {
        let opponent = (table.format() == Format::FreeForAll).then_some(opponent);
        TriggerCtx { opponent, ..Default::default() }
    }

    /// The opponent this trigger's event named (MP-9.3): who played the blend (Slip Knotter, MP-39), whose hero was
    /// equipped (Virus, MP-36), who attacks (Shard Buster, MP-40), who took the non-attack damage (Gull, MP-40).
    /// In the two-player game always the one opponent (CR 100.2). `None` when the event named no opponent.
    pub(crate) fn opponent(&self, table: &Table, controller: Seat) -> Option<Seat> {
        match table.format() {
            Format::Standard => Some(table.left_of(controller)),
            Format::FreeForAll => self.opponent,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PendingTrigger {
    pub id: u32,
    pub controller: Seat,
    pub hero: HeroKey,
    pub effect: CardDefId,
    pub ctx: TriggerCtx,
}

/// Something that happened which effects may listen for. `Attacked`: `seat`'s hero at `pos` is attacked, by the
/// active player (CR 203: only the active player attacks). `NonAttackDamage`: `by` inflicted non-attack damage to
/// `to`'s HP (CR 615).
#[derive(Clone, Copy, Debug)]
pub(crate) enum TriggerEvent {
    ThisHeroBlended { seat: Seat, pos: Position, level: u8 },
    BlendPlayed { seat: Seat },
    GemEquipped { seat: Seat, pos: Position },
    Rotated { seat: Seat },
    Switched { seat: Seat, a: Position, b: Position },
    AfterAttack { seat: Seat, pos: Position },
    Attacked { seat: Seat, pos: Position },
    NonAttackDamage { by: Seat, to: Seat },
    GemDiscardedFromHand { seat: Seat, card: Card },
    TurnBegan { seat: Seat },
    ActionPlayedSuccessfully { seat: Seat },
    TurnEnded { seat: Seat, first_turn: bool },
}

/// Puts a trigger in the queue for every hero listening for `event`, in the order the heroes are named here (each
/// hero is asked and queued at once: no list of listeners is built, issue 14).
pub(crate) fn raise(state: &mut MatchState, event: TriggerEvent) {
    use TriggerEvent as E;
    let table = state.table;
    let none = TriggerCtx::default();
    match event {
        E::ThisHeroBlended { seat, pos, level } => {
            listen(state, seat, pos, TriggerOn::ThisHeroBlended, TriggerCtx { level, ..none })
        }
        // MP-9.2, MP-39: every opponent's heroes; "their HP" is the blender's.
        E::BlendPlayed { seat } => {
            let ctx = TriggerCtx::naming(&table, seat);
            for opponent in table.opponents(seat) {
                listen_all(state, opponent, TriggerOn::OpponentPlaysBlend, ctx);
            }
        }
        E::GemEquipped { seat, pos } => {
            // CR 616.1a, MP-36: every hero opposite the equipped one; "that opponent" is the equipped hero's.
            let ctx = TriggerCtx::naming(&table, seat);
            for (opposite, opp) in table.opposite(seat, pos) {
                listen(state, opposite, opp, TriggerOn::OppositeHeroEquipped, ctx);
            }
        }
        E::Rotated { seat } => listen_all(state, seat, TriggerOn::YouRotate, none),
        E::Switched { seat, a, b } => {
            for (me, other) in [(a, b), (b, a)] {
                if state.hero(seat, other).is_blended() {
                    let partner = Some(HeroKey::at(state, seat, other));
                    listen(state, seat, me, TriggerOn::ThisHeroSwitchedWithBlended, TriggerCtx { partner, ..none });
                }
            }
        }
        E::AfterAttack { seat, pos } => listen(state, seat, pos, TriggerOn::AfterThisHeroAttacks, none),
        // MP-40: Shard Buster's "that opponent" is the attacking player.
        E::Attacked { seat, pos } => {
            let ctx = TriggerCtx::naming(&table, state.turn.active);
            listen(state, seat, pos, TriggerOn::ThisHeroAttacked, ctx)
        }
        E::NonAttackDamage { by, to } => {
            // Gull: "once during your turn, when you inflict non-attack damage to an opponent's HP, … to their HP"
            // (MP-40: the same opponent).
            if state.turn.active == by {
                listen_all(state, by, TriggerOn::YouInflictNonAttackDamage, TriggerCtx::naming(&table, to));
            }
        }
        E::GemDiscardedFromHand { seat, card } => {
            if CardFilter::BasicGem.matches(card.def.def()) {
                let ctx = TriggerCtx { card: Some(card), ..none };
                listen_all(state, seat, TriggerOn::YouDiscardBasicGemFromHand, ctx);
            }
        }
        E::ActionPlayedSuccessfully { seat } => listen_all(state, seat, TriggerOn::YouPlayActionSuccessfully, none),
        E::TurnBegan { seat } => listen_all(state, seat, TriggerOn::YourTurnBegins, none),
        E::TurnEnded { seat, first_turn } => {
            listen_all(state, seat, TriggerOn::YourTurnEnds, none);
            if first_turn {
                // MP-39: Matthew, at the end of each opponent's first turn; "they" is that opponent.
                let ctx = TriggerCtx::naming(&table, seat);
                for opponent in table.opponents(seat) {
                    listen_all(state, opponent, TriggerOn::OpponentFirstTurnEnds, ctx);
                }
            }
        }
    }
}

/// [`listen`] for each of `seat`'s heroes, in position order.
fn listen_all(state: &mut MatchState, seat: Seat, on: TriggerOn, ctx: TriggerCtx) {
    for pos in Position::ALL {
        listen(state, seat, pos, on, ctx);
    }
}

/// Queues a trigger for `seat`'s hero at `pos` if its effect listens for `on` now.
fn listen(state: &mut MatchState, seat: Seat, pos: Position, on: TriggerOn, ctx: TriggerCtx) {
    let named = ctx.opponent(&state.table, seat);
    let Some((effect, _)) = listening(state, seat, pos, on, named) else { return };
    let key = HeroKey::at(state, seat, pos);
    state.next_trigger_id += 1;
    let id = state.next_trigger_id;
    state.triggers.push(PendingTrigger { id, controller: seat, hero: key, effect, ctx });
}

/// The effect of the hero at `pos` that `on` would trigger now, with its program (its condition, usage limit and
/// requirement checked), or `None`. `raise` and the HP price shown before committing (`view/prices.rs`) both ask
/// this, so a price is said exactly when the effect would fire.
pub(crate) fn listening(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    on: TriggerOn,
    named: Option<Seat>,
) -> Option<(CardDefId, &'static Program)> {
    // What the effect listens for first: most heroes do not listen for this event, and whether an effect is usable
    // counts invisible gems, asking about every other hero (`live_program`; issue 14).
    let effect = active_effect(state, seat, pos)?;
    let program = super::program(effect)?;
    if !matches!(program, Program::Trigger { on: listens, .. } if *listens == on)
        || !effect_usable(state, seat, pos, effect)
    {
        return None;
    }
    listening_with(state, seat, pos, on, named, (effect, program), |p| live_program(state, seat, p))
}

/// [`listening`] with the seat's live programs given (`field::Field`): the hero's own, `live`, and the others'.
/// `named` is the opponent the event names (`TriggerCtx::opponent`), if any.
pub(crate) fn listening_with(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    on: TriggerOn,
    named: Option<Seat>,
    live: (CardDefId, &'static Program),
    others: impl Fn(Position) -> Option<(CardDefId, &'static Program)>,
) -> Option<(CardDefId, &'static Program)> {
    let found @ (effect, Program::Trigger { on: listens, when, limit, requires, .. }) = live else {
        return None;
    };
    // MP-24: an eliminated player's triggers do not trigger (see `live_program`).
    if *listens != on || !state.table.is_living(seat) || !condition_holds_with(state, seat, pos, when, None, others) {
        return None;
    }
    if limit.is_some_and(|l| !within_limit(state, HeroKey::at(state, seat, pos), effect, l)) {
        return None;
    }
    // Matthew: "if they used more than 1 …": MP-39, the opponent whose first turn ended.
    if *requires == Some(Requirement::OpponentUsedFirstTurnEffects)
        && named.is_none_or(|o| state.player(o).first_turn_phrase_uses <= 1)
    {
        return None;
    }
    Some(found)
}

/// Triggers waiting to resolve, in the order their controllers take turns: the active player's first, then each
/// other player's in turn order from the active player's left (CR 501.4, MP-17), each player's by when they were
/// raised until that player picks. One list, so a seat's triggers are easy to drop (MP-25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TriggerBatch {
    /// The active player when the batch formed (the turn cannot end while it waits).
    active: Seat,
    /// Sorted by `(table.rank(active, controller), id)`.
    pending: Vec<PendingTrigger>,
}

/// Written as the two lists it once was, the active player's and the rest, so two-player states hash as before
/// (plan constraint 2, `tests/old_records.rs`).
impl std::hash::Hash for TriggerBatch {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let split = self.pending.iter().take_while(|t| t.controller == self.active).count();
        self.pending[..split].hash(h);
        self.pending[split..].hash(h);
    }
}

impl TriggerBatch {
    /// Orders `triggers` in place (no allocation; ids are unique, so the order is total).
    pub(crate) fn new(state: &MatchState, mut triggers: Vec<PendingTrigger>) -> TriggerBatch {
        let (active, table) = (state.turn.active, state.table);
        triggers.sort_unstable_by_key(|t| (table.rank(active, t.controller), t.id));
        TriggerBatch { active, pending: triggers }
    }

    /// The triggers of the player whose turn it is to order theirs: the leading run of one controller (CR 501.4,
    /// MP-17). Empty when all have resolved.
    pub(crate) fn current(&self) -> &[PendingTrigger] {
        let Some(first) = self.pending.first() else { return &[] };
        let run = self.pending.iter().take_while(|t| t.controller == first.controller).count();
        &self.pending[..run]
    }

    /// Takes the trigger `id` out of the current run, to resolve it.
    pub(crate) fn take(&mut self, id: u32) -> Option<PendingTrigger> {
        let i = self.current().iter().position(|t| t.id == id)?;
        Some(self.take_at(i))
    }

    /// Takes the trigger at `index` in the current run (`current`) out, to resolve it.
    pub(crate) fn take_at(&mut self, index: usize) -> PendingTrigger {
        self.pending.remove(index)
    }

    /// Drops every trigger `seat` controls (MP-25: an eliminated player's waiting triggers).
    pub(crate) fn drop_controller(&mut self, seat: Seat) {
        self.pending.retain(|t| t.controller != seat);
    }
}
