//! Which heroes an attacker may attack, named by seat and position (MP-10): the opposite position hero of CR
//! 204.3a and 616, which around a circle is the left opponent's right hero for the left hero, the right
//! opponent's left hero for the right hero, and any other living player's center hero for the center hero; Storm
//! Weaver's aura adds the center hero from a side and either side from the center, of any opponent (CR 204.4f,
//! MP-37). In the two-player game the one opponent is both the left and the right opponent, so these are exactly
//! CR 616.1a's heroes, listed in the same order.
use crate::effects::program::Static;
use crate::ids::{Position, Seat};
use crate::intent::AttackerDecl;
use crate::rejection::Rejection;
use crate::table::{Format, Table};

/// The targets of one hero: inline up to four, which covers every two-player hero (at most three) and the
/// free-for-all without Storm Weaver's aura at up to five seats' centers.
pub(crate) type Targets = smallvec::SmallVec<[(Seat, Position); 4]>;

/// The heroes `seat`'s hero at `hero` may attack, by opponent in turn order from `seat`'s left (MP-13), each
/// opponent's in position order. `statics` are those the hero applies now, from the seat's `effects::field::Field`.
pub(crate) fn targets_with(table: &Table, seat: Seat, hero: Position, statics: &[Static]) -> Targets {
    let mut out = Targets::new();
    each_target(table, seat, hero, statics, |defender, target| out.push((defender, target)));
    out
}

/// [`targets_with`], handed to `f` one by one: candidate generation is a hot path of the two-player game, which
/// takes its own branch (one opponent, CR 616.1a) and builds no list.
#[inline]
pub(crate) fn each_target(
    table: &Table,
    seat: Seat,
    hero: Position,
    statics: &[Static],
    mut f: impl FnMut(Seat, Position),
) {
    // CR 203.1d: back position heroes cannot attack. MP-37: Storm Weaver's extras are any opponent's.
    let (own, extra) = match hero {
        Position::Back => return,
        Position::Left => (bit(Position::Right), bit(Position::Center)),
        Position::Right => (bit(Position::Left), bit(Position::Center)),
        Position::Center => (bit(Position::Center), bit(Position::Left) | bit(Position::Right)),
    };
    let extra = if has_aura(statics) { extra } else { 0 };
    if table.format() == Format::Standard {
        return each_of(table.standard_opponent(seat), own | extra, &mut f);
    }
    // MP-10: the left hero's relation is to the left opponent only, the right hero's to the right one.
    let related = match hero {
        Position::Left => Some(table.left_of(seat)),
        Position::Right => Some(table.right_of(seat)),
        _ => None,
    };
    for opponent in table.opponents(seat) {
        let own = if related.is_none_or(|r| r == opponent) { own } else { 0 };
        each_of(opponent, own | extra, &mut f);
    }
}

/// The frontline heroes of `opponent` in `mask` (one bit per position), left to right.
#[inline]
fn each_of(opponent: Seat, mask: u8, f: &mut impl FnMut(Seat, Position)) {
    for p in Position::FRONTLINE {
        if mask & bit(p) != 0 {
            f(opponent, p);
        }
    }
}

/// Storm Weaver's "Low-Pressure Aura" (CR 204.4f, MP-37).
fn has_aura(statics: &[Static]) -> bool {
    statics.iter().any(|s| matches!(s, Static::ExtraTargets(true)))
}

fn bit(p: Position) -> u8 {
    1 << p.index()
}

/// The defender a declaration names for a target of `defender`'s: `None` in the two-player game (the one opponent,
/// and the intent's bytes as before MP-10), the seat in the free-for-all.
#[inline]
pub(crate) fn named(table: &Table, defender: Seat) -> Option<Seat> {
    match table.format() {
        Format::Standard => None,
        Format::FreeForAll => Some(defender),
    }
}

/// Whether `a` names a hero its attacker may attack (CR 204.3a, MP-10, MP-37), with the defender named exactly
/// when the game needs one.
pub(crate) fn check(table: &Table, seat: Seat, a: &AttackerDecl, statics: &[Static]) -> Result<(), Rejection> {
    let targets = targets_with(table, seat, a.hero, statics);
    let defender = match (table.format(), a.defender) {
        (Format::Standard, None) => table.standard_opponent(seat),
        (Format::Standard, Some(_)) => {
            return Err(Rejection::new(
                "not_a_target",
                "CR 204.3a",
                "name no defender in the two-player game: the one opponent defends",
            ));
        }
        (Format::FreeForAll, None) => {
            return Err(Rejection::new(
                "defender_required",
                "MP-10",
                format!(
                    "name the defending player whose {} hero your {} hero attacks",
                    a.target.label(),
                    a.hero.label()
                ),
            ));
        }
        (Format::FreeForAll, Some(d)) if d == seat || !table.is_living(d) => {
            return Err(Rejection::new(
                "not_a_target",
                "MP-9",
                format!("seat {d:?} is not a living opponent: only they can be attacked"),
            ));
        }
        (Format::FreeForAll, Some(d)) => d,
    };
    if targets.contains(&(defender, a.target)) {
        return Ok(());
    }
    Err(match table.format() {
        Format::Standard => Rejection::new(
            "not_a_target",
            "CR 204.3a",
            format!("your {} hero can only attack the opposite position hero", a.hero.label()),
        ),
        Format::FreeForAll => Rejection::new("not_a_target", "MP-10", relation(table, seat, a.hero, has_aura(statics))),
    })
}

/// What the hero at `hero` may attack, in words, for a refusal (MP-10, MP-37).
fn relation(table: &Table, seat: Seat, hero: Position, aura: bool) -> String {
    let own = match hero {
        Position::Left => format!("your left opponent's ({:?}) right position hero", table.left_of(seat)),
        Position::Right => format!("your right opponent's ({:?}) left position hero", table.right_of(seat)),
        _ => "another living player's center position hero".to_string(),
    };
    let extra = match (aura, hero) {
        (false, _) => "",
        (true, Position::Center) => ", or with Storm Weaver's aura any opponent's left or right hero (MP-37)",
        (true, _) => ", or with Storm Weaver's aura any opponent's center hero (MP-37)",
    };
    format!("your {} hero can only attack {own}{extra}", hero.label())
}

#[cfg(test)]
mod tests;
