//! A hero's ATK and DEF: written stats (CR 624), replaced by a blend's (CR 302.8), gated by activation gems
//! (CR 300.5), plus bonuses with a floor of 0 (CR 605.1c).
use crate::cards::Activation;
use crate::ids::{Position, Seat};
use crate::state::MatchState;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    Atk,
    Def,
}

/// The written stat (CR 624.1): the blend's while blended (CR 302.8), otherwise the hero's, which counts only
/// while the hero has a gem if it carries an activation gem symbol (CR 300.5).
pub fn written(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> u16 {
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
    if def.needs_activation(gate) && !hero.has_gem() {
        0
    } else {
        value as u16
    }
}

/// The stat in play: written plus bonuses, never below 0 (CR 605.1c).
pub fn current(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> u16 {
    let bonus: i32 = 0;
    (written(state, seat, pos, stat) as i32 + bonus).max(0) as u16
}

pub fn atk(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Atk)
}

pub fn def(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Def)
}
