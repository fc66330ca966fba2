//! A hero's ATK and DEF: written stats (CR 624) — the blend's while blended (CR 302.8), gated by activation gems
//! (CR 300.5), Dread Blader's highest-on-field, swapped by Invert — plus bonuses from alterations and statics,
//! never below 0 (CR 605.1c).
use crate::cards::Activation;
use crate::effects::{self, program::Static};
use crate::ids::{Position, Seat};
use crate::state::MatchState;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    Atk,
    Def,
}

/// The printed stat of whatever the hero is now, blend or hero. With `gated`, a hero stat behind an activation gem
/// counts only while the hero has a gem (CR 300.5); without, it is "still considered to be present" (CR 300.5g).
fn printed(state: &MatchState, seat: Seat, pos: Position, stat: Stat, gated: bool) -> u16 {
    let hero = state.hero(seat, pos);
    if let Some(blend) = hero.blend {
        let def = blend.def.def();
        return match stat {
            Stat::Atk => def.atk as u16,
            Stat::Def => def.def as u16,
        };
    }
    let def = hero.card.def.def();
    let (value, gate) = match stat {
        Stat::Atk => (def.atk, Activation::Atk),
        Stat::Def => (def.def, Activation::Def),
    };
    if gated && def.needs_activation(gate) && !effects::gems::has_any_gem(state, seat, pos) { 0 } else { value as u16 }
}

/// Invert swaps which printed stat is written as which (CR 624.1c).
fn swapped(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> Stat {
    match (effects::inverted(state, seat, pos), stat) {
        (false, s) => s,
        (true, Stat::Atk) => Stat::Def,
        (true, Stat::Def) => Stat::Atk,
    }
}

fn is_dread_blader(state: &MatchState, seat: Seat, pos: Position) -> bool {
    effects::statics(state, seat, pos).iter().any(|s| matches!(s, Static::WrittenFromHighest(true)))
}

/// The written stat (CR 624.1): printed, after Invert's swap. Dread Blader's is the highest written stat among
/// your other heroes (RULINGS.md), read as present even behind an activation gem (CR 300.5g) and after their
/// Invert; another Dread Blader counts with its printed 0, so two of them never chase each other.
pub fn written(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> u16 {
    let stat = swapped(state, seat, pos, stat);
    if !is_dread_blader(state, seat, pos) {
        return printed(state, seat, pos, stat, true);
    }
    Position::ALL
        .into_iter()
        .filter(|p| *p != pos)
        .map(|p| printed(state, seat, p, swapped(state, seat, p, stat), false))
        .max()
        .unwrap_or(0)
}

/// The stat in play: written plus bonuses, never below 0 (CR 605.1c). `attacking` is true while this hero's
/// attack damage is calculated, for "while attacking" bonuses (CR 203.1h).
pub fn current(state: &MatchState, seat: Seat, pos: Position, stat: Stat, attacking: bool) -> u16 {
    let (mut atk, mut def) = effects::bonuses(state, seat, pos);
    for s in effects::statics(state, seat, pos) {
        match s {
            Static::Bonus { bonus, when } if effects::condition_holds(state, seat, pos, when, attacking) => {
                atk += bonus.atk as i32;
                def += bonus.def as i32;
            }
            Static::BonusPerOtherHeroWithGem { atk: n, gem } => {
                let others = Position::ALL
                    .into_iter()
                    .filter(|p| *p != pos && effects::gems::has_gem_type(state, seat, *p, *gem))
                    .count() as i32;
                atk += *n as i32 * others;
            }
            _ => {}
        }
    }
    let bonus = match stat {
        Stat::Atk => atk,
        Stat::Def => def,
    };
    (written(state, seat, pos, stat) as i32 + bonus).max(0) as u16
}

pub fn atk(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Atk, false)
}

pub fn def(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Def, false)
}

/// ATK while attacking.
pub fn attacking_atk(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Atk, true)
}
