//! The certificate of `blossom.rs`'s answer: its dual variables, checked against every pair of vertices.
use super::{NONE, Weight, zero};

/// The matching and the duals that prove it maximum.
pub struct Solution<W> {
    /// `mate[v]`: the partner of vertex `v`, if matched.
    pub mate: Vec<Option<usize>>,
    pub(super) n: usize,
    /// 2·u(v) for vertices, z(B) for blossoms (numbered n..2n).
    pub(super) dual: Vec<W>,
    pub(super) parent: Vec<usize>,
    /// The blossoms left at the end.
    pub(super) blossoms: Vec<usize>,
}

impl<W: Weight> Solution<W> {
    /// Checks the certificate against every pair of vertices, `weight` as given to the search: true only if the
    /// matching is a maximum-weight one (complementary slackness of Edmonds' LP for the matching polytope).
    pub fn certified<F: Fn(usize, usize) -> Option<W>>(&self, weight: F) -> bool {
        let n = self.n;
        if self.dual[..n].iter().chain(self.blossoms.iter().map(|&b| &self.dual[b])).any(|&d| d < zero()) {
            return false;
        }
        // The blossoms above each vertex, outermost first.
        let chain = |v: usize| {
            let mut up = Vec::new();
            let mut b = self.parent[v];
            while b != NONE {
                up.push(b);
                b = self.parent[b];
            }
            up.reverse();
            up
        };
        let chains: Vec<Vec<usize>> = (0..n).map(chain).collect();
        for a in 0..n {
            match self.mate[a] {
                Some(b) if self.mate[b] != Some(a) => return false,
                None if self.dual[a] != zero() => return false,
                _ => {}
            }
            for b in a + 1..n {
                let Some(w) = weight(a, b) else {
                    if self.mate[a] == Some(b) {
                        return false;
                    }
                    continue;
                };
                let mut s = self.dual[a] + self.dual[b] - w - w;
                for (x, y) in chains[a].iter().zip(&chains[b]) {
                    if x != y {
                        break;
                    }
                    s = s + self.dual[*x] + self.dual[*x];
                }
                if s < zero() || (self.mate[a] == Some(b) && s != zero()) {
                    return false;
                }
            }
        }
        // A blossom with a positive dual must be full: all its vertices but one matched inside it.
        self.blossoms.iter().filter(|&&b| self.dual[b] > zero()).all(|&b| {
            let inside = |v: usize| chains[v].contains(&b);
            let members = (0..n).filter(|&v| inside(v)).count();
            let paired = (0..n).filter(|&v| inside(v) && self.mate[v].is_some_and(inside)).count();
            members % 2 == 1 && paired == members - 1
        })
    }
}
