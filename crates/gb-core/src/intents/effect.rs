//! Using a hero's activated effect (CR 500.4), answering an effect's questions, and ordering simultaneous
//! triggers (CR 501.4).
use crate::cards::{CardDefId, CardKind, GemType};
use crate::effects::field::{Field, LazyField};
use crate::effects::program::{Limit, Program, Requirement};
use crate::effects::resolve::{EffectFrame, Prompt};
use crate::effects::triggers::{TriggerBatch, TriggerCtx};
use crate::effects::{self, HeroKey, choices};
use crate::event::{Event, Events};
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::{Position, Seat};
use crate::intent::Intent;
use crate::intents::{Kind, require_window};
use crate::rejection::Rejection;
use crate::state::MatchState;

fn requirement_met(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    req: Requirement,
    gems: &[crate::cards::GemType],
) -> bool {
    let p = state.player(seat);
    match req {
        Requirement::DeckNotEmpty => !p.deck.is_empty(),
        Requirement::GemInHand => p.hand.iter().any(|c| c.def.def().kind == CardKind::Gem),
        // Gems Magnet treats as a type count for it (RULINGS gems "treated as" a type, CR 625.1a).
        Requirement::GemsOnSelf => {
            let flex = LazyField::new(state, seat).get().pool(state, pos).flex_electro;
            effects::gems::gems_to_discard(&state.hero(seat, pos).gems, flex, gems).is_some()
        }
        Requirement::NocturnagemBlendInDiscard => !choices::nocturnagem_blends(state, seat).is_empty(),
        Requirement::UnblendedHeroOnField => Position::ALL.iter().any(|p| effects::can_be_mirrored(state, seat, *p)),
        // Matthew's, a trigger's, is checked against the opponent its event names (`triggers::listening_with`); an
        // activated effect has no such event, so any opponent's first turn counts (MP-9.2).
        Requirement::OpponentUsedFirstTurnEffects => {
            state.table.opponents(seat).any(|o| state.player(o).first_turn_phrase_uses > 1)
        }
    }
}

/// CR 500.4: use a hero's activated effect ("once during your turn, you may …").
pub(crate) struct UseEffect {
    pub(crate) hero: Position,
}

/// The effect the hero has now, found usable by the check.
pub(crate) struct Usable {
    hero: Position,
    effect: CardDefId,
}

/// A main window candidate for a hero whose live activated effect is within its usage limit and requirement (CR
/// 300.7, 500.1b), as the check says.
pub(crate) fn use_candidates(state: &MatchState, field: &Field, hero: Position, out: &mut Vec<Intent>) {
    if may_use_live(state, field.seat, hero, field) {
        out.push(Intent::UseEffect { hero });
    }
}

impl Kind for UseEffect {
    type Checked = Usable;
    fn check(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Usable, Rejection> {
        let hero = self.hero;
        require_window(state, seat, WindowKind::Main, "CR 500.4", "using a hero effect")?;
        let field = field.get();
        let Some(effect) = field.active[hero.index()] else {
            return Err(Rejection::new("no_effect", "CR 500.1", "that hero has no effect to use now"));
        };
        let Some(Program::Activated { limit, requires, gems, .. }) = effects::program(effect) else {
            return Err(Rejection::new(
                "effect_not_activated",
                "CR 500.4a",
                format!("{} is not an effect you use; it applies by itself", effect.name()),
            ));
        };
        // `live` is the active effect when it is usable (`effects::effect_usable`).
        if field.live[hero.index()].is_none() {
            return Err(Rejection::new(
                "effect_needs_activation_gem",
                "CR 300.5",
                "this hero needs a gem before its effect can be used",
            ));
        }
        match usable(state, seat, hero, effect, *limit, *requires, gems) {
            Ok(()) => Ok(Usable { hero, effect }),
            Err(Unusable::LimitReached) => Err(Rejection::new(
                "effect_limit_reached",
                "CR 300.7",
                format!("this hero already used {} as often as it may", effect.name()),
            )),
            Err(Unusable::NothingToWorkWith) => Err(Rejection::new(
                "effect_cannot_be_used",
                "CR 500.1b",
                format!("{} has nothing to work with now", effect.name()),
            )),
        }
    }
    /// A listed use passed every test when `legal_intents` listed it (`use_candidates`): only the effect is looked up.
    fn check_listed(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Usable, Rejection> {
        match field.get().active[self.hero.index()] {
            Some(effect) => Ok(Usable { hero: self.hero, effect }),
            None => self.check(state, seat, field),
        }
    }
    fn apply(Usable { hero, effect }: Usable, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        let key = HeroKey::at(state, seat, hero);
        effects::record_use(state, key, effect);
        ev.push(Event::EffectUsed { seat, hero, card: effect.name() });
        state.frames.push(Frame::Effect(EffectFrame::new(seat, Some(key), effect, TriggerCtx::default())));
    }
}

/// Why a live activated effect cannot be used now; the words are [`UseEffect`]'s check's.
enum Unusable {
    LimitReached,
    NothingToWorkWith,
}

/// The usage limit (CR 300.7) and requirement (CR 500.1b) of `effect`, the hero's live activated effect.
fn usable(
    state: &MatchState,
    seat: Seat,
    hero: Position,
    effect: CardDefId,
    limit: Limit,
    requires: Option<Requirement>,
    gems: &[GemType],
) -> Result<(), Unusable> {
    if !effects::within_limit(state, HeroKey::at(state, seat, hero), effect, limit) {
        return Err(Unusable::LimitReached);
    }
    if let Some(req) = requires
        && !requirement_met(state, seat, hero, req, gems)
    {
        return Err(Unusable::NothingToWorkWith);
    }
    Ok(())
}

/// Whether [`UseEffect`]'s check accepts using the hero's live activated effect, without the words of a refusal: the
/// main window's candidates ask this of every hero with one (issue 14: a refusal's `format!` was 2 % of listing).
/// The same tests as that check after its window (the candidates are listed in the main window only).
pub(crate) fn may_use_live(state: &MatchState, seat: Seat, hero: Position, field: &Field) -> bool {
    let (Some(effect), Some(_)) = (field.active[hero.index()], field.live[hero.index()]) else {
        return false;
    };
    let Some(Program::Activated { limit, requires, gems, .. }) = effects::program(effect) else {
        return false;
    };
    usable(state, seat, hero, effect, *limit, *requires, gems).is_ok()
}

fn asked(state: &MatchState, seat: Seat) -> Option<Prompt> {
    match state.frames.last() {
        Some(Frame::Ask { seat: s, kind: AskKind::Effect { prompt, .. } }) if *s == seat => Some(*prompt),
        _ => None,
    }
}

/// The answers `seat` may give now (empty when no effect is asking it).
pub(crate) fn answers(state: &MatchState, seat: Seat) -> Vec<Intent> {
    match asked(state, seat) {
        Some(prompt) => choices::options(state, seat, prompt, state.frames.iter().rev().nth(1)),
        None => Vec::new(),
    }
}

/// The effect's question is asked of the seat (CR 501.3), and `intent` is one of its answers. The answer
/// itself is checked only for an intent not listed (`Kind::check_listed`): the answers are the listing.
pub(crate) fn check_answer(state: &MatchState, seat: Seat, intent: &Intent, listed: bool) -> Result<(), Rejection> {
    if asked(state, seat).is_none() {
        return Err(crate::intents::not_asked("CR 501.3", "answering an effect"));
    }
    if !listed && !answers(state, seat).contains(intent) {
        return Err(not_an_option());
    }
    Ok(())
}

pub(crate) fn not_an_option() -> Rejection {
    Rejection::new("not_an_option", "CR 501.3", "that is not one of the choices this effect offers")
}

/// One step of a trigger batch: pick the next trigger (asking its controller when it has several waiting), then
/// resolve it (CR 501.4, MP-17).
pub(crate) fn step_triggers(state: &mut MatchState, mut batch: TriggerBatch) {
    let (first, alone) = match batch.current() {
        [] => return,
        [t] => (*t, true),
        [t, ..] => (*t, false),
    };
    if alone {
        batch.take(first.id);
        state.frames.push(Frame::Triggers(batch));
        state.frames.push(Frame::Effect(EffectFrame::new(first.controller, Some(first.hero), first.effect, first.ctx)));
    } else {
        state.frames.push(Frame::Triggers(batch));
        let kind = AskKind::Effect { prompt: Prompt::ChooseTrigger, card: "" };
        state.frames.push(Frame::Ask { seat: first.controller, kind });
    }
}
