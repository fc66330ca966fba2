//! The fast path of the Swiss matching, exact by a certificate. The dense blossom is O(n³): about 0.4 s for 1,024
//! players. But the weight's tiers have lower bounds that a pairing score group by score group can meet:
//! - tier 1 (bye level) ≥ `b`, the lowest level with a player who has not had a bye;
//! - with the bye at level `b`, a boundary with an odd number of players above it (the bye's receiver not
//!   counted) is crossed by at least one pair, so tier 2 (crossings) ≥ the number of odd boundaries;
//! - tier 3 (gap²) ≥ tier 2; and when both are met every crossing pair has gap 1 and each odd boundary is crossed
//!   exactly once, which fixes tier 4 (height) as well.
//!
//! So a perfect matching in which the bye is at level `b`, each odd boundary is crossed by one pair of adjacent
//! groups and no other pair leaves its group is optimal for the full weight. This module looks for one from the
//! top group down, one small matching per group (one player floats down where the boundary below is odd), and
//! gives up (`None`, and the caller solves the whole graph) if a group cannot be paired that way.
use super::swiss::Field;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Vertex {
    Player(usize),
    /// The player who floated down from the group above; paired inside this group.
    Floater(usize),
    Bye,
    /// The slot of the player who floats down to the next group.
    Down,
}

pub(crate) fn solve_by_groups(field: &Field) -> Option<Vec<Option<Option<usize>>>> {
    let n = field.len();
    let mut groups: Vec<u32> = field.points.clone();
    groups.sort_unstable();
    groups.dedup();
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    for v in 0..n {
        members[groups.binary_search(&field.points[v]).unwrap()].push(v);
    }
    let bye_level = if n % 2 == 1 {
        Some((0..groups.len()).find(|&l| members[l].iter().any(|&v| !field.had_bye[v]))?)
    } else {
        None
    };
    let mut mate: Vec<Option<Option<usize>>> = vec![None; n];
    let mut incoming: Option<usize> = None;
    for level in (0..groups.len()).rev() {
        let mut verts: Vec<Vertex> = members[level].iter().map(|&v| Vertex::Player(v)).collect();
        verts.extend(incoming.map(Vertex::Floater));
        if bye_level == Some(level) {
            verts.push(Vertex::Bye);
        }
        if verts.len() % 2 == 1 {
            if level == 0 {
                return None;
            }
            verts.push(Vertex::Down);
        }
        let k = verts.len();
        let legal = |a: Vertex, b: Vertex| match (a, b) {
            (Vertex::Player(x) | Vertex::Floater(x), Vertex::Player(y)) | (Vertex::Player(x), Vertex::Floater(y)) => {
                field.legal(x, Some(y))
            }
            (Vertex::Player(x), Vertex::Bye) | (Vertex::Bye, Vertex::Player(x)) => field.legal(x, None),
            (Vertex::Player(_), Vertex::Down) | (Vertex::Down, Vertex::Player(_)) => true,
            _ => false,
        };
        let weights: Vec<i32> =
            (0..k * k).map(|i| i32::from(i / k != i % k && legal(verts[i / k], verts[i % k]))).collect();
        let local = integer_blossom::max_weight_matching(&weights, k);
        incoming = None;
        for (i, m) in local.iter().enumerate() {
            let other = verts[(*m)?];
            match (verts[i], other) {
                (Vertex::Player(x) | Vertex::Floater(x), Vertex::Player(y) | Vertex::Floater(y)) => {
                    mate[x] = Some(Some(y))
                }
                (Vertex::Player(x), Vertex::Bye) => mate[x] = Some(None),
                (Vertex::Player(x), Vertex::Down) => incoming = Some(x),
                _ => {}
            }
        }
    }
    Some(mate)
}
