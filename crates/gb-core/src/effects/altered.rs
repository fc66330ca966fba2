//! What the alterations on one seat's heroes (CR 500.6, 500.9) come to, from one pass over `state.alterations`.
//! A view asks five things of them for every visible hero (its LV change, Invert, "no effect", "cannot attack",
//! its ATK bonuses) and `active_effect` two more for every hero: each was a scan of its own (issue 14). `level` and
//! `cannot_attack` (still used where one hero is asked) and `active_effect` give the same answers from the list.
use super::{AlterKind, HeroKey};
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
    pub fn level(&self, state: &MatchState, seat: Seat, pos: Position) -> u8 {
        super::changed_level(state.hero(seat, pos).level(), self.level)
    }
}

/// Every hero of `seat`, by `Position::index`, from one pass over the alterations, oldest first.
pub(crate) fn of_seat(state: &MatchState, seat: Seat) -> [Altered; 4] {
    let mut out = [Altered::default(); 4];
    if state.alterations.is_empty() {
        return out;
    }
    let keys = Position::ALL.map(|p| HeroKey::at(state, seat, p));
    let bases = Position::ALL.map(|p| {
        let hero = state.hero(seat, p);
        hero.blend.map(|b| b.def).unwrap_or(hero.card.def)
    });
    for a in &state.alterations {
        for i in (0..4).filter(|i| keys[*i] == a.hero) {
            let hero = &mut out[i];
            match a.kind {
                AlterKind::Atk(_) => hero.atk_bonus = true,
                AlterKind::NoEffect => hero.no_effect = true,
                AlterKind::InvertWritten => {
                    hero.inverted_by = if hero.inverted_by.is_some() { None } else { Some(a.source) }
                }
                AlterKind::Copy { source, copied } if source == bases[i] => hero.copied = Some(copied),
                AlterKind::Copy { .. } => {}
                AlterKind::CannotAttack => hero.cannot_attack = true,
                AlterKind::Level(n) => hero.level += n as i16,
            }
        }
    }
    out
}
