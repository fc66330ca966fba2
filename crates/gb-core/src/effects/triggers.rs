//! Triggered effects: events raise pending triggers for every hero whose live effect listens for them; at the
//! next checkpoint (`frames::drive`, before anything else happens) they become a `Triggers` frame that resolves the
//! active player's first, in the order that player picks, then the other player's (CR 501.3, 501.4). Triggers
//! raised meanwhile form a new frame above and resolve first (CR 501.4a).
use super::program::{CardFilter, Program, Requirement, TriggerOn};
use super::{HeroKey, active_effect, condition_holds_with, effect_usable, live_program, within_limit};
use crate::cards::CardDefId;
use crate::ids::{Position, Seat};
use crate::state::{Card, MatchState};

/// Details a triggered effect needs when it resolves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct TriggerCtx {
    /// Beatrice: the level of the blend being played.
    pub level: u8,
    /// Chaser: the blended hero it switched with.
    pub partner: Option<HeroKey>,
    /// Horizon Gazer: the gem discarded from the hand.
    pub card: Option<Card>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PendingTrigger {
    pub id: u32,
    pub controller: Seat,
    pub hero: HeroKey,
    pub effect: CardDefId,
    pub ctx: TriggerCtx,
}

/// Something that happened which effects may listen for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum TriggerEvent {
    ThisHeroBlended { seat: Seat, pos: Position, level: u8 },
    BlendPlayed { seat: Seat },
    GemEquipped { seat: Seat, pos: Position },
    Rotated { seat: Seat },
    Switched { seat: Seat, a: Position, b: Position },
    AfterAttack { seat: Seat, pos: Position },
    Attacked { seat: Seat, pos: Position },
    NonAttackDamage { by: Seat },
    GemDiscardedFromHand { seat: Seat, card: Card },
    TurnBegan { seat: Seat },
    ActionPlayedSuccessfully { seat: Seat },
    TurnEnded { seat: Seat, first_turn: bool },
}

/// Puts a trigger in the queue for every hero listening for `event`.
pub(crate) fn raise(state: &mut MatchState, event: TriggerEvent) {
    use TriggerEvent as E;
    // At most eight heroes listen to one event: inline, no allocation per event (issue 14).
    let mut listeners: smallvec::SmallVec<[(Seat, Position, TriggerOn, TriggerCtx); 8]> = smallvec::SmallVec::new();
    let all = |seat: Seat, on: TriggerOn| Position::ALL.map(|p| (seat, p, on, TriggerCtx::default()));
    match event {
        E::ThisHeroBlended { seat, pos, level } => {
            listeners.push((seat, pos, TriggerOn::ThisHeroBlended, TriggerCtx { level, ..Default::default() }))
        }
        // MP-9.2: every opponent's heroes.
        E::BlendPlayed { seat } => {
            for opponent in state.table.opponents(seat) {
                listeners.extend(all(opponent, TriggerOn::OpponentPlaysBlend));
            }
        }
        E::GemEquipped { seat, pos } => {
            // CR 616.1a, MP-36: every hero opposite the equipped one.
            for (opposite, opp) in state.table.opposite(seat, pos) {
                listeners.push((opposite, opp, TriggerOn::OppositeHeroEquipped, TriggerCtx::default()));
            }
        }
        E::Rotated { seat } => listeners.extend(all(seat, TriggerOn::YouRotate)),
        E::Switched { seat, a, b } => {
            for (me, other) in [(a, b), (b, a)] {
                if state.hero(seat, other).is_blended() {
                    let partner = Some(HeroKey::at(state, seat, other));
                    listeners.push((
                        seat,
                        me,
                        TriggerOn::ThisHeroSwitchedWithBlended,
                        TriggerCtx { partner, ..Default::default() },
                    ));
                }
            }
        }
        E::AfterAttack { seat, pos } => {
            listeners.push((seat, pos, TriggerOn::AfterThisHeroAttacks, TriggerCtx::default()))
        }
        E::Attacked { seat, pos } => listeners.push((seat, pos, TriggerOn::ThisHeroAttacked, TriggerCtx::default())),
        E::NonAttackDamage { by } => {
            // Gull: "once during your turn, when you inflict non-attack damage to an opponent's HP".
            if state.turn.active == by {
                listeners.extend(all(by, TriggerOn::YouInflictNonAttackDamage));
            }
        }
        E::GemDiscardedFromHand { seat, card } => {
            if CardFilter::BasicGem.matches(card.def.def()) {
                let ctx = TriggerCtx { card: Some(card), ..Default::default() };
                listeners.extend(Position::ALL.map(|p| (seat, p, TriggerOn::YouDiscardBasicGemFromHand, ctx)));
            }
        }
        E::ActionPlayedSuccessfully { seat } => listeners.extend(all(seat, TriggerOn::YouPlayActionSuccessfully)),
        E::TurnBegan { seat } => listeners.extend(all(seat, TriggerOn::YourTurnBegins)),
        E::TurnEnded { seat, first_turn } => {
            listeners.extend(all(seat, TriggerOn::YourTurnEnds));
            if first_turn {
                for opponent in state.table.opponents(seat) {
                    listeners.extend(all(opponent, TriggerOn::OpponentFirstTurnEnds));
                }
            }
        }
    }
    for (seat, pos, on, ctx) in listeners {
        let Some((effect, _)) = listening(state, seat, pos, on) else { continue };
        let key = HeroKey::at(state, seat, pos);
        state.next_trigger_id += 1;
        let id = state.next_trigger_id;
        state.triggers.push(PendingTrigger { id, controller: seat, hero: key, effect, ctx });
    }
}

/// The effect of the hero at `pos` that `on` would trigger now, with its program (its condition, usage limit and
/// requirement checked), or `None`. `raise` and the HP price shown before committing (`view/prices.rs`) both ask
/// this, so a price is said exactly when the effect would fire.
pub(crate) fn listening(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    on: TriggerOn,
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
    listening_with(state, seat, pos, on, (effect, program), |p| live_program(state, seat, p))
}

/// [`listening`] with the seat's live programs given (`field::Field`): the hero's own, `live`, and the others'.
pub(crate) fn listening_with(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    on: TriggerOn,
    live: (CardDefId, &'static Program),
    others: impl Fn(Position) -> Option<(CardDefId, &'static Program)>,
) -> Option<(CardDefId, &'static Program)> {
    let found @ (effect, Program::Trigger { on: listens, when, limit, requires, .. }) = live else {
        return None;
    };
    // MP-24: an eliminated player's triggers do not trigger (see `live_program`).
    if *listens != on || !state.table.is_living(seat) || !condition_holds_with(state, seat, pos, when, false, others) {
        return None;
    }
    if limit.is_some_and(|l| !within_limit(state, HeroKey::at(state, seat, pos), effect, l)) {
        return None;
    }
    if *requires == Some(Requirement::OpponentUsedFirstTurnEffects)
        // MP-39 (step 5): the opponent whose first turn ended.
        && state.player(state.table.standard_opponent(seat)).first_turn_phrase_uses <= 1
    {
        return None;
    }
    Some(found)
}

/// Triggers waiting to resolve: the active player's first, then the other player's (CR 501.4).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TriggerBatch {
    pub active: Vec<PendingTrigger>,
    pub other: Vec<PendingTrigger>,
}

impl TriggerBatch {
    pub fn split(state: &MatchState, triggers: Vec<PendingTrigger>) -> TriggerBatch {
        let (active, other) = triggers.into_iter().partition(|t| t.controller == state.turn.active);
        TriggerBatch { active, other }
    }
    /// Drops every trigger `seat` controls (MP-25: an eliminated player's waiting triggers).
    pub fn drop_controlled_by(&mut self, seat: Seat) {
        self.active.retain(|t| t.controller != seat);
        self.other.retain(|t| t.controller != seat);
    }
    /// The list whose turn it is to resolve, and its controller.
    pub fn current(&mut self) -> Option<&mut Vec<PendingTrigger>> {
        if !self.active.is_empty() {
            Some(&mut self.active)
        } else if !self.other.is_empty() {
            Some(&mut self.other)
        } else {
            None
        }
    }
}
