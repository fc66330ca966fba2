//! Swiss rounds after the first, as one maximum-weight matching over the legal pairs (Edmonds' blossom algorithm),
//! as lichess, bbpPairings, cobra and karlosss/swisspair do, never a greedy pass. Solved score group by score group
//! when lower bounds prove that optimal (`groups.rs`), else over the whole graph warm-started and certified
//! (`warm.rs`), with `integer-blossom`'s dense O(n³) solver (`solve_whole`) as the reference and last resort.
//!
//! **The graph.** A vertex per present player, plus a phantom *bye* vertex when their number is odd. An edge joins
//! two players who have not met before (no rematch, MTR/FIDE), and the bye to a player who has not had a bye.
//! Absent edges are the hard rules: if no matching pairs everybody, the round has no legal pairing and says so.
//!
//! **The weight.** Score groups are the distinct match-point totals of the present players (never tiebreakers,
//! DCI), numbered by *level* from 0 for the lowest. Each edge gets `BIG − cost`, where `cost` packs four tiers
//! so that any amount of a lower tier is worth less than one unit of the tier above:
//! 1. **bye level**: the level of the player given the bye, so it goes to the lowest group that has a player
//!    without one (MTGO, FIDE);
//! 2. **pair-downs**: the score-group boundaries a pair crosses (0 inside a group), so there are as few
//!    pair-downs as possible; a pair skipping a group counts as two;
//! 3. **gap²**: the square of that distance, so of two ways with as many crossings, two adjacent pair-downs beat
//!    one pair skipping a group (DCI: an odd group pairs down into the *next* group);
//! 4. **height**: the sum of the levels of the boundaries crossed, so pair-downs happen as low as possible.
//!
//! `BIG` exceeds the largest total cost of any matching, so a matching with one more pair always weighs more:
//! the maximum-weight matching is a maximum matching (everyone paired if that is possible at all), and among
//! those it minimises the tiers in order. Inside a group every pairing costs the same; the vertices are
//! shuffled from the round's seeded stream first, so which equal-cost pairing comes out is random and
//! reproducible.
use super::{PairingError, PlanBuilder, RoundPlan};
use crate::ledger::{Ledger, Slot};
use crate::standings::standings_of;
use gb_core::rng::MatchRng;
use std::collections::HashSet;

/// Everything the weight depends on, for the present players in vertex order.
#[derive(Clone, Debug)]
pub struct Field {
    /// Match points of each vertex's player.
    pub points: Vec<u32>,
    /// Has each vertex's player had a bye already?
    pub had_bye: Vec<bool>,
    /// Pairs of vertices that have already met.
    pub met: HashSet<(usize, usize)>,
}

/// The cost tiers of one edge and their packing into one integer.
#[derive(Clone, Debug)]
pub struct Weights {
    level: Vec<u32>,
    /// Multipliers of tiers 1 to 3 (tier 4's is 1).
    scale: [i128; 3],
    /// Per-edge base: larger than the total cost of any matching.
    pub big: i128,
}

impl Field {
    pub fn len(&self) -> usize {
        self.points.len()
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    pub fn has_met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }

    /// The legal partners: a player not met before, or (as `None`) the bye if not had.
    pub fn legal(&self, a: usize, b: Option<usize>) -> bool {
        match b {
            Some(b) => a != b && !self.has_met(a, b),
            None => !self.had_bye[a],
        }
    }

    pub fn weights(&self) -> Weights {
        let mut groups: Vec<u32> = self.points.clone();
        groups.sort_unstable();
        groups.dedup();
        let level: Vec<u32> = self.points.iter().map(|p| groups.binary_search(p).unwrap() as u32).collect();
        let g = groups.len() as i128;
        let pairs = (self.len() as i128 + 1) / 2 + 1;
        // Largest total of each tier over a whole matching, plus one.
        let height_max = pairs * g * g + 1;
        let gap2_max = pairs * g * g + 1;
        let crossings_max = pairs * g + 1;
        let bye_max = g + 1;
        let s3 = height_max;
        let s2 = s3 * gap2_max;
        let s1 = s2 * crossings_max;
        Weights { level, scale: [s1, s2, s3], big: s1 * bye_max }
    }
}

impl Weights {
    /// The cost of pairing `a` with `b`, or with the bye (`None`).
    pub fn cost(&self, a: usize, b: Option<usize>) -> i128 {
        let la = i128::from(self.level[a]);
        let Some(b) = b else { return la * self.scale[0] };
        let lb = i128::from(self.level[b]);
        let (lo, hi) = (la.min(lb), la.max(lb));
        let gap = hi - lo;
        // Boundary k lies between levels k−1 and k; the pair crosses boundaries lo+1..=hi.
        let height: i128 = (lo + 1..=hi).sum();
        gap * self.scale[1] + gap * gap * self.scale[2] + height
    }

    pub fn weight(&self, a: usize, b: Option<usize>) -> i128 {
        self.big - self.cost(a, b)
    }
}

/// A maximum-weight matching of `field`: `mate[v]` is `Some(Some(w))` for a partner, `Some(None)` for the bye,
/// `None` for unmatched. Score group by score group when that provably reaches the optimum (`groups.rs`), else
/// over the whole graph from a warm start (`warm.rs`).
pub fn solve(field: &Field) -> Vec<Option<Option<usize>>> {
    solve_traced(field).0
}

/// Which solver gave a matching (for tests and benchmarks: all three reach the same, optimal, cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// Score group by score group, optimal by the lower bounds of `groups.rs`.
    ByGroups,
    /// The whole graph, warm-started and certified by its duals (`warm.rs`).
    WarmBlossom,
    /// The dense O(n³) blossom over the whole weight matrix: only if the certificate failed.
    Dense,
}

/// [`solve`], and which solver answered.
pub fn solve_traced(field: &Field) -> (Vec<Option<Option<usize>>>, Solver) {
    if let Some(mate) = super::groups::solve_by_groups(field) {
        return (mate, Solver::ByGroups);
    }
    match super::warm::solve(field) {
        Some(mate) => (mate, Solver::WarmBlossom),
        None => (solve_whole(field), Solver::Dense),
    }
}

/// [`solve`] without the score-group pass: the warm-started whole-graph solver alone, to compare it with the
/// others on any field (`None` only if its certificate failed).
pub fn solve_warm(field: &Field) -> Option<Vec<Option<Option<usize>>>> {
    super::warm::solve(field)
}

/// The maximum-weight matching over the whole graph (vertex `n`, when `n` is odd, is the bye).
pub fn solve_whole(field: &Field) -> Vec<Option<Option<usize>>> {
    let n = field.len();
    let with_bye = n % 2 == 1;
    let v = n + usize::from(with_bye);
    let w = field.weights();
    let edge = |a: usize, b: usize| -> i128 {
        let partner = (b < n).then_some(b);
        if a < n && field.legal(a, partner) { w.weight(a, partner) } else { 0 }
    };
    // i64 is enough for any real event and twice as fast; the solver doubles weights, so keep a margin.
    let mate = if w.big < (i64::MAX / 16) as i128 {
        let m: Vec<i64> = (0..v * v).map(|k| edge(k / v, k % v).max(edge(k % v, k / v)) as i64).collect();
        integer_blossom::max_weight_matching(&m, v)
    } else {
        let m: Vec<i128> = (0..v * v).map(|k| edge(k / v, k % v).max(edge(k % v, k / v))).collect();
        integer_blossom::max_weight_matching(&m, v)
    };
    (0..n).map(|a| mate[a].map(|b| (b < n).then_some(b))).collect()
}

/// The present players' field, in the order given.
pub(crate) fn field_of(ledger: &Ledger<'_>, players: &[usize]) -> Field {
    let standings = standings_of(ledger);
    let mut points = vec![0; ledger.t.players.len()];
    for s in &standings.players {
        points[ledger.player(&s.player).unwrap()] = s.match_points;
    }
    let vertex: std::collections::HashMap<usize, usize> = players.iter().enumerate().map(|(v, &p)| (p, v)).collect();
    let mut had_bye = vec![false; players.len()];
    let mut met = HashSet::new();
    for slot in ledger.rounds.iter().flatten() {
        match *slot {
            Slot::Bye(p) => {
                if let Some(&v) = vertex.get(&p) {
                    had_bye[v] = true;
                }
            }
            Slot::Match { players: [a, b], .. } => {
                if let (Some(&x), Some(&y)) = (vertex.get(&a), vertex.get(&b)) {
                    met.insert((x.min(y), x.max(y)));
                }
            }
        }
    }
    Field { points: players.iter().map(|&p| points[p]).collect(), had_bye, met }
}

pub(crate) fn pair(
    ledger: &Ledger<'_>,
    round: u32,
    mut players: Vec<usize>,
    stream: &mut MatchRng,
) -> Result<RoundPlan, PairingError> {
    stream.shuffle(&mut players);
    let field = field_of(ledger, &players);
    let mate = solve(&field);
    let id = |v: usize| ledger.t.players[players[v]].id.as_str();
    // In file order, so the report does not depend on the shuffle.
    let mut unpaired: Vec<usize> = (0..players.len()).filter(|&v| mate[v].is_none()).map(|v| players[v]).collect();
    if !unpaired.is_empty() {
        unpaired.sort_unstable();
        let unpaired = unpaired.into_iter().map(|p| ledger.t.players[p].id.clone()).collect();
        return Err(PairingError::NoLegalPairing { round, unpaired });
    }
    // Tables from the top group down, so table 1 is the top of the standings.
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(field.points[v]));
    let mut builder = PlanBuilder::new(ledger, round);
    let mut placed = vec![false; players.len()];
    for &a in &order {
        if std::mem::replace(&mut placed[a], true) {
            continue;
        }
        match mate[a].unwrap() {
            Some(b) => {
                placed[b] = true;
                builder.table(players[a], players[b]);
                if field.points[a] != field.points[b] {
                    builder.explain(format!(
                        "{} ({} points) paired down to {} ({} points)",
                        id(a),
                        field.points[a],
                        id(b),
                        field.points[b]
                    ));
                }
            }
            None => builder.bye(
                players[a],
                format!("{}: bye, the lowest score ({} points) of the players without one", id(a), field.points[a]),
            ),
        }
    }
    Ok(builder.finish(super::Phase::Swiss { of: 0 }))
}

/// The field the next Swiss round is paired over, for `players` in that order: to audit a pairing (its cost
/// under [`Field::weights`]) or to compare it with another.
pub fn field_for_next_round(
    t: &crate::Tournament,
    players: &[crate::PlayerId],
) -> Result<Field, crate::TournamentError> {
    let ledger = Ledger::build(t)?;
    let indices = players
        .iter()
        .map(|id| {
            ledger.player(id).ok_or_else(|| crate::TournamentError {
                path: String::new(),
                message: format!("\"{id}\" is not a registered player"),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(field_of(&ledger, &indices))
}
