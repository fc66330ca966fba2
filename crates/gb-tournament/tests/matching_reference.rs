//! The matching solver against the reference cases of Joris van Rantwijk's `mwmatching.py` (the algorithm's
//! published test suite: blossoms created, relabelled, nested and expanded), each also checked against a brute
//! force and by the implicit-graph solver of the Swiss fallback (`pairing/blossom.rs`, whose certificate must
//! hold), and the maximum-cardinality reduction the Swiss pairer relies on (a constant added to every edge).
use gb_tournament::pairing::blossom;
use integer_blossom::max_weight_matching;

type Edges = &'static [(usize, usize, i64)];

fn matrix(n: usize, edges: &[(usize, usize, i64)]) -> Vec<i64> {
    let mut m = vec![0; n * n];
    for &(a, b, w) in edges {
        m[a * n + b] = w;
        m[b * n + a] = w;
    }
    m
}

/// The best total weight over every matching, by enumeration.
fn brute(n: usize, m: &[i64], used: &mut Vec<bool>, from: usize) -> i64 {
    let Some(a) = (from..n).find(|&v| !used[v]) else { return 0 };
    used[a] = true;
    let mut best = brute(n, m, used, a + 1);
    for b in a + 1..n {
        if !used[b] && m[a * n + b] > 0 {
            used[b] = true;
            best = best.max(m[a * n + b] + brute(n, m, used, a + 1));
            used[b] = false;
        }
    }
    used[a] = false;
    best
}

fn total(n: usize, m: &[i64], mate: &[Option<usize>]) -> i64 {
    (0..n).filter_map(|a| mate[a].filter(|&b| b > a).map(|b| m[a * n + b])).sum()
}

fn check(edges: Edges, want: &[i64]) {
    let n = want.len();
    let m = matrix(n, edges);
    let mate = max_weight_matching(&m, n);
    let got: Vec<i64> = mate.iter().map(|x| x.map_or(-1, |b| b as i64)).collect();
    assert_eq!(got, want, "edges {edges:?}");
    assert_eq!(total(n, &m, &mate), brute(n, &m, &mut vec![false; n], 0), "edges {edges:?}");
    // The implicit-graph solver of the Swiss fallback, cold-started: the same matching, and a certificate.
    let weight = |a: usize, b: usize| (m[a * n + b] > 0).then_some(m[a * n + b]);
    let top = m.iter().copied().max().unwrap_or(0);
    let solution = blossom::max_weight_matching(n, weight, top, &[]);
    assert_eq!(solution.mate, mate, "implicit solver, edges {edges:?}");
    assert!(solution.certified(weight), "certificate, edges {edges:?}");
}

#[test]
fn single_edges_and_paths() {
    check(&[(0, 1, 1)], &[1, 0]);
    check(&[(1, 2, 10), (2, 3, 11)], &[-1, -1, 3, 2]);
    check(&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], &[-1, -1, 3, 2, -1]);
}

#[test]
fn maximum_cardinality_by_a_constant_offset() {
    // mwmatching's test14: with max cardinality the path 1-2-3-4 takes both outer edges.
    let edges = [(1, 2, 5), (2, 3, 11), (3, 4, 5)];
    let offset: Vec<(usize, usize, i64)> = edges.iter().map(|&(a, b, w)| (a, b, w + 100)).collect();
    let m = matrix(5, &offset);
    let mate = max_weight_matching(&m, 5);
    assert_eq!(mate, vec![None, Some(2), Some(1), Some(4), Some(3)]);
}

#[test]
fn s_blossoms() {
    check(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], &[-1, 2, 1, 4, 3]);
    check(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)], &[-1, 6, 3, 2, 5, 4, 1]);
}

#[test]
fn t_blossoms() {
    check(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)], &[-1, 6, 3, 2, 5, 4, 1]);
    check(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (1, 6, 4)], &[-1, 6, 3, 2, 5, 4, 1]);
    check(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)], &[-1, 2, 1, 6, 5, 4, 3]);
}

#[test]
fn nested_blossoms_relabelled_and_expanded() {
    check(&[(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)], &[-1, 3, 4, 1, 2, 6, 5]);
    check(
        &[(1, 2, 10), (1, 7, 10), (2, 3, 12), (3, 4, 20), (3, 5, 20), (4, 5, 25), (5, 6, 10), (6, 7, 10), (7, 8, 8)],
        &[-1, 2, 1, 4, 3, 6, 5, 8, 7],
    );
    check(
        &[
            (1, 2, 8),
            (1, 3, 8),
            (2, 3, 10),
            (2, 4, 12),
            (3, 5, 12),
            (4, 5, 14),
            (4, 6, 12),
            (5, 7, 12),
            (6, 7, 14),
            (7, 8, 12),
        ],
        &[-1, 2, 1, 5, 6, 3, 4, 8, 7],
    );
    check(
        &[(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)],
        &[-1, 6, 3, 2, 8, 7, 1, 5, 4],
    );
    check(
        &[(1, 2, 19), (1, 3, 20), (1, 8, 8), (2, 3, 25), (2, 4, 18), (3, 5, 18), (4, 5, 13), (4, 7, 7), (5, 6, 7)],
        &[-1, 8, 3, 2, 7, 6, 5, 4, 1],
    );
}

#[test]
fn nasty_t_blossom_expansions() {
    let base = [(1, 2, 45), (1, 5, 45), (2, 3, 50), (3, 4, 45), (4, 5, 50), (1, 6, 30), (3, 9, 35)];
    let want = [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9];
    for extra in [[(4, 8, 35), (5, 7, 26)], [(4, 8, 26), (5, 7, 40)], [(4, 8, 28), (5, 7, 26)]] {
        let edges: Vec<(usize, usize, i64)> = base.iter().chain(&extra).chain(&[(9, 10, 5)]).copied().collect();
        check(Box::leak(edges.into_boxed_slice()), &want);
    }
    check(
        &[
            (1, 2, 45),
            (1, 7, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 95),
            (4, 6, 94),
            (5, 6, 94),
            (6, 7, 50),
            (1, 8, 30),
            (3, 11, 35),
            (5, 9, 36),
            (7, 10, 26),
            (11, 12, 5),
        ],
        &[-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11],
    );
    check(
        &[
            (1, 2, 40),
            (1, 3, 40),
            (2, 3, 60),
            (2, 4, 55),
            (3, 5, 55),
            (4, 5, 50),
            (1, 8, 15),
            (5, 7, 30),
            (7, 6, 10),
            (8, 10, 10),
            (4, 9, 30),
        ],
        &[-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8],
    );
}
