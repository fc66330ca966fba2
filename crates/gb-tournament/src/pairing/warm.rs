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
    let n = field.len();
    let v = n + n % 2;
    let w = field.weights();
    // One bit per pair: the met set is a hash set, too slow to ask for every edge the search looks at.
    let mut met = vec![0u64; (n * n).div_ceil(64)];
    for &(a, b) in &field.met {
        for k in [a * n + b, b * n + a] {
            met[k / 64] |= 1 << (k % 64);
        }
    }
    let has_met = |a: usize, b: usize| met[(a * n + b) / 64] >> ((a * n + b) % 64) & 1 == 1;
    let weight = |a: usize, b: usize| -> Option<i128> {
        let (a, b) = (a.min(b), a.max(b));
        if a == b || a >= n {
            None
        } else if b == n {
            (!field.had_bye[a]).then(|| w.weight(a, None))
        } else {
            (!has_met(a, b)).then(|| w.weight(a, Some(b)))
        }
    };
    let warm = greedy(field, &has_met);
    let solution = blossom::max_weight_matching(v, weight, w.big, &warm);
    if !solution.certified(weight) {
        debug_assert!(false, "the warm-started matching failed its certificate");
        return None;
    }
    Some((0..n).map(|a| solution.mate[a].map(|b| (b < n).then_some(b))).collect())
}

/// Pairs each score group inside itself in vertex order (the round's shuffle), skipping rematches, then gives
/// the bye (vertex `n`, when `n` is odd) to the first lowest-group player left over who has not had one: every
/// edge weighs `BIG`, the most any edge weighs.
fn greedy(field: &Field, has_met: &impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let n = field.len();
    let mut by_points: Vec<usize> = (0..n).collect();
    by_points.sort_by_key(|&v| std::cmp::Reverse(field.points[v]));
    let mut free = vec![true; n];
    let mut pairs = Vec::with_capacity(n / 2 + 1);
    for (i, &a) in by_points.iter().enumerate() {
        if !free[a] {
            continue;
        }
        let partner = by_points[i + 1..]
            .iter()
            .take_while(|&&b| field.points[b] == field.points[a])
            .find(|&&b| free[b] && !has_met(a, b));
        if let Some(&b) = partner {
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
