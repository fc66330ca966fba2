//! Blending and deblending during your turn (CR 302.3, 302.5, 609), and the gem requirement check that also
//! decides when a blend falls off (CR 302.6).
use crate::cards::{CardDef, CardKind};
use crate::effects::field::{Field, LazyField};
use crate::effects::gems::GemPool;
use crate::effects::triggers::{TriggerEvent, raise};
use crate::event::{DeblendReason, Event, Events};
use crate::frames::{Frame, WindowKind};
use crate::ids::{CardId, Position, Seat};
use crate::intent::Intent;
use crate::intents::{Kind, require_window};
use crate::rejection::Rejection;
use crate::state::{Card, MatchState, PlayerState};

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
/// [`PlayBlend`]'s check on the hero (not blended, CR 302.5b; the gems, CR 302.3; the level, CR 302.3a), without the
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

/// CR 302.3: play a blend onto an unblended hero.
pub(crate) struct PlayBlend {
    pub(crate) card: CardId,
    pub(crate) hero: Position,
}

/// The blend's place in the hand, found by the check.
pub(crate) struct Playable {
    index: usize,
    hero: Position,
}

/// Each hero's LV (CR 302.7a, from the field's alterations) and gem pool, worked out together the first time a
/// blend card asks: most listings hold several blend cards (~4), which each asked every hero (issue 14).
#[derive(Default)]
pub(crate) struct Heroes(Option<[(u8, GemPool); 4]>);

/// The heroes `card` in hand may blend now, a main window candidate each: [`check`](PlayBlend)'s tests without the
/// words a refusal needs.
pub(crate) fn candidates(state: &MatchState, field: &Field, card: &Card, heroes: &mut Heroes, out: &mut Vec<Intent>) {
    let def = card.def.def();
    if def.kind != CardKind::Blend {
        return;
    }
    let seat = field.seat;
    let heroes = heroes.0.get_or_insert_with(|| {
        let pools = field.pools(state);
        Position::each(|h| (field.altered[h.index()].level(state, seat, h), pools[h.index()]))
    });
    for hero in Position::ALL {
        let (level, pool) = &heroes[hero.index()];
        if could_blend(state, seat, hero, def, *level, pool) {
            out.push(Intent::PlayBlend { card: card.id, hero });
        }
    }
}

impl Kind for PlayBlend {
    type Checked = Playable;
    fn check(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Playable, Rejection> {
        let PlayBlend { card, hero } = self;
        require_window(state, seat, WindowKind::Main, "CR 302.3", "blending")?;
        let p = state.player(seat);
        let (index, c) = crate::intents::card_in_hand(state, seat, card)?;
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
        Ok(Playable { index, hero })
    }
    /// A listed blend passed every test when `legal_intents` listed it (`could_blend`): only the card's place in the
    /// hand is looked up.
    fn check_listed(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Playable, Rejection> {
        match state.player(seat).hand.iter().position(|c| c.id == self.card) {
            Some(index) => Ok(Playable { index, hero: self.hero }),
            None => self.check(state, seat, field),
        }
    }
    /// "When blended" effects resolve before the blend is on the field (CR 501.5a): the blend waits in a frame.
    fn apply(Playable { index, hero }: Playable, state: &mut MatchState, seat: Seat, _: &mut Events) {
        let card = state.player_mut(seat).hand.remove(index);
        let level = card.def.def().level;
        state.frames.push(Frame::AttachBlend { seat, hero, card });
        raise(state, TriggerEvent::ThisHeroBlended { seat, pos: hero, level });
    }
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

/// CR 302.5: discard a hero's blend during your turn.
pub(crate) struct Deblend {
    pub(crate) hero: Position,
}

/// The hero is blended, found by the check.
pub(crate) struct Blended {
    hero: Position,
}

/// A main window candidate for each blended hero.
pub(crate) fn deblend_candidates(p: &PlayerState, hero: Position, out: &mut Vec<Intent>) {
    if p.hero(hero).is_blended() {
        out.push(Intent::Deblend { hero });
    }
}

impl Kind for Deblend {
    type Checked = Blended;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<Blended, Rejection> {
        // CR 302.5: only during your own turn (deblend-to-block is its own intent, CR 610).
        require_window(state, seat, WindowKind::Main, "CR 302.5", "deblending")?;
        if !state.hero(seat, self.hero).is_blended() {
            return Err(Rejection::new("hero_not_blended", "CR 609.1", "that hero has no blend to discard"));
        }
        Ok(Blended { hero: self.hero })
    }
    fn apply(Blended { hero }: Blended, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        state.deblend(seat, hero, DeblendReason::Chosen, ev);
    }
}
