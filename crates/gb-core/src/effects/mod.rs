//! Card effects: which effect a hero has now (its blend's or its own, unless removed or replaced), whether it can
//! be used, the durational alterations that outlive their source (CR 500.6, 500.9), and usage limits
//! (CR 300.7, 500.3). The vocabulary itself is in `program.rs`; triggers in `triggers.rs`; resolution in
//! `resolve.rs`, with one small function per step kind in `ops/`.
pub(crate) mod altered;
pub(crate) mod choices;
pub(crate) mod field;
pub(crate) mod gems;
mod ops;
pub mod program;
pub(crate) mod resolve;
pub(crate) mod triggers;

#[cfg(test)]
mod tests;

use crate::cards::{Activation, CardDefId};
use crate::ids::{Position, Seat};
use crate::state::MatchState;
use program::{Condition, Limit, Program, Static};

pub(crate) use ops::pending_mooring_price;

/// A hero's identity for alterations and limits: heroes are unique within a deck (CR 101.2), so seat + card is
/// enough, and it follows the hero across movement and substitution (CR 500.9, 621.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct HeroKey {
    pub seat: Seat,
    pub hero: CardDefId,
}

impl HeroKey {
    pub(crate) fn at(state: &MatchState, seat: Seat, pos: Position) -> HeroKey {
        HeroKey { seat, hero: state.hero(seat, pos).card.def }
    }
    /// Where this hero stands now, if it is on the field.
    pub(crate) fn position(self, state: &MatchState) -> Option<Position> {
        Position::ALL.into_iter().find(|p| state.hero(self.seat, *p).card.def == self.hero)
    }
}

/// How long an alteration lasts (CR 500.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Until {
    /// "for the remainder of the turn": ends when turn `n` ends.
    EndOfTurn(u32),
    /// "until your next turn": ends just before that seat's next turn begins (CR 201.2a).
    NextTurnOf(Seat),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum AlterKind {
    Atk(i8),
    /// "Treat that hero as if it has no effect" (Stun, Ghost).
    NoEffect,
    /// Invert: written ATK and DEF swap (CR 624.1c).
    InvertWritten,
    /// Reflector / Catalyst Controller: the effect of `source` is replaced by the effect of `copied`.
    Copy {
        source: CardDefId,
        copied: CardDefId,
    },
    /// Block Attack: this hero may not attack for the remainder of the turn.
    CannotAttack,
    /// The hero's LV rises (or falls) by this much (CR 302.7).
    Level(i8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Alteration {
    pub hero: HeroKey,
    pub kind: AlterKind,
    pub until: Until,
    /// The card whose effect made it (shown with the ATK/DEF terms it adds; always a public card).
    pub source: CardDefId,
}

pub(crate) fn program(def: CardDefId) -> Option<&'static Program> {
    def.def().effect.as_ref()?.program.as_ref()
}

fn has_alteration(state: &MatchState, key: HeroKey, pred: impl Fn(&AlterKind) -> bool) -> bool {
    state.alterations.iter().any(|a| a.hero == key && pred(&a.kind))
}

/// Whether Hero Mirror may declare the hero at `pos` (Reflector): an unblended hero whose effect is present. An
/// effect waiting for its activation gem is present (CR 300.5g); one that Stun or Haunt removed is not (CR 500.9a;
/// RULINGS "'no effect' (Stun, Haunt)").
pub(crate) fn can_be_mirrored(state: &MatchState, seat: Seat, pos: Position) -> bool {
    !state.hero(seat, pos).is_blended()
        && !has_alteration(state, HeroKey::at(state, seat, pos), |k| *k == AlterKind::NoEffect)
}

/// The card whose effect the hero at `pos` has now: its blend's (CR 300.6), else its own, replaced by a copied
/// effect (CR 300.7d), or none at all while an effect-removal applies to this hero (CR 500.9a).
pub(crate) fn active_effect(state: &MatchState, seat: Seat, pos: Position) -> Option<CardDefId> {
    let hero = state.hero(seat, pos);
    if hero.face_down {
        return None;
    }
    // With no alterations at all (most of a game), the blend's effect or the hero's own: `of_hero` would sum up
    // nothing, and every raised trigger asks this of each hero it might wake (issue 14).
    if state.alterations.is_empty() {
        let effect = hero.blend.map_or(hero.card.def, |b| b.def);
        return program(effect).map(|_| effect);
    }
    active_effect_with(state, seat, pos, &altered::of_hero(state, seat, pos))
}

/// [`active_effect`] with the hero's alterations already summed up (`field::Field`).
pub(crate) fn active_effect_with(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    altered: &altered::Altered,
) -> Option<CardDefId> {
    active_with(state.hero(seat, pos), altered).map(|(effect, _, _)| effect)
}

/// [`active_effect_with`] for `hero`, with the card and the program the effect is (`Field::of` reads all three of
/// every hero, where looking each up again was a fifth of working a field out; issue 14).
pub(crate) fn active_with(
    hero: &crate::state::Hero,
    altered: &altered::Altered,
) -> Option<(CardDefId, &'static crate::cards::CardDef, &'static Program)> {
    if hero.face_down || altered.no_effect {
        return None;
    }
    let effect = altered.copied.unwrap_or(hero.blend.map(|b| b.def).unwrap_or(hero.card.def));
    let def = effect.def();
    Some((effect, def, def.effect.as_ref()?.program.as_ref()?))
}

/// The hero's effect can be used: an activation gem symbol on it needs at least one gem, invisible ones included
/// (CR 300.5, 300.5f, 500.2). A copied effect keeps its requirement, checked on this hero (RULINGS.md).
pub(crate) fn effect_usable(state: &MatchState, seat: Seat, pos: Position, effect: CardDefId) -> bool {
    !effect.def().needs_activation(Activation::Effect) || gems::has_any_gem(state, seat, pos)
}

/// The program the hero at `pos` runs now, if it has one and can use it. None of an eliminated player's heroes runs
/// one (MP-24): tested here, in `field::Field::of`, `statics` and `triggers::listening_with`, the places a program
/// is run from, rather than in the much hotter `active_effect` (which names the card, as the view does).
pub(crate) fn live_program(state: &MatchState, seat: Seat, pos: Position) -> Option<(CardDefId, &'static Program)> {
    if !state.table.is_living(seat) {
        return None;
    }
    let effect = active_effect(state, seat, pos)?;
    effect_usable(state, seat, pos, effect).then(|| (effect, program(effect).expect("active effects have programs")))
}

/// Devin (CR 500.8b): another hero on this field whose live effect removes this position condition.
fn condition_removed(
    pos: Position,
    wanted: Position,
    live: impl Fn(Position) -> Option<(CardDefId, &'static Program)>,
) -> bool {
    Position::ALL.into_iter().filter(|p| *p != pos).any(|p| match live(p) {
        Some((_, Program::Static { statics, .. })) => {
            statics.iter().any(|s| matches!(s, Static::RemoveCondition { in_position } if *in_position == wanted))
        }
        _ => false,
    })
}

/// Whether a "while …" / "if …" condition holds for the hero at `pos`. `attacking` is the defending player only
/// while this hero's attack is under way (CR 203.1h, 204.3b): "that opponent" of MP-9.4 and MP-40.
pub(crate) fn condition_holds(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    c: &Condition,
    attacking: Option<Seat>,
) -> bool {
    condition_holds_with(state, seat, pos, c, attacking, |p| live_program(state, seat, p))
}

/// [`condition_holds`] with the live programs of `seat`'s heroes given (`field::Field`).
pub(crate) fn condition_holds_with(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    c: &Condition,
    attacking: Option<Seat>,
    live: impl Fn(Position) -> Option<(CardDefId, &'static Program)>,
) -> bool {
    if let Some(p) = c.in_position
        && p != pos
        && !condition_removed(pos, p, live)
    {
        return false;
    }
    if c.on_frontline && !pos.is_frontline() {
        return false;
    }
    if c.only_blended_hero {
        // This hero is the only blended one.
        if !Position::ALL.into_iter().all(|p| state.hero(seat, p).is_blended() == (p == pos)) {
            return false;
        }
    }
    if c.attacking && attacking.is_none() {
        return false;
    }
    // MP-40: "that opponent" is the defending player of this hero's attack. Both conditions come with "while
    // attacking" on every card that has them; without an attack there is no such opponent.
    if c.opponent_played_action_since_your_last_turn
        && !attacking.is_some_and(|them| played_action_since_last_turn(state, seat, them))
    {
        return false;
    }
    if let Some(n) = c.opponent_hand_at_least {
        // RULINGS.md: Pearl Deceptor's "6 or more" stands.
        if attacking.is_none_or(|them| state.player(them).hand.len() < n as usize) {
            return false;
        }
    }
    true
}

/// Burn Fowl: `them` played an action after `seat`'s previous turn began (MP-40: whatever any other opponent did).
fn played_action_since_last_turn(state: &MatchState, seat: Seat, them: Seat) -> bool {
    let since = state.player(seat).previous_turn;
    state.player(them).last_action_turn.is_some_and(|t| t > since)
}

/// The statics the hero at `pos` applies now (its program's `when` must hold).
pub(crate) fn statics(state: &MatchState, seat: Seat, pos: Position) -> &'static [Static] {
    // The program's kind first: most effects are not statics, and whether one is usable counts invisible gems,
    // which asks about every other hero (`live_program`, issue 14).
    let Some(effect) = active_effect(state, seat, pos) else { return &[] };
    match program(effect) {
        Some(Program::Static { when, statics })
            if state.table.is_living(seat)
                && effect_usable(state, seat, pos, effect)
                && condition_holds(state, seat, pos, when, None) =>
        {
            statics
        }
        _ => &[],
    }
}

/// How often the hero has used this effect this turn (CR 300.7: by hero and effect, across blends and copies).
pub(crate) fn uses(state: &MatchState, key: HeroKey, effect: CardDefId) -> u8 {
    state.effect_uses.iter().find(|(k, e, _)| *k == key && *e == effect).map_or(0, |u| u.2)
}

pub(crate) fn record_use(state: &mut MatchState, key: HeroKey, effect: CardDefId) {
    match state.effect_uses.iter_mut().find(|(k, e, _)| *k == key && *e == effect) {
        Some(u) => u.2 += 1,
        None => state.effect_uses.push((key, effect, 1)),
    }
    // Matthew counts effects whose text says "once during your first turn" outside quotation marks (CR 500.8a).
    if mentions_first_turn_phrase(effect) {
        state.player_mut(key.seat).first_turn_phrase_uses += 1;
    }
}

pub(crate) fn mentions_first_turn_phrase(effect: CardDefId) -> bool {
    // Worked out once per catalogue entry: every use of an effect asks, and the text search allocates twice.
    static MENTIONS: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    let mentions = MENTIONS.get_or_init(|| {
        crate::cards::catalogue()
            .cards
            .iter()
            .map(|def| {
                def.effect
                    .as_ref()
                    .is_some_and(|e| unquoted(&e.text.to_lowercase()).contains("once during your first turn"))
            })
            .collect()
    });
    mentions[effect.0 as usize]
}

/// The text with every quoted passage removed (CR 500.8): quoted text never matches.
fn unquoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    for ch in text.chars() {
        match ch {
            '"' | '\u{201c}' | '\u{201d}' => quoted = !quoted,
            c if !quoted => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether the limit still allows a use now.
pub(crate) fn within_limit(state: &MatchState, key: HeroKey, effect: CardDefId, limit: Limit) -> bool {
    let turn_ok = match limit {
        Limit::OncePerFirstTurn => state.is_first_turn(key.seat),
        Limit::OncePerOpponentTurn => state.turn.active != key.seat,
        // "Once during your turn", "up to N times during your turn": never on the opponent's turn, even for a
        // trigger whose event happens then (Chaser switched by Electron's Orbit, say).
        Limit::OncePerTurn | Limit::TimesPerTurn(_) => state.turn.active == key.seat,
    };
    turn_ok && uses(state, key, effect) < limit.times()
}

/// Ends alterations whose time has come: at the end of a turn, or as a seat's next turn begins.
pub(crate) fn expire(state: &mut MatchState, ending_turn: Option<u32>, starting: Option<Seat>) {
    state.alterations.retain(|a| match a.until {
        Until::EndOfTurn(n) => Some(n) != ending_turn,
        Until::NextTurnOf(s) => Some(s) != starting,
    });
}

pub(crate) fn alter(state: &mut MatchState, hero: HeroKey, kind: AlterKind, until: Until, source: CardDefId) {
    state.alterations.push(Alteration { hero, kind, until, source });
}

/// The hero's LV now: its written LV changed by the LV alterations on it, never below 0 (CR 302.7). Only blending
/// reads it (CR 302.7a): a blend already on the hero stays whatever it becomes.
pub(crate) fn level(state: &MatchState, seat: Seat, pos: Position) -> u8 {
    let change: i16 = alterations_of(state, seat, pos)
        .filter_map(|a| match a.kind {
            AlterKind::Level(n) => Some(n as i16),
            _ => None,
        })
        .sum();
    changed_level(state.hero(seat, pos).level(), change)
}

/// A written LV changed by the sum of LV alterations, never below 0 (CR 302.7); also `Altered::level`'s.
pub(crate) fn changed_level(written: u8, change: i16) -> u8 {
    (written as i16 + change).clamp(0, u8::MAX as i16) as u8
}

/// CR 406.2, 500.7, 501.3d, 604.2: a hero that no longer has the effect that attached its cards (the blend left,
/// the effect was removed or replaced by a copy) has them discarded at once, before anything else resolves.
pub(crate) fn check_attachments(state: &mut MatchState, ev: &mut crate::event::Events) {
    // Few effects attach cards (CR 406): one look over every seated hero first, which `drive` makes before every
    // step (issue 14).
    if state.seated_heroes().all(|h| h.attached.is_empty()) {
        return;
    }
    for seat in state.table.seats() {
        for pos in Position::ALL {
            if !attachment_held(state, seat, pos) {
                state.discard_attached(seat, pos, ev);
            }
        }
    }
}

/// Whether every hero's attached cards are held by its effect: what [`check_attachments`] leaves behind.
pub(crate) fn attachments_held(state: &MatchState) -> bool {
    state.table.seats().all(|seat| Position::ALL.into_iter().all(|pos| attachment_held(state, seat, pos)))
}

/// The hero has no attached cards, or still has the effect that attached them.
fn attachment_held(state: &MatchState, seat: Seat, pos: Position) -> bool {
    let h = state.hero(seat, pos);
    h.attached.is_empty() || h.attached_by == active_effect(state, seat, pos)
}

pub(crate) fn cannot_attack(state: &MatchState, seat: Seat, pos: Position) -> bool {
    has_alteration(state, HeroKey::at(state, seat, pos), |k| *k == AlterKind::CannotAttack)
}

/// The alterations that apply to the hero at `pos` now, oldest first.
pub(crate) fn alterations_of(state: &MatchState, seat: Seat, pos: Position) -> impl Iterator<Item = &Alteration> {
    let key = HeroKey::at(state, seat, pos);
    state.alterations.iter().filter(move |a| a.hero == key)
}
