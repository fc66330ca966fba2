//! Blending and deblending during your turn (CR 302.3, 302.5, 609), and the gem requirement check that also
//! decides when a blend falls off (CR 302.6).
use crate::cards::{CardKind, GemType};
use crate::event::{DeblendReason, Event, Events};
use crate::frames::WindowKind;
use crate::ids::{CardId, Position, Seat};
use crate::intents::require_window;
use crate::rejection::Rejection;
use crate::state::{Hero, MatchState};

/// True when the hero's gems cover the requirement, each gem used once (CR 302.3, 625.1).
pub(crate) fn meets_requirement(hero: &Hero, required: &[GemType]) -> bool {
    let mut have = [0u8; 9];
    for t in hero.gem_types() {
        have[t as usize] += 1;
    }
    let mut need = [0u8; 9];
    for t in required {
        need[*t as usize] += 1;
    }
    have.iter().zip(need.iter()).all(|(h, n)| h >= n)
}

pub(crate) fn check_blend(
    state: &MatchState,
    seat: Seat,
    card: CardId,
    hero: Position,
) -> Result<(), Rejection> {
    require_window(state, seat, WindowKind::Main, "CR 302.3", "blending")?;
    let p = state.player(seat);
    let Some(c) = p.hand.iter().find(|c| c.id == card) else {
        return Err(Rejection::new(
            "card_not_in_hand",
            "CR 402.4a",
            "that card is not in your hand",
        ));
    };
    let blend = c.def.def();
    if blend.kind != CardKind::Blend {
        return Err(Rejection::new(
            "not_a_blend",
            "CR 302.3",
            format!("{} is not a blend", blend.name),
        ));
    }
    let h = p.hero(hero);
    let hero_name = h.card.def.name();
    if h.is_blended() {
        return Err(Rejection::new(
            "hero_already_blended",
            "CR 302.5b",
            format!("{hero_name} is already blended; deblend it before playing another blend"),
        ));
    }
    if !meets_requirement(h, &blend.gems) {
        return Err(Rejection::new(
            "gem_requirement_not_met",
            "CR 302.3",
            format!(
                "{hero_name} is not equipped with the gems {} requires",
                blend.name
            ),
        ));
    }
    if h.level() < blend.level {
        return Err(Rejection::new(
            "hero_level_too_low",
            "CR 302.3a",
            format!(
                "{} is LV.{} and {hero_name} only LV.{}",
                blend.name,
                blend.level,
                h.level()
            ),
        ));
    }
    Ok(())
}

pub(crate) fn apply_blend(
    state: &mut MatchState,
    seat: Seat,
    card: CardId,
    hero: Position,
    ev: &mut Events,
) {
    let card = state.take_from_hand(seat, card).expect("checked");
    let blend = state.fresh(card.def);
    state.hero_mut(seat, hero).blend = Some(blend);
    ev.push(Event::Blended {
        seat,
        hero,
        blend: blend.into(),
    });
}

pub(crate) fn check_deblend(
    state: &MatchState,
    seat: Seat,
    hero: Position,
) -> Result<(), Rejection> {
    // CR 302.5: only during your own turn (deblend-to-block is its own intent, CR 610).
    require_window(state, seat, WindowKind::Main, "CR 302.5", "deblending")?;
    if !state.hero(seat, hero).is_blended() {
        return Err(Rejection::new(
            "hero_not_blended",
            "CR 609.1",
            "that hero has no blend to discard",
        ));
    }
    Ok(())
}

pub(crate) fn apply_deblend(state: &mut MatchState, seat: Seat, hero: Position, ev: &mut Events) {
    state.deblend(seat, hero, DeblendReason::Chosen, ev);
}
