//! Steps on heroes' gems and blends: deblend, equip from the hand, discard gems, discard an opponent's blend; and
//! substituting a hero during a turn.
use crate::cards::GemType;
use crate::effects::resolve::{Answer, EffectFrame, Flow, Prompt};
use crate::effects::triggers::{TriggerEvent, raise};
use crate::event::{DeblendReason, Event, Events};
use crate::state::MatchState;

/// Usher, Hornet: discard this hero's blend; the effect goes on (CR 302.6b).
pub(super) fn deblend_self(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    if let Some(pos) = f.source_position(state) {
        state.deblend(f.controller, pos, DeblendReason::Effect, ev);
    }
    Flow::Next
}

/// "Return this blend to your hand": off the hero, into the hand as a new card (CR 500.9d).
pub(super) fn return_blend_to_hand(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    if let Some(pos) = f.source_position(state) {
        state.return_blend_to_hand(f.controller, pos, ev);
    }
    Flow::Next
}

/// Usher: equip a hero of yours with a gem from your hand; not your allotted gem (CR 602.2), but an equip for
/// every effect that watches for one (CR 611.1).
pub(super) fn equip_from_hand(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    match (f.stage, f.take_answer()) {
        (0, _) => {
            if !state.player(me).hand.iter().any(|c| c.def.def().gem_type.is_some()) {
                return Flow::Next;
            }
            f.stage = 1;
            Flow::Ask(me, Prompt::EquipGemFromHand)
        }
        (1, Some(a @ Answer::Card(_))) => {
            f.picked = Some(a);
            f.stage = 2;
            Flow::Ask(me, Prompt::EquipTarget)
        }
        (2, Some(Answer::Hero(_, pos))) => {
            let Some(Answer::Card(id)) = f.picked else { return Flow::Stop };
            let Some(card) = state.take_from_hand(me, id) else { return Flow::Stop };
            let gem = state.fresh(card.def);
            state.hero_mut(me, pos).gems.push(gem);
            ev.push(Event::GemEquipped { seat: me, hero: pos, gem: gem.into(), allotted: false });
            raise(state, TriggerEvent::GemEquipped { seat: me, pos });
            Flow::Next
        }
        _ => Flow::Stop,
    }
}

/// Combustion Boiler: discard one gem card of each type from this hero; losing them may deblend it at once,
/// and the effect still resolves (CR 302.6, 501.3c).
pub(super) fn discard_gems_on_self(
    state: &mut MatchState,
    f: &mut EffectFrame,
    gems: [GemType; 2],
    ev: &mut Events,
) -> Flow {
    let me = f.controller;
    let Some(pos) = f.source_position(state) else { return Flow::Stop };
    // A gem Magnet treats as the type is discarded as that type (RULINGS gems "treated as" a type, CR 625.1a).
    let flex = crate::effects::field::LazyField::new(state, me).get().pool(state, pos).flex_electro;
    let Some(taken) = crate::effects::gems::gems_to_discard(&state.hero(me, pos).gems, flex, &gems) else {
        return Flow::Stop;
    };
    // Removed from the highest index down, so the others stay where they were; discarded in the effect's order.
    let mut order: Vec<(usize, usize)> = taken.iter().copied().enumerate().collect();
    order.sort_by_key(|(_, i)| std::cmp::Reverse(*i));
    let mut removed = vec![None; taken.len()];
    for (k, i) in order {
        removed[k] = Some(state.hero_mut(me, pos).gems.remove(i));
    }
    for gem in removed.into_iter().flatten() {
        let gem = state.fresh(gem.def);
        state.player_mut(me).discard.push(gem);
        ev.push(Event::Discarded { seat: me, card: gem.into() });
    }
    Flow::Next
}

/// Combustion Boiler: discard a blend on an opponent's field (nothing if they have none).
pub(super) fn discard_opponent_blend(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    // MP-38: one blended hero of any one living opponent; the answer names the seat (`choices.rs` offers only
    // those heroes).
    let table = state.table;
    match f.take_answer() {
        Some(Answer::Hero(s, pos)) if s != me && table.is_living(s) => {
            state.deblend(s, pos, DeblendReason::Effect, ev);
            Flow::Next
        }
        None if table
            .opponents(me)
            .any(|o| crate::ids::Position::ALL.iter().any(|p| state.hero(o, *p).is_blended())) =>
        {
            Flow::Ask(me, Prompt::OpponentBlendToDiscard)
        }
        _ => Flow::Next,
    }
}

/// "Substitute one of your other heroes with a hero from your bench": asks `substitute_out` (a hero of yours other
/// than this one), then `substitute_in` (a bench hero); a substitution as between rounds (CR 405.4, 621), so the
/// outgoing hero takes its alterations and used limits with it (CR 500.9c, 621.4). Nothing with an empty bench.
pub(super) fn substitute_other(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    match (f.stage, f.take_answer()) {
        (0, _) if state.player(me).bench.is_empty() => Flow::Next,
        (0, _) => {
            f.stage = 1;
            Flow::Ask(me, Prompt::SubstituteOut)
        }
        (1, Some(a @ Answer::Hero(..))) => {
            f.picked = Some(a);
            f.stage = 2;
            Flow::Ask(me, Prompt::SubstituteIn)
        }
        (2, Some(Answer::Card(bench))) => {
            let Some(Answer::Hero(_, out)) = f.picked else { return Flow::Stop };
            // The answer was one of the bench's heroes (`choices::options`, CR 501.3).
            let Some(index) = state.player(me).bench.iter().position(|c| c.id == bench) else { return Flow::Stop };
            crate::intents::substitute::substitute(state, me, out, index, ev);
            Flow::Next
        }
        _ => Flow::Stop,
    }
}
