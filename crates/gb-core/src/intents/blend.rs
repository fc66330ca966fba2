//! Blending and deblending during your turn (CR 302.3, 302.5, 609), and the gem requirement check that also
//! decides when a blend falls off (CR 302.6).
use crate::cards::{CardDef, CardKind};
use crate::effects::field::LazyField;
use crate::effects::gems::GemPool;
use crate::effects::triggers::{TriggerEvent, raise};
use crate::event::{DeblendReason, Event, Events};
use crate::frames::{Frame, WindowKind};
use crate::ids::{CardId, Position, Seat};
use crate::intents::require_window;
use crate::rejection::Rejection;
use crate::state::{Card, MatchState};

/// CR 302.6: a hero that no longer has the gems its blend requires is deblended at once. One blend leaving can
/// take away gems another counted on (Magnet's or Gourmet Guider's), so this repeats until nothing more falls.
pub(crate) fn check_state(state: &mut MatchState, ev: &mut Events) {
    // `drive` asks before every step; with no blended hero at all there is nothing to look up (issue 14).
    if state.seated_heroes().all(|h| h.blend.is_none()) {
        return;
    }
    loop {
        let Some((seat, pos)) = state.table.seats().find_map(|seat| unmet(state, seat)) else { return };
        state.deblend(seat, pos, DeblendReason::GemsLost, ev);
        state.fields.clear();
    }
}

/// Whether every blended hero's gem requirement is met: what [`check_state`] leaves behind.
pub(crate) fn all_met(state: &MatchState) -> bool {
    state.table.seats().all(|seat| unmet(state, seat).is_none())
}

/// The first of `seat`'s heroes whose blend's gem requirement is no longer met, with the seat's field worked out
/// at most once for all of them (and kept for the step and the callers that follow, `FieldCache`).
fn unmet(state: &MatchState, seat: Seat) -> Option<(Seat, Position)> {
    let field = LazyField::kept(state, seat);
    Position::ALL
        .into_iter()
        .find(|&pos| state.hero(seat, pos).blend.is_some_and(|b| !field.meets(pos, &b.def.def().gem_need)))
        .map(|pos| (seat, pos))
}

/// Whether `blend` could go on `hero`, its gem pool already worked out (`Field::pool`): the tests of
/// [`check_blend`] on the hero (not blended, CR 302.5b; the gems, CR 302.3; the level, CR 302.3a), without the
/// words a refusal needs. Candidate lists and HP prices ask it for every blend card in hand and every hero.
/// `level` is the hero's current one, after any LV change (CR 302.7a), from the field's `Altered::level` (a scan
/// of the alterations per blend card and hero was 2 % of an intent, issue 14).
#[inline]
pub(crate) fn could_blend(
    state: &MatchState,
    seat: Seat,
    hero: Position,
    blend: &CardDef,
    level: u8,
    pool: &GemPool,
) -> bool {
    !state.hero(seat, hero).is_blended() && level >= blend.level && pool.meets_counts(&blend.gem_need)
}

pub(crate) fn check_blend(
    state: &MatchState,
    seat: Seat,
    card: CardId,
    hero: Position,
    field: &LazyField,
) -> Result<(), Rejection> {
    require_window(state, seat, WindowKind::Main, "CR 302.3", "blending")?;
    let p = state.player(seat);
    let c = crate::intents::card_in_hand(state, seat, card)?;
    let blend = c.def.def();
    if blend.kind != CardKind::Blend {
        return Err(Rejection::new("not_a_blend", "CR 302.3", format!("{} is not a blend", blend.name)));
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
    if !field.meets(hero, &blend.gem_need) {
        return Err(Rejection::new(
            "gem_requirement_not_met",
            "CR 302.3",
            format!("{hero_name} is not equipped with the gems {} requires", blend.name),
        ));
    }
    // CR 302.7a: the hero's LV as it is now, changes included, matters only here.
    let level = crate::effects::level(state, seat, hero);
    if level < blend.level {
        return Err(Rejection::new(
            "hero_level_too_low",
            "CR 302.3a",
            format!("{} is LV.{} and {hero_name} only LV.{level}", blend.name, blend.level),
        ));
    }
    Ok(())
}

/// "When blended" effects resolve before the blend is on the field (CR 501.5a): the blend waits in a frame.
pub(crate) fn apply_blend(state: &mut MatchState, seat: Seat, card: CardId, hero: Position, _ev: &mut Events) {
    let card = state.take_from_hand(seat, card).expect("checked");
    let level = card.def.def().level;
    state.frames.push(Frame::AttachBlend { seat, hero, card });
    raise(state, TriggerEvent::ThisHeroBlended { seat, pos: hero, level });
}

pub(crate) fn attach(state: &mut MatchState, seat: Seat, hero: Position, card: Card, ev: &mut Events) {
    let blend = state.fresh(card.def);
    if state.hero(seat, hero).is_blended() {
        // Only an effect in between could have blended it; the played card then goes to the discard.
        state.player_mut(seat).discard.push(blend);
        ev.push(Event::Discarded { seat, card: blend.into() });
        return;
    }
    state.hero_mut(seat, hero).blend = Some(blend);
    ev.push(Event::Blended { seat, hero, blend: blend.into() });
    raise(state, TriggerEvent::BlendPlayed { seat });
}

pub(crate) fn check_deblend(state: &MatchState, seat: Seat, hero: Position) -> Result<(), Rejection> {
    // CR 302.5: only during your own turn (deblend-to-block is its own intent, CR 610).
    require_window(state, seat, WindowKind::Main, "CR 302.5", "deblending")?;
    if !state.hero(seat, hero).is_blended() {
        return Err(Rejection::new("hero_not_blended", "CR 609.1", "that hero has no blend to discard"));
    }
    Ok(())
}

pub(crate) fn apply_deblend(state: &mut MatchState, seat: Seat, hero: Position, ev: &mut Events) {
    state.deblend(seat, hero, DeblendReason::Chosen, ev);
}
