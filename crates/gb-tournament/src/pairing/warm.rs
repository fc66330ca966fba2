//! The Swiss matching when the score-group pass (`groups.rs`) gives up: the same graph and weights as the dense
//! solver (`swiss::solve_whole`), solved by `blossom.rs` without building the n × n weight matrix and from a warm
//! start — each score group paired greedily inside itself (cost 0, so every such pair is tight), and the bye given
//! to a lowest-group player who has not had one. The search then only has to repair what the greedy pass left:
//! the odd player of each group, the pairs a rematch forbids, the groups that must pair down. Its answer is
//! accepted only with a certificate checked over every pair of vertices, so it is a maximum-weight matching of
//! the whole graph, exactly as the dense solver's is (same cost; among equal-cost pairings it may pick another).
use super::blossom;
use super::swiss::Field;

/// The maximum-weight matching of `field` in `swiss::solve`'s form, or `None` if the certificate did not hold
/// (never expected: the caller then solves the dense graph).
pub(crate) fn solve(field: &Field) -> Option<Vec<Option<Option<usize>>>> {
    // Renumbered by score group, highest first (the round's shuffle kept inside each group): the search's scans
    // then meet one group after another, so its branches are predictable (about twice as fast at 1,024).
    let n = field.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| std::cmp::Reverse(field.points[v]));
    let mut at = vec![0; n];
    for (i, &v) in order.iter().enumerate() {
        at[v] = i;
    }
    let sorted = Field {
        points: order.iter().map(|&v| field.points[v]).collect(),
        had_bye: order.iter().map(|&v| field.had_bye[v]).collect(),
        met: field.met.iter().map(|&(a, b)| (at[a].min(at[b]), at[a].max(at[b]))).collect(),
    };
    let mate = solve_sorted(&sorted)?;
    Some((0..n).map(|v| mate[at[v]].map(|m| m.map(|b| order[b]))).collect())
}

fn solve_sorted(field: &Field) -> Option<Vec<Option<Option<usize>>>> {
    let n = field.len();
    let big = field.weights().big;
    // i64 is enough for any real event and faster; duals reach twice a weight, so keep a margin.
    let mate = if big < i128::from(i64::MAX / 16) {
        certified(&Graph::<i64>::new(field))?
    } else {
        certified(&Graph::<i128>::new(field))?
    };
    Some((0..n).map(|a| mate[a].map(|b| (b < n).then_some(b))).collect())
}

/// The field as the search sees it: vertex `n` is the bye (when `n` is odd); an edge's weight is read from a
/// table by its ends' score groups, and rematches from one bit per ordered pair (the met set is a hash set, too
/// slow to ask for every edge the search looks at).
struct Graph<W> {
    n: usize,
    met: Vec<u64>,
    level: Vec<usize>,
    groups: usize,
    table: Vec<W>,
    /// The weight of the bye for each player, `None` for a player who has had one.
    bye: Vec<Option<W>>,
    top: W,
    warm: Vec<(usize, usize)>,
}

impl<W: blossom::Weight + TryFrom<i128>> Graph<W> {
    fn new(field: &Field) -> Self {
        let n = field.len();
        let w = field.weights();
        let narrow = |x: i128| W::try_from(x).unwrap_or_else(|_| unreachable!("checked against BIG"));
        let mut met = vec![0u64; (n * n).div_ceil(64)];
        for &(a, b) in &field.met {
            for k in [a * n + b, b * n + a] {
                met[k / 64] |= 1 << (k % 64);
            }
        }
        let mut points: Vec<u32> = field.points.clone();
        points.sort_unstable();
        points.dedup();
        let groups = points.len();
        let level: Vec<usize> = field.points.iter().map(|p| points.binary_search(p).unwrap()).collect();
        let mut example = vec![0; groups];
        for (v, &l) in level.iter().enumerate() {
            example[l] = v;
        }
        let table = (0..groups * groups).map(|k| narrow(w.weight(example[k / groups], Some(example[k % groups]))));
        let bye = (0..n).map(|a| (!field.had_bye[a]).then(|| narrow(w.weight(a, None)))).collect();
        let mut graph =
            Graph { n, met, level, groups, table: table.collect(), bye, top: narrow(w.big), warm: Vec::new() };
        graph.warm = greedy(field, &|a, b| graph.has_met(a, b));
        graph
    }

    #[inline(always)]
    fn has_met(&self, a: usize, b: usize) -> bool {
        let k = a * self.n + b;
        self.met[k / 64] >> (k % 64) & 1 == 1
    }

    /// Row `a` of the bits and the table, in order while the search scans `a`.
    #[inline(always)]
    fn weight(&self, a: usize, b: usize) -> Option<W> {
        let n = self.n;
        if a < n && b < n {
            (a != b && !self.has_met(a, b)).then(|| self.table[self.level[a] * self.groups + self.level[b]])
        } else if a < n {
            self.bye[a]
        } else if b < n {
            self.bye[b]
        } else {
            None
        }
    }
}

/// The warm-started matching, if its certificate holds.
fn certified<W: blossom::Weight + TryFrom<i128>>(graph: &Graph<W>) -> Option<Vec<Option<usize>>> {
    let weight = |a: usize, b: usize| graph.weight(a, b);
    let v = graph.n + graph.n % 2;
    let solution = blossom::max_weight_matching(v, weight, graph.top, &graph.warm);
    if !solution.certified(weight) {
        debug_assert!(false, "the warm-started matching failed its certificate");
        return None;
    }
    Some(solution.mate)
}

/// Pairs each score group inside itself in vertex order (sorted by group, the round's shuffle inside each),
/// skipping rematches, then gives the bye (vertex `n`, when `n` is odd) to the first lowest-group player left over
/// who has not had one: every edge weighs `BIG`, the most any edge weighs.
fn greedy(field: &Field, has_met: &impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let n = field.len();
    let mut free = vec![true; n];
    let mut pairs = Vec::with_capacity(n / 2 + 1);
    for a in 0..n {
        if !free[a] {
            continue;
        }
        let partner =
            (a + 1..n).take_while(|&b| field.points[b] == field.points[a]).find(|&b| free[b] && !has_met(a, b));
        if let Some(b) = partner {
            free[a] = false;
            free[b] = false;
            pairs.push((a, b));
        }
    }
    let lowest = field.points.iter().min();
    if n % 2 == 1
        && let Some(a) = (0..n).find(|&a| free[a] && Some(&field.points[a]) == lowest && !field.had_bye[a])
    {
        pairs.push((a, n));
    }
    pairs
}
