//! Equipping the allotted gem (CR 301.2, 611.2).
use crate::cards::CardKind;
use crate::event::{Event, Events};
use crate::frames::WindowKind;
use crate::ids::{CardId, Position, Seat};
use crate::intents::require_window;
use crate::rejection::Rejection;
use crate::state::MatchState;

pub(crate) fn check(state: &MatchState, seat: Seat, card: CardId, _hero: Position) -> Result<(), Rejection> {
    require_window(state, seat, WindowKind::Main, "CR 202.1", "playing a gem")?;
    let p = state.player(seat);
    let c = crate::intents::card_in_hand(state, seat, card)?;
    if c.def.def().kind != CardKind::Gem {
        return Err(Rejection::new("not_a_gem", "CR 301.2", format!("{} is not a gem", c.def.name())));
    }
    if p.allotted_gem_used {
        return Err(Rejection::new("allotted_gem_used", "CR 301.2", "you already played your allotted gem this turn"));
    }
    Ok(())
}

pub(crate) fn apply(state: &mut MatchState, seat: Seat, card: CardId, hero: Position, ev: &mut Events) {
    let card = state.take_from_hand(seat, card).expect("checked");
    let gem = state.fresh(card.def);
    state.player_mut(seat).allotted_gem_used = true;
    state.hero_mut(seat, hero).gems.push(gem);
    ev.push(Event::GemEquipped { seat, hero, gem: gem.into(), allotted: true });
    // CR 611.1: the allotted gem is an equip like any other (Virus watches for it).
    crate::effects::triggers::raise(state, crate::effects::triggers::TriggerEvent::GemEquipped { seat, pos: hero });
}
