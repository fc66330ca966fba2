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
fn swapped(field: &Field, pos: Position, stat: Stat) -> Stat {
    if field.altered[pos.index()].inverted_by.is_some() { stat.other() } else { stat }
}

fn is_dread_blader(field: &Field, pos: Position) -> bool {
    field.statics[pos.index()].iter().any(|s| matches!(s, Static::WrittenFromHighest(true)))
}

/// The written stat (CR 624.1): printed, after Invert's swap. Dread Blader's is the highest written stat among
/// your other heroes (RULINGS.md), read as present even behind an activation gem (CR 300.5g) and after their
/// Invert; another Dread Blader counts with its printed 0, so two of them never chase each other.
pub fn written(state: &MatchState, seat: Seat, pos: Position, stat: Stat) -> u16 {
    let field = Field::of(state, seat);
    let stat = swapped(&field, pos, stat);
    if is_dread_blader(&field, pos) {
        highest_other(state, &field, pos, stat)
    } else {
        printed(state, &field, pos, stat, true)
    }
}

/// Dread Blader's written `stat` (already swapped by its own Invert): the highest among the other heroes.
fn highest_other(state: &MatchState, field: &Field, pos: Position, stat: Stat) -> u16 {
    Position::ALL
        .into_iter()
        .filter(|p| *p != pos)
        .map(|p| printed(state, field, p, swapped(field, p, stat), false))
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

/// A hero's ATK and DEF as they stand, and their written values (CR 624.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeroStats {
    pub atk: u16,
    pub def: u16,
    pub written_atk: u16,
    pub written_def: u16,
}

/// Every hero of `seat`, left to back: ATK and DEF (not attacking), all from one look at the field. Cheaper than
/// [`atk`] and [`def`] per hero, which each work the whole field out again.
pub fn side(state: &MatchState, seat: Seat) -> [HeroStats; 4] {
    let field = Field::of(state, seat);
    Position::each(|p| both_in(state, &field, p, None, |_| {}, |_| {}))
}

/// Every term of the stat in play, in the order the rules apply them; they sum to [`current`]. `attacking` is
/// the defending player while the hero is attacking (CR 203.1h), for "while attacking (that opponent)" bonuses
/// (MP-40), and `None` otherwise. Terms that change nothing are
/// left out, except the written stat and an Invert. Returns the written stat ([`written`]), which it works out on
/// the way, so a view need not ask for it again.
pub fn each_term(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    stat: Stat,
    attacking: Option<Seat>,
    emit: impl FnMut(StatTerm),
) -> u16 {
    each_term_in(state, &Field::of(state, seat), pos, stat, attacking, emit)
}

/// [`each_term`] on a field already worked out.
pub(crate) fn each_term_in(
    state: &MatchState,
    field: &Field,
    pos: Position,
    stat: Stat,
    attacking: Option<Seat>,
    emit: impl FnMut(StatTerm),
) -> u16 {
    let s = match stat {
        Stat::Atk => terms_in(state, field, pos, Some(stat), attacking, emit, |_| {}),
        Stat::Def => terms_in(state, field, pos, Some(stat), attacking, |_| {}, emit),
    };
    match stat {
        Stat::Atk => s.written_atk,
        Stat::Def => s.written_def,
    }
}

/// ATK's and DEF's terms together ([`each_term`] for both): what a view shows for every visible hero. What the
/// two share — the hero's printed stats, its Invert, its statics and their conditions — is worked out once.
pub(crate) fn both_in(
    state: &MatchState,
    field: &Field,
    pos: Position,
    attacking: Option<Seat>,
    atk: impl FnMut(StatTerm),
    def: impl FnMut(StatTerm),
) -> HeroStats {
    terms_in(state, field, pos, None, attacking, atk, def)
}

/// The terms of ATK, DEF or both (`only`), handed to `atk` and `def`.
fn terms_in(
    state: &MatchState,
    field: &Field,
    pos: Position,
    only: Option<Stat>,
    attacking: Option<Seat>,
    atk: impl FnMut(StatTerm),
    def: impl FnMut(StatTerm),
) -> HeroStats {
    let seat = field.seat;
    let (want_atk, want_def) = (only != Some(Stat::Def), only != Some(Stat::Atk));
    let (mut a, mut d) = (Terms { total: 0, emit: atk }, Terms { total: 0, emit: def });
    let altered = &field.altered[pos.index()];
    let invert = altered.inverted_by;
    let dread = is_dread_blader(field, pos);
    let mut out = HeroStats::default();
    if want_atk {
        out.written_atk = written_terms(state, field, pos, Stat::Atk, invert, dread, &mut a);
    }
    if want_def {
        out.written_def = written_terms(state, field, pos, Stat::Def, invert, dread, &mut d);
    }
    // Bonuses (CR 605.1): alterations first, a run of them from one card as one term (only ATK has them).
    if want_atk && altered.atk_bonus {
        let mut run: Option<(CardDefId, i32)> = None;
        for alteration in effects::alterations_of(state, seat, pos) {
            let AlterKind::Atk(n) = alteration.kind else { continue };
            match &mut run {
                Some((card, sum)) if *card == alteration.source => *sum += n as i32,
                _ => {
                    if let Some((card, sum)) = run.take() {
                        a.push(StatSource::Bonus, sum, Some(card));
                    }
                    run = Some((alteration.source, n as i32));
                }
            }
        }
        if let Some((card, sum)) = run {
            a.push(StatSource::Bonus, sum, Some(card));
        }
    }
    let effect = field.active[pos.index()];
    for s in field.statics[pos.index()] {
        match s {
            Static::Bonus { bonus, when }
                if effects::condition_holds_with(state, seat, pos, when, attacking, |p| field.live[p.index()]) =>
            {
                let source = if when.attacking { StatSource::WhileAttacking } else { StatSource::Effect };
                if want_atk && bonus.atk != 0 {
                    a.push(source, bonus.atk as i32, effect);
                }
                if want_def && bonus.def != 0 {
                    d.push(source, bonus.def as i32, effect);
                }
            }
            Static::BonusPerOtherHeroWithGem { atk: n, gem } if want_atk => {
                let others = Position::ALL
                    .into_iter()
                    .filter(|p| *p != pos && effects::gems::type_in_pool(state, seat, *p, *gem, &field.pool(state, *p)))
                    .count() as i32;
                if others > 0 && *n != 0 {
                    a.push(StatSource::PerHeroWithGem, *n as i32 * others, effect);
                }
            }
            _ => {}
        }
    }
    if a.total < 0 {
        a.push(StatSource::Floor, -a.total, None);
    }
    if d.total < 0 {
        d.push(StatSource::Floor, -d.total, None);
    }
    out.atk = a.total as u16;
    out.def = d.total as u16;
    out
}

/// The terms of the written stat (CR 624.1): the hero's or its blend's printed stat (CR 302.8), gated (CR 300.5),
/// swapped by Invert (CR 624.1c), or Dread Blader's; each term is the change from the one before. Returns the
/// written stat.
fn written_terms<F: FnMut(StatTerm)>(
    state: &MatchState,
    field: &Field,
    pos: Position,
    stat: Stat,
    invert: Option<CardDefId>,
    dread: bool,
    terms: &mut Terms<F>,
) -> u16 {
    let hero = state.hero(field.seat, pos);
    let (source, card) = match hero.blend {
        Some(blend) => (StatSource::Blend, blend.def),
        None => (StatSource::Written, hero.card.def),
    };
    terms.push(source, printed(state, field, pos, stat, false) as i32, Some(card));
    let gated = printed(state, field, pos, stat, true) as i32;
    if gated != terms.total {
        terms.push(StatSource::ActivationGem, gated - terms.total, Some(hero.card.def));
    }
    let swapped = match invert {
        Some(invert) => {
            let after = printed(state, field, pos, stat.other(), true) as i32;
            terms.push(StatSource::Invert, after - terms.total, Some(invert));
            stat.other()
        }
        None => stat,
    };
    // Anyone but Dread Blader: the written stat is the printed one after Invert's swap, which the terms say now.
    if dread {
        let written = highest_other(state, field, pos, swapped) as i32;
        if written != terms.total {
            terms.push(StatSource::HighestOnField, written - terms.total, field.active[pos.index()]);
        }
    }
    terms.total as u16
}

/// The stat in play: the sum of its terms, never below 0 (CR 605.1c).
pub fn current(state: &MatchState, seat: Seat, pos: Position, stat: Stat, attacking: Option<Seat>) -> u16 {
    current_in(state, &Field::of(state, seat), pos, stat, attacking)
}

/// [`current`] on a field already worked out.
pub(crate) fn current_in(state: &MatchState, field: &Field, pos: Position, stat: Stat, attacking: Option<Seat>) -> u16 {
    let s = terms_in(state, field, pos, Some(stat), attacking, |_| {}, |_| {});
    match stat {
        Stat::Atk => s.atk,
        Stat::Def => s.def,
    }
}

/// The defending player of the hero at `pos`'s attack under way: declared in it and not dropped for having 0 ATK
/// (CR 203.1h, 204.1), against that player's hero (MP-10). `None` while it is not attacking.
pub fn attack_defender(state: &MatchState, seat: Seat, pos: Position) -> Option<Seat> {
    state.frames.iter().find_map(|f| match f {
        Frame::Attack(a) if a.seat == seat => {
            a.attackers.iter().find(|x| x.hero == pos && !x.dropped).map(|x| x.defender(&state.table, seat))
        }
        _ => None,
    })
}

/// Whether the hero at `pos` is attacking now ([`attack_defender`]).
pub fn is_attacking(state: &MatchState, seat: Seat, pos: Position) -> bool {
    attack_defender(state, seat, pos).is_some()
}

pub fn atk(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Atk, None)
}

pub fn def(state: &MatchState, seat: Seat, pos: Position) -> u16 {
    current(state, seat, pos, Stat::Def, None)
}

/// ATK while attacking `defender`'s hero (CR 203.1h; MP-40: Burn Fowl's and Pearl Deceptor's bonus depend on it).
pub fn attacking_atk(state: &MatchState, seat: Seat, pos: Position, defender: Seat) -> u16 {
    current(state, seat, pos, Stat::Atk, Some(defender))
}

#[cfg(test)]
mod tests;
