//! Maximum-weight matching on an *implicit* graph: Edmonds' primal-dual blossom algorithm as Galil (1986) lays it
//! out and Joris van Rantwijk's `mwmatching.py` implements it (labels S/T, least-slack edges per vertex and per
//! S-blossom, four kinds of dual step), written again here for two things a dense solver cannot do:
//! - **no weight matrix**: an edge's weight is asked of a function when the search needs it, so memory is O(n)
//!   plus one flag per pair, and a stage costs what its alternating trees touch;
//! - **a warm start**: the search starts from a matching of the caller's (edges of the greatest weight `top`, so
//!   every one is tight under the starting duals `top`), and only the vertices it leaves free are searched from.
//!   A Swiss round pairs nearly everybody inside their score group, so a few stages finish the job where a cold
//!   start needs n/2.
//!
//! The answer comes with its **certificate**: the dual variables. [`Solution::certified`] checks them against
//! every pair of vertices (each edge's reduced cost non-negative, matched edges and the free vertices' duals at
//! zero, every blossom with a positive dual full): by LP duality the matching is then a maximum-weight one,
//! whatever the code that found it did.
//!
//! Duals are kept doubled (`dual[v] = 2·u(v)`) so every quantity stays an integer.

mod certificate;
pub use certificate::Solution;

/// "None" for vertex, endpoint, edge and blossom numbers.
const NONE: usize = usize::MAX;
/// An edge `(a, b, weight)`, the weight kept so that its slack needs neither a call to `weight` nor a division.
type Edge<W> = (usize, usize, W);

/// An integer weight: `i64` when the weights allow (about twice as fast), else `i128`.
pub trait Weight:
    Copy
    + Ord
    + std::fmt::Debug
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::AddAssign
    + std::ops::SubAssign
    + From<i32>
{
}
impl Weight for i64 {}
impl Weight for i128 {}

fn zero<W: Weight>() -> W {
    W::from(0)
}
fn no_edge<W: Weight>() -> Edge<W> {
    (NONE, NONE, zero())
}

/// `max_weight_matching(n, weight, top, warm)`: `weight(a, b)` is the weight of edge {a, b} (`None`: no edge; it
/// must be symmetric and at most `top`), `warm` a matching to start from whose every edge weighs exactly `top`.
pub fn max_weight_matching<W: Weight, F: Fn(usize, usize) -> Option<W>>(
    n: usize,
    weight: F,
    top: W,
    warm: &[(usize, usize)],
) -> Solution<W> {
    let mut s = Search::new(n, weight, top);
    for &(a, b) in warm {
        debug_assert_eq!((s.weight)(a, b), Some(top), "a warm-start edge must be tight");
        if s.mate[a] == NONE && s.mate[b] == NONE {
            s.mate[a] = s.ep(a, b);
            s.mate[b] = s.ep(b, a);
        }
    }
    s.run();
    s.solution()
}

struct Search<W, F> {
    n: usize,
    weight: F,
    /// The remote endpoint of `v`'s matched edge, or NONE. An endpoint `p = from·n + to` is the end at `to` of
    /// the edge {from, to}; `p ^ 1` of `mwmatching.py` is `flip(p)`.
    mate: Vec<usize>,
    label: Vec<u8>,
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    endps: Vec<Vec<usize>>,
    /// Least-slack edges.
    best_edge: Vec<Edge<W>>,
    /// The slack of each best edge at the current duals, so a scan compares without reading the far end's dual
    /// (duals only move in `step_duals`, which recomputes these).
    best_slack: Vec<W>,
    blossom_best: Vec<Option<Vec<Edge<W>>>>,
    unused: Vec<usize>,
    dual: Vec<W>,
    /// One bit per ordered pair, set both ways: the scan of `v` reads row `v` in order.
    allowed: Vec<u64>,
    queue: Vec<usize>,
}

impl<W: Weight, F: Fn(usize, usize) -> Option<W>> Search<W, F> {
    fn new(n: usize, weight: F, top: W) -> Self {
        Search {
            n,
            weight,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..2 * n).map(|b| if b < n { b } else { NONE }).collect(),
            endps: vec![Vec::new(); 2 * n],
            best_edge: vec![no_edge(); 2 * n],
            best_slack: vec![zero(); 2 * n],
            blossom_best: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            dual: (0..2 * n).map(|b| if b < n { top } else { zero() }).collect(),
            allowed: vec![0; (n * n).div_ceil(64)],
            queue: Vec::new(),
        }
    }

    fn ep(&self, from: usize, to: usize) -> usize {
        from * self.n + to
    }
    fn end(&self, p: usize) -> usize {
        p % self.n
    }
    fn flip(&self, p: usize) -> usize {
        (p % self.n) * self.n + p / self.n
    }
    /// Marks the edge of endpoint `p` as tight (usable by the search), both ways.
    fn allow(&mut self, p: usize) {
        for q in [p, self.flip(p)] {
            self.allowed[q / 64] |= 1 << (q % 64);
        }
    }
    /// Twice the reduced cost of the edge of endpoint `p` (blossom duals not counted: not for edges inside one).
    fn slack(&self, (a, b, w): Edge<W>) -> W {
        self.dual[a] + self.dual[b] - w - w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.leaves(c, out);
            }
        }
    }
    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// Labels the top-level blossom of `w` with `t` (1 = S, 2 = T), reached through remote endpoint `p`.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = no_edge();
        self.best_edge[b] = no_edge();
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let m = self.mate[self.base[b]];
            self.assign_label(self.end(m), 1, self.flip(m));
        }
    }

    /// Traces back from S-vertices `v` and `w`: the base of the blossom they close, or NONE for an augmenting path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut found = NONE;
        while v != NONE {
            let b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                found = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                let t = self.end(self.label_end[b]);
                v = self.end(self.label_end[self.in_blossom[t]]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        found
    }

    /// A new S-blossom with base `base`, closed by the edge {v, w} between two S-vertices.
    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let bb = self.in_blossom[base];
        let (mut bv, mut bw) = (self.in_blossom[v], self.in_blossom[w]);
        let b = self.unused.pop().expect("at most n blossoms");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let (mut path, mut endps) = (Vec::new(), Vec::new());
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            endps.push(self.label_end[bv]);
            bv = self.in_blossom[self.end(self.label_end[bv])];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(self.ep(w, v));
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            endps.push(self.flip(self.label_end[bw]));
            bw = self.in_blossom[self.end(self.label_end[bw])];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = zero();
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        // The least-slack edge from the new blossom to each other S-blossom.
        let mut best_to = vec![no_edge(); 2 * self.n];
        for &sub in &path {
            let edges: Vec<Edge<W>> = match self.blossom_best[sub].take() {
                Some(list) => list,
                None => {
                    let mut all = Vec::new();
                    for leaf in self.leaves_of(sub) {
                        all.extend((0..self.n).filter_map(|x| Some((leaf, x, (self.weight)(leaf, x)?))));
                    }
                    all
                }
            };
            for e in edges {
                // The end outside the new blossom.
                let j = if self.in_blossom[e.1] == b { e.0 } else { e.1 };
                let bj = self.in_blossom[j];
                if bj != b
                    && self.label[bj] == 1
                    && (best_to[bj] == no_edge() || self.slack(e) < self.slack(best_to[bj]))
                {
                    best_to[bj] = e;
                }
            }
            self.best_edge[sub] = no_edge();
        }
        let list: Vec<Edge<W>> = best_to.into_iter().filter(|&e| e != no_edge()).collect();
        self.best_edge[b] = list.iter().copied().min_by_key(|&e| self.slack(e)).unwrap_or(no_edge());
        if self.best_edge[b].0 != NONE {
            self.best_slack[b] = self.slack(self.best_edge[b]);
        }
        self.blossom_best[b] = Some(list);
        self.children[b] = path;
        self.endps[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &c in path {
            self.leaves(c, &mut out);
        }
        out
    }

    /// Dissolves top-level blossom `b` (its dual is zero); inside a stage, relabels its T sub-blossoms.
    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        for s in self.children[b].clone() {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s] == zero() {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_stage && self.label[b] == 2 {
            let len = self.children[b].len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entry = self.in_blossom[self.end(self.flip(self.label_end[b]))];
            let mut j = self.children[b].iter().position(|&c| c == entry).unwrap() as isize;
            // Go round the blossom the way that has an even number of edges to the base.
            let (step, trick) = if j & 1 == 1 { (1, 0) } else { (-1, 1) };
            if j & 1 == 1 {
                j -= len;
            }
            let tricked = |s: &Self, p: usize| if trick == 1 { s.flip(p) } else { p };
            let mut p = self.label_end[b];
            while j != 0 {
                let far = self.end(self.flip(p));
                self.label[far] = 0;
                let q = tricked(self, self.endps[b][at(j - trick)]);
                let near = self.end(self.flip(q));
                self.label[near] = 0;
                self.assign_label(far, 2, p);
                self.allow(self.endps[b][at(j - trick)]);
                j += step;
                p = tricked(self, self.endps[b][at(j - trick)]);
                self.allow(p);
                j += step;
            }
            let bv = self.children[b][at(j)];
            let far = self.end(self.flip(p));
            self.label[far] = 2;
            self.label[bv] = 2;
            self.label_end[far] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = no_edge();
            j += step;
            while self.children[b][at(j)] != entry {
                let bv = self.children[b][at(j)];
                j += step;
                if self.label[bv] == 1 {
                    continue;
                }
                if let Some(v) = self.leaves_of(bv).into_iter().find(|&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let m = self.mate[self.base[bv]];
                    let mv = self.end(m);
                    self.label[mv] = 0;
                    self.assign_label(v, 2, self.label_end[v]);
                }
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.children[b].clear();
        self.endps[b].clear();
        self.base[b] = NONE;
        self.blossom_best[b] = None;
        self.best_edge[b] = no_edge();
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges along the alternating path inside `b` from `v` to its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = self.children[b].iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let (step, trick) = if j & 1 == 1 { (1, 0) } else { (-1, 1) };
        if j & 1 == 1 {
            j -= len;
        }
        while j != 0 {
            j += step;
            let t = self.children[b][at(j)];
            let raw = self.endps[b][at(j - trick)];
            let p = if trick == 1 { self.flip(raw) } else { raw };
            if t >= self.n {
                self.augment_blossom(t, self.end(p));
            }
            j += step;
            let t = self.children[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.end(self.flip(p)));
            }
            let (x, y) = (self.end(p), self.end(self.flip(p)));
            self.mate[x] = self.flip(p);
            self.mate[y] = p;
        }
        self.children[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
    }

    /// Augments along the path through the edge {v, w} between two S-vertices of different trees.
    fn augment_matching(&mut self, v: usize, w: usize) {
        for (mut s, mut p) in [(v, self.ep(v, w)), (w, self.ep(w, v))] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.end(self.label_end[bs]);
                let bt = self.in_blossom[t];
                s = self.end(self.label_end[bt]);
                let j = self.end(self.flip(self.label_end[bt]));
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.flip(self.label_end[bt]);
            }
        }
    }

    /// Scans the queue's S-vertices; true once the matching was augmented.
    fn grow(&mut self) -> bool {
        while let Some(v) = self.queue.pop() {
            for w in 0..self.n {
                if w == v || self.in_blossom[v] == self.in_blossom[w] {
                    continue;
                }
                let Some(wt) = (self.weight)(v, w) else { continue };
                let p = self.ep(v, w);
                let mut slack = zero();
                let mut allowed = self.allowed[p / 64] >> (p % 64) & 1 == 1;
                if !allowed {
                    slack = self.dual[v] + self.dual[w] - wt - wt;
                    if slack <= zero() {
                        self.allow(p);
                        allowed = true;
                    }
                }
                let bw = self.in_blossom[w];
                if allowed {
                    if self.label[bw] == 0 {
                        self.assign_label(w, 2, self.ep(w, v));
                    } else if self.label[bw] == 1 {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, v, w);
                        } else {
                            self.augment_matching(v, w);
                            return true;
                        }
                    } else if self.label[w] == 0 {
                        self.label[w] = 2;
                        self.label_end[w] = self.ep(w, v);
                    }
                } else if self.label[bw] == 1 {
                    let b = self.in_blossom[v];
                    if self.best_edge[b].0 == NONE || slack < self.best_slack[b] {
                        self.best_edge[b] = (v, w, wt);
                        self.best_slack[b] = slack;
                    }
                } else if self.label[w] == 0 && (self.best_edge[w].0 == NONE || slack < self.best_slack[w]) {
                    self.best_edge[w] = (v, w, wt);
                    self.best_slack[w] = slack;
                }
            }
        }
        false
    }

    /// One dual step; false when the optimum is reached (a free vertex's dual reached zero).
    fn step_duals(&mut self) -> bool {
        let n = self.n;
        // (kind, delta, edge or blossom)
        let mut best: (u8, W, usize) = (1, self.dual[..n].iter().copied().min().unwrap_or(zero()), NONE);
        for v in 0..n {
            if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != no_edge() {
                let d = self.slack(self.best_edge[v]);
                if d < best.1 {
                    best = (2, d, self.ep(self.best_edge[v].0, self.best_edge[v].1));
                }
            }
        }
        for b in 0..2 * n {
            if self.parent[b] == NONE && self.label[b] == 1 && self.best_edge[b] != no_edge() {
                let d = self.slack(self.best_edge[b]) / W::from(2);
                if d < best.1 {
                    best = (3, d, self.ep(self.best_edge[b].0, self.best_edge[b].1));
                }
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE && self.label[b] == 2 && self.dual[b] < best.1 {
                best = (4, self.dual[b], b);
            }
        }
        let delta = best.1;
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                1 => self.dual[v] -= delta,
                2 => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    1 => self.dual[b] += delta,
                    2 => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        for x in 0..2 * n {
            if self.best_edge[x].0 != NONE {
                self.best_slack[x] = self.slack(self.best_edge[x]);
            }
        }
        match best.0 {
            2 => {
                let e = best.2;
                self.allow(e);
                let (i, j) = (e / n, e % n);
                self.queue.push(if self.label[self.in_blossom[i]] == 0 { j } else { i });
            }
            3 => {
                self.allow(best.2);
                self.queue.push(best.2 / n);
            }
            4 => self.expand_blossom(best.2, false),
            _ => return false,
        }
        true
    }

    fn run(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.fill(0);
            self.best_edge.fill(no_edge());
            for b in n..2 * n {
                self.blossom_best[b] = None;
            }
            self.allowed.fill(0);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                if self.grow() {
                    augmented = true;
                    break;
                }
                if !self.step_duals() {
                    break;
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b] == NONE && self.base[b] != NONE && self.label[b] == 1 && self.dual[b] == zero() {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    fn solution(self) -> Solution<W> {
        let n = self.n;
        let mate = self.mate.iter().map(|&p| (p != NONE).then(|| p % n)).collect();
        let blossoms = (n..2 * n).filter(|&b| self.base[b] != NONE).collect();
        Solution { mate, n, dual: self.dual, parent: self.parent, blossoms }
    }
}
