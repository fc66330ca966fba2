//! Gem Blenders rules engine.
use rand_chacha::ChaCha8Rng;
use rand_core::{SeedableRng, Rng};
pub fn probe(seed: u64) -> u64 { let mut r = ChaCha8Rng::seed_from_u64(seed); r.next_u64() }
