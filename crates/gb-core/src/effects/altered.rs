//! What the alterations on one seat's heroes (CR 500.6, 500.9) come to, from one pass over `state.alterations`.
//! A view asks five things of them for every visible hero (its LV change, Invert, "no effect", "cannot attack",
//! its ATK bonuses) and `active_effect` two more for every hero: each was a scan of its own (issue 14). `level` and
//! `cannot_attack` (still used where one hero is asked) and `active_effect` give the same answers from the list.
use super::{AlterKind, Alteration, HeroKey};
use crate::cards::CardDefId;
use crate::ids::{Position, Seat};
use crate::state::MatchState;

/// The alterations on one hero, summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Altered {
    /// The sum of its LV alterations (CR 302.7).
    pub level: i16,
    /// The Invert that left its written stats swapped: each swaps again, so an odd number of them leaves them
    /// swapped, and the last one is named (CR 624.1c).
    pub inverted_by: Option<CardDefId>,
    /// Stun or Ghost: treated as having no effect (CR 500.9a).
    pub no_effect: bool,
    /// Block Attack: may not attack for the remainder of the turn.
    pub cannot_attack: bool,
    /// At least one "+N attack" alteration: only then are they walked for the ATK terms.
    pub atk_bonus: bool,
    /// The last Copy whose source is the hero's base effect (its blend's, else its own), CR 300.7d.
    pub copied: Option<CardDefId>,
}

impl Altered {
    /// The hero's LV now: its written LV changed by its LV alterations, never below 0 (CR 302.7).
    pub(crate) fn level(&self, state: &MatchState, seat: Seat, pos: Position) -> u8 {
        super::changed_level(state.hero(seat, pos).level(), self.level)
    }
}

/// Every hero of `seat`, by `Position::index`, from one pass over the alterations, oldest first.
pub(crate) fn of_seat(state: &MatchState, seat: Seat) -> [Altered; 4] {
    let mut out = [Altered::default(); 4];
    if state.alterations.is_empty() {
        return out;
    }
    let keys = Position::each(|p| HeroKey::at(state, seat, p));
    let bases = Position::each(|p| base_effect(state, seat, p));
    for a in &state.alterations {
        for i in (0..4).filter(|i| keys[*i] == a.hero) {
            out[i].add(a, bases[i]);
        }
    }
    out
}

/// One hero's [`Altered`], for callers that ask about one hero only (`active_effect`: raising a trigger asks it of
/// each listener; summing up all four heroes for it was 2 % of an intent, issue 14).
pub(crate) fn of_hero(state: &MatchState, seat: Seat, pos: Position) -> Altered {
    let mut out = Altered::default();
    if state.alterations.is_empty() {
        return out;
    }
    let (key, base) = (HeroKey::at(state, seat, pos), base_effect(state, seat, pos));
    for a in state.alterations.iter().filter(|a| a.hero == key) {
        out.add(a, base);
    }
    out
}

/// The hero's base effect, the one a Copy replaces (CR 300.7d): its blend's, else its own.
fn base_effect(state: &MatchState, seat: Seat, pos: Position) -> CardDefId {
    let hero = state.hero(seat, pos);
    hero.blend.map(|b| b.def).unwrap_or(hero.card.def)
}

impl Altered {
    /// Counts one alteration on this hero in; `base` is the hero's base effect.
    fn add(&mut self, a: &Alteration, base: CardDefId) {
        match a.kind {
            AlterKind::Atk(_) => self.atk_bonus = true,
            AlterKind::NoEffect => self.no_effect = true,
            AlterKind::InvertWritten => {
                self.inverted_by = if self.inverted_by.is_some() { None } else { Some(a.source) }
            }
            AlterKind::Copy { source, copied } if source == base => self.copied = Some(copied),
            AlterKind::Copy { .. } => {}
            AlterKind::CannotAttack => self.cannot_attack = true,
            AlterKind::Level(n) => self.level += n as i16,
        }
    }
}
