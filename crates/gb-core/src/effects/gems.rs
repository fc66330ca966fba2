//! What gems a hero counts: its equipped gem cards, Electrogems that Magnet lets count as any basic type, and
//! Gourmet Guider's invisible gems of any basic type (CR 614, 625). One gem counts as one type at a time
//! (CR 625.1a), so requirements are matched with each gem used once.
use super::program::Static;
use crate::cards::GemType;
use crate::ids::{Position, Seat};
use crate::state::MatchState;

/// Gems counted by type, indexed by `GemType as usize`. Sixteen wide, the last seven always 0, so that comparing
/// two counts is one pass over one vector register (`GemPool::meets_counts`; issue 14).
pub(crate) type GemCounts = [u8; 16];

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GemPool {
    /// Equipped gem cards by type.
    pub cards: GemCounts,
    /// How many of the equipped Electrogems may count as any type (Magnet; never invisible ones, CR 614.4a).
    pub flex_electro: u8,
    /// Invisible gems of any basic type (Gourmet Guider).
    pub invisible_any: u8,
}

impl GemPool {
    /// The fewest any-type gems needed to cover `required` (each gem used once), or `None` if it cannot be met.
    /// Written as plain loops: legal intents, `check` and every step of `drive` ask it (issue 14).
    fn wildcards_needed(&self, required: &[GemType]) -> Option<u8> {
        let electro = GemType::Electrogem as usize;
        let mut best: Option<u8> = None;
        // k: how many Electrogems count as any type instead of as Electrogems (Magnet, CR 614.4a).
        for k in 0..=self.flex_electro.min(self.cards[electro]) {
            // Each required gem takes an equipped gem of its type while one is left, else counts as missing.
            let mut have = self.cards;
            have[electro] -= k;
            let mut deficit = 0u8;
            for t in required {
                match &mut have[*t as usize] {
                    0 => deficit += 1,
                    n => *n -= 1,
                }
            }
            if deficit <= k + self.invisible_any {
                best = Some(best.map_or(deficit, |b| b.min(deficit)));
            }
        }
        best
    }

    #[cfg(test)]
    pub(crate) fn meets(&self, required: &[GemType]) -> bool {
        self.meets_counts(&counts(required))
    }

    /// [`meets`](Self::meets) for a requirement already counted by type (`CardDef::gem_need`), in one pass and
    /// no branch per gem: candidate lists ask it for every blend card in hand and every hero (issue 14).
    /// Counting k Electrogems as any type (Magnet, CR 614.4a) adds k wildcards and at most k to the deficit, so
    /// the most it allows is never worse than fewer: only that k is tried, where `wildcards_needed` tries each.
    #[inline]
    pub(crate) fn meets_counts(&self, need: &GemCounts) -> bool {
        let electro = GemType::Electrogem as usize;
        let flex = self.flex_electro.min(self.cards[electro]);
        let mut have = self.cards;
        have[electro] -= flex;
        let deficit: u8 = need.iter().zip(have).map(|(n, h)| n.saturating_sub(h)).sum();
        deficit <= flex + self.invisible_any
    }

    /// Whether the hero "has at least 1" gem of `t` while its blend's requirement stays covered (CR 625.1a).
    pub(crate) fn has_type(&self, t: GemType, blend_requirement: &[GemType]) -> bool {
        if self.cards[t as usize] > 0 {
            return true;
        }
        let wild = self.flex_electro.min(self.cards[GemType::Electrogem as usize]) + self.invisible_any;
        match self.wildcards_needed(blend_requirement) {
            Some(used) => wild > used,
            None => false,
        }
    }
}

/// A gem requirement counted by type (`GemType as usize`), as [`GemPool::meets_counts`] takes it.
pub(crate) fn counts(required: &[GemType]) -> GemCounts {
    let mut need = [0u8; 16];
    for t in required {
        need[*t as usize] += 1;
    }
    need
}

/// Stars in a player's action meter (Gourmet Guider counts them).
fn meter_stars(state: &MatchState, seat: Seat) -> u8 {
    state.player(seat).meter.iter().map(|c| c.def.def().stars).sum()
}

/// Invisible gems the other heroes give this one (Gourmet Guider). Only unconditional blend effects grant them,
/// so this reads the other heroes' effects without asking whether they are usable; that keeps activation-gem
/// checks (which count invisible gems, CR 300.5f) from chasing each other around the field.
pub(crate) fn invisible_any(state: &MatchState, seat: Seat, pos: Position) -> u8 {
    let active = Position::each(|p| if p == pos { None } else { super::active_effect(state, seat, p) });
    invisible_from(state, seat, pos, &active)
}

/// [`invisible_any`] from the field's active effects (by position index), already worked out.
fn invisible_from(state: &MatchState, seat: Seat, pos: Position, active: &[Option<crate::cards::CardDefId>; 4]) -> u8 {
    invisible_with(pos, active, || meter_stars(state, seat))
}

/// [`invisible_any`] for every hero of `seat` (`Field::of`, which asks only when some hero's effect gives them:
/// most fields have no Fine Dining at all): the meter's stars are counted once, not once per hero and static
/// (issue 14).
pub(super) fn invisible_all(state: &MatchState, seat: Seat, active: &[Option<crate::cards::CardDefId>; 4]) -> [u8; 4] {
    let stars = meter_stars(state, seat);
    Position::each(|pos| invisible_with(pos, active, || stars))
}

/// What the other heroes' Fine Dining statics give the hero at `pos`, with the meter's stars asked of `stars`.
fn invisible_with(pos: Position, active: &[Option<crate::cards::CardDefId>; 4], stars: impl Fn() -> u8) -> u8 {
    let mut n = 0u8;
    for other in Position::ALL.into_iter().filter(|p| *p != pos) {
        let Some(effect) = active[other.index()] else { continue };
        if let Some(super::program::Program::Static { statics, .. }) = super::program(effect) {
            for s in statics {
                if let Static::InvisibleGemsPerStar { max } = s {
                    // "Each hero cannot have more than 3 invisible gems from Fine Dining effects."
                    n = (n + stars()).min(*max);
                }
            }
        }
    }
    n
}

/// The hero's gem pool, with its invisible gems and the other heroes' statics given (`Field::pool`).
pub(super) fn pool_with(
    state: &MatchState,
    seat: Seat,
    pos: Position,
    invisible_any: u8,
    statics: impl Fn(Position) -> &'static [Static],
) -> GemPool {
    let flex_electro = flex_for(pos, |o| flex_given(statics(o)));
    GemPool { invisible_any, flex_electro, ..own_pool(state, seat, pos) }
}

/// [`pool_with`] for every hero of `seat` at once (`Field::pools`): what each hero's statics let Electrogems count
/// as is read once for all four, where each hero's pool reads the three others' (issue 14).
pub(super) fn pools_with(
    state: &MatchState,
    seat: Seat,
    invisible_any: &[u8; 4],
    statics: &[&'static [Static]; 4],
) -> [GemPool; 4] {
    let given = Position::each(|p| flex_given(statics[p.index()]));
    // Most fields have no Magnet: no other hero to look at then.
    let none = given == [0; 4];
    Position::each(|pos| GemPool {
        invisible_any: invisible_any[pos.index()],
        flex_electro: if none { 0 } else { flex_for(pos, |o| given[o.index()]) },
        ..own_pool(state, seat, pos)
    })
}

/// The most Electrogems another hero's statics let the hero at `pos` count as any type (Magnet, CR 614.4a), from
/// what each hero's statics give (`given`).
fn flex_for(pos: Position, given: impl Fn(Position) -> u8) -> u8 {
    Position::ALL.into_iter().filter(|p| *p != pos).map(given).max().unwrap_or(0)
}

/// How many Electrogems a hero's statics let the other heroes count as any type (Magnet, CR 614.4a).
fn flex_given(statics: &[Static]) -> u8 {
    let mut most = 0;
    for s in statics {
        if let Static::FlexGems { gem: GemType::Electrogem, max } = s {
            most = most.max(*max);
        }
    }
    most
}

/// The hero's equipped gem cards alone, without what the other heroes give it (Magnet, Gourmet Guider).
pub(crate) fn own_pool(state: &MatchState, seat: Seat, pos: Position) -> GemPool {
    let mut pool = GemPool::default();
    for t in state.hero(seat, pos).gem_types() {
        pool.cards[t as usize] += 1;
    }
    pool
}

/// Whether the hero's gem pool, with what the other heroes give it, covers a requirement counted by type
/// (`CardDef::gem_need`; CR 302.3, 302.6).
pub(crate) fn meets_requirement(state: &MatchState, seat: Seat, pos: Position, need: &GemCounts) -> bool {
    super::field::LazyField::new(state, seat).meets(pos, need)
}

/// At least one gem, invisible ones included, for activation gems (CR 300.5f).
pub(crate) fn has_any_gem(state: &MatchState, seat: Seat, pos: Position) -> bool {
    state.hero(seat, pos).has_gem() || invisible_any(state, seat, pos) > 0
}

/// Which of `gems` (a hero's gem cards) a "discard 1 X and 1 Y on this hero" takes, by index, or `None` if they
/// cannot pay it: a gem card of the type, else an Electrogem that Magnet treats as that type (`flex_electro` of
/// them at most, one type each). RULINGS gems "treated as" a type, CR 625.1a; invisible gems are never discarded
/// (CR 614.3). Taking printed types first is never worse: every other stand-in is an Electrogem either way.
pub(crate) fn gems_to_discard(gems: &[crate::state::Card], flex_electro: u8, wanted: &[GemType]) -> Option<Vec<usize>> {
    let type_of = |i: usize| gems[i].def.def().gem_type;
    let mut taken: Vec<usize> = Vec::with_capacity(wanted.len());
    let mut flex_left = flex_electro;
    for t in wanted {
        let free = |i: &usize| !taken.contains(i);
        let printed = (0..gems.len()).filter(free).find(|i| type_of(*i) == Some(*t));
        let treated = || {
            (flex_left > 0).then(|| (0..gems.len()).filter(free).find(|i| type_of(*i) == Some(GemType::Electrogem)))?
        };
        let i = match printed {
            Some(i) => i,
            None => {
                let i = treated()?;
                flex_left -= 1;
                i
            }
        };
        taken.push(i);
    }
    Some(taken)
}

/// Whether `pool`, the hero's, has a gem of `t` to spare beside its blend's requirement (CR 625.1a).
pub(crate) fn type_in_pool(state: &MatchState, seat: Seat, pos: Position, t: GemType, pool: &GemPool) -> bool {
    let required = state.hero(seat, pos).blend.map(|b| b.def.def().gems.as_slice()).unwrap_or(&[]);
    pool.has_type(t, required)
}

#[cfg(test)]
mod tests {
    use super::*;
    use GemType::*;

    fn pool(cards: &[GemType], flex: u8, invisible: u8) -> GemPool {
        let mut p = GemPool { flex_electro: flex, invisible_any: invisible, ..Default::default() };
        for c in cards {
            p.cards[*c as usize] += 1;
        }
        p
    }

    #[test]
    fn plain_gems_cover_requirements_one_for_one() {
        assert!(pool(&[Nocturnagem, Luciogem], 0, 0).meets(&[Nocturnagem, Luciogem]));
        assert!(!pool(&[Nocturnagem], 0, 0).meets(&[Nocturnagem, Nocturnagem]));
    }

    /// CR 614.4a, 625: Magnet lets up to 2 Electrogems stand in for other types, each once.
    #[test]
    fn flex_electrogems_stand_in_for_any_type() {
        assert!(pool(&[Electrogem, Electrogem], 2, 0).meets(&[Pyrogem, Aquagem]));
        assert!(!pool(&[Electrogem, Electrogem, Electrogem], 2, 0).meets(&[Pyrogem, Aquagem, Cryogem]));
        assert!(pool(&[Electrogem], 2, 0).meets(&[Electrogem]));
    }

    /// The one-pass check agrees with trying every number of Electrogems counted as any type, over every pool of
    /// up to four gems with flex and invisible gems and every requirement of up to three gems (CR 302.3, 614.4a).
    #[test]
    fn meets_counts_agrees_with_trying_each_flex() {
        let types = [Electrogem, Pyrogem, Aquagem, Cryogem];
        let lists = |max: usize| {
            let mut all: Vec<Vec<GemType>> = vec![vec![]];
            for len in 1..=max {
                let mut idx = vec![0usize; len];
                loop {
                    all.push(idx.iter().map(|i| types[*i]).collect());
                    let Some(i) = (0..len).rev().find(|i| idx[*i] + 1 < types.len()) else { break };
                    idx[i] += 1;
                    idx[i + 1..].fill(0);
                }
            }
            all
        };
        let (pools, reqs) = (lists(4), lists(3));
        let mut checked = 0;
        for cards in &pools {
            for flex in 0..=2 {
                for invisible in 0..=2 {
                    let p = pool(cards, flex, invisible);
                    for req in &reqs {
                        assert_eq!(
                            p.meets(req),
                            p.wildcards_needed(req).is_some(),
                            "{cards:?} {flex} {invisible} {req:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }

    /// CR 625.1a: a gem used as a Pyrogem for a blend cannot also count as a Cryogem.
    #[test]
    fn a_wildcard_counts_as_one_type_at_a_time() {
        let p = pool(&[Aerogem], 0, 1);
        assert!(p.has_type(Cryogem, &[]));
        assert!(!p.has_type(Cryogem, &[Aerogem, Pyrogem]));
        assert!(pool(&[Aerogem], 0, 2).has_type(Cryogem, &[Aerogem, Pyrogem]));
    }
}
