//! A hero's ATK and DEF: written stats (CR 624) — the blend's while blended (CR 302.8), gated by activation gems
//! (CR 300.5), Dread Blader's highest-on-field, swapped by Invert — plus bonuses from alterations and statics,
//! never below 0 (CR 605.1c).
//!
//! The stat is computed once, as a list of terms ([`each_term`]): the engine sums them ([`current`]) and the view
//! shows them, so the number a player sees and the number the rules use cannot disagree.
use crate::cards::{Activation, CardDefId};
use crate::effects::{self, AlterKind, field::Field, program::Static};
use crate::frames::Frame;
use crate::ids::{Position, Seat};
use crate::state::MatchState;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    Atk,
    Def,
}

impl Stat {
    fn other(self) -> Stat {
        match self {
            Stat::Atk => Stat::Def,
            Stat::Def => Stat::Atk,
        }
    }
}

/// What kind of modifier one term of a stat is.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StatSource {
    /// The hero's printed stat (CR 624.1); `card` is the hero.
    Written,
    /// While blended, the blend's printed stat replaces the hero's (CR 302.8); `card` is the blend.
    Blend,
    /// A stat behind an activation gem counts as 0 while the hero has no gem (CR 300.5); `card` is the hero.
    ActivationGem,
    /// Invert switched the written ATK and DEF (CR 624.1c); `card` is the Invert.
    Invert,
    /// Dread Blader: the written stat is the highest among your other heroes (CR 624.1); `card` is the effect.
    HighestOnField,
    /// "+N attack for the remainder of your turn" from an effect that already resolved (CR 605.1, 500.6).
    Bonus,
    /// The hero's own effect gives a bonus while its condition holds (CR 605.1).
    Effect,
    /// A bonus that applies only while the hero is attacking (CR 203.1h).
    WhileAttacking,
    /// A bonus for each other hero of yours with a gem of some type (CR 605.1, 625).
    PerHeroWithGem,
    /// A negative total counts as 0 (CR 605.1c).
    Floor,
}

/// One term of a hero's ATK or DEF: the terms of a stat, in order, sum exactly to it.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StatTerm {
    pub source: StatSource,
    /// The change this term makes.
    pub amount: i32,
    /// The card responsible, when there is one: always a public card (a face-up hero, a blend, or an effect that
    /// was used in the open). Kept as the catalogue index and written as the card's name: a view holds up to 64
    /// terms, and a name reference is 16 bytes where the index is 2 (the view is built and moved for every
    /// viewer after every intent; issue 14).
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub card: Option<TermCard>,
}

/// The card of a [`StatTerm`]: a catalogue index, written as the card's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermCard(pub CardDefId);

impl Serialize for TermCard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

/// The printed stat of whatever the hero is now, blend or hero. With `gated`, a hero stat behind an activation gem
/// counts only while the hero has a gem (CR 300.5); without, it is "still considered to be present" (CR 300.5g).
fn printed(state: &MatchState, field: &Field, pos: Position, stat: Stat, gated: bool) -> u16 {
    let hero = state.hero(field.seat, pos);
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
    if gated && def.needs_activation(gate) && !field.has_any_gem(state, pos) { 0 } else { value as u16 }
}

/// Invert swaps which printed stat is written as which (CR 624.1c).
fn swapped(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> Stat {
    if effects::inverted(state, seat, pos) { stat.other() } else { stat }
}

fn is_dread_blader(field: &Field, pos: Position) -> bool {
    field.statics[pos.index()].iter().any(|s| matches!(s, Static::WrittenFromHighest(true)))
}

/// The written stat (CR 624.1): printed, after Invert's swap. Dread Blader's is the highest written stat among
/// your other heroes (RULINGS.md), read as present even behind an activation gem (CR 300.5g) and after their
/// Invert; another Dread Blader counts with its printed 0, so two of them never chase each other.
pub fn written(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> u16 {
    written_in(state, &Field::of(state, seat), pos, stat)
}

fn written_in(state: &MatchState, field: &Field, pos: Position, stat: Stat) -> u16 {
    let seat = field.seat;
    let stat = swapped(state, seat, pos, stat);
    if !is_dread_blader(field, pos) {
        return printed(state, field, pos, stat, true);
    }
    Position::ALL
        .into_iter()
        .filter(|p| *p != pos)
        .map(|p| printed(state, field, p, swapped(state, seat, p, stat), false))
        .max()
        .unwrap_or(0)
}

/// Hands terms on and keeps their running total.
struct Terms<F: FnMut(StatTerm)> {
    total: i32,
    emit: F,
}

impl<F: FnMut(StatTerm)> Terms<F> {
    fn push(&mut self, source: StatSource, amount: i32, card: Option<CardDefId>) {
        self.total += amount;
        (self.emit)(StatTerm { source, amount, card: card.map(TermCard) });
    }
}

/// Every term of the stat in play, in the order the rules apply them; they sum to [`current`]. `attacking` is
/// true while the hero is attacking (CR 203.1h), for "while attacking" bonuses. Terms that change nothing are
/// left out, except the written stat and an Invert. Returns the written stat ([`written`]), which it works out on
/// the way, so a view need not ask for it again.
pub fn each_term(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    stat: Stat,
    attacking: bool,
    emit: impl FnMut(StatTerm),
) -> u16 {
    each_term_in(state, &Field::of(state, seat), pos, stat, attacking, emit)
}

/// [`each_term`] on a field already worked out (a view asks about every hero of it).
pub(crate) fn each_term_in(
    state: &MatchState,
    field: &Field,
    pos: Position,
    stat: Stat,
    attacking: bool,
    emit: impl FnMut(StatTerm),
) -> u16 {
    let seat = field.seat;
    let mut terms = Terms { total: 0, emit };
    let hero = state.hero(seat, pos);
    // Written: the hero's or its blend's printed stat (CR 302.8, 624.1), gated (CR 300.5), swapped by Invert
    // (CR 624.1c), or Dread Blader's; each later term is the change from the one before.
    let (source, card) = match hero.blend {
        Some(blend) => (StatSource::Blend, blend.def),
        None => (StatSource::Written, hero.card.def),
    };
    terms.push(source, printed(state, field, pos, stat, false) as i32, Some(card));
    let gated = printed(state, field, pos, stat, true) as i32;
    if gated != terms.total {
        terms.push(StatSource::ActivationGem, gated - terms.total, Some(hero.card.def));
    }
    if let Some(invert) = effects::inverted_by(state, seat, pos) {
        let after = printed(state, field, pos, stat.other(), true) as i32;
        terms.push(StatSource::Invert, after - terms.total, Some(invert));
    }
    let written = written_in(state, field, pos, stat) as i32;
    if written != terms.total {
        terms.push(StatSource::HighestOnField, written - terms.total, field.active[pos.index()]);
    }
    // Bonuses (CR 605.1): alterations first, a run of them from one card as one term.
    if stat == Stat::Atk {
        let mut run: Option<(CardDefId, i32)> = None;
        for a in effects::alterations_of(state, seat, pos) {
            let AlterKind::Atk(n) = a.kind else { continue };
            match &mut run {
                Some((card, sum)) if *card == a.source => *sum += n as i32,
                _ => {
                    if let Some((card, sum)) = run.take() {
                        terms.push(StatSource::Bonus, sum, Some(card));
                    }
                    run = Some((a.source, n as i32));
                }
            }
        }
        if let Some((card, sum)) = run {
            terms.push(StatSource::Bonus, sum, Some(card));
        }
    }
    let statics = field.statics[pos.index()];
    if !statics.is_empty() {
        let effect = field.active[pos.index()];
        for s in statics {
            match s {
                Static::Bonus { bonus, when }
                    if effects::condition_holds_with(state, seat, pos, when, attacking, |p| field.live[p.index()]) =>
                {
                    let amount = match stat {
                        Stat::Atk => bonus.atk,
                        Stat::Def => bonus.def,
                    } as i32;
                    let source = if when.attacking { StatSource::WhileAttacking } else { StatSource::Effect };
                    if amount != 0 {
                        terms.push(source, amount, effect);
                    }
                }
                Static::BonusPerOtherHeroWithGem { atk: n, gem } if stat == Stat::Atk => {
                    let others = Position::ALL
                        .into_iter()
                        .filter(|p| {
                            *p != pos && effects::gems::type_in_pool(state, seat, *p, *gem, &field.pool(state, *p))
                        })
                        .count() as i32;
                    if others > 0 && *n != 0 {
                        terms.push(StatSource::PerHeroWithGem, *n as i32 * others, effect);
                    }
                }
                _ => {}
            }
        }
    }
    if terms.total < 0 {
        terms.push(StatSource::Floor, -terms.total, None);
    }
    written as u16
}

/// The stat in play: the sum of its terms, never below 0 (CR 605.1c).
pub fn current(state: &MatchState, seat: Seat, pos: Position, stat: Stat, attacking: bool) -> u16 {
    current_in(state, &Field::of(state, seat), pos, stat, attacking)
}

/// [`current`] on a field already worked out.
pub(crate) fn current_in(state: &MatchState, field: &Field, pos: Position, stat: Stat, attacking: bool) -> u16 {
    let mut total = 0i32;
    each_term_in(state, field, pos, stat, attacking, |t| total += t.amount);
    total as u16
}

/// Whether the hero at `pos` is attacking now: declared in the attack under way and not dropped for having
/// 0 ATK (CR 203.1h, 204.1).
pub fn is_attacking(state: &MatchState, seat: Seat, pos: Position) -> bool {
    state.frames.iter().any(|f| match f {
        Frame::Attack(a) => a.seat == seat && a.attackers.iter().any(|x| x.hero == pos && !x.dropped),
        _ => false,
    })
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

#[cfg(test)]
mod tests;
