//! The picker of the side-by-side bench and of `examples/count_play.rs`, one file included by both (`#[path]`): a
//! tiny deterministic generator, so neither the chess side nor ours pays for a heavyweight RNG, and count_play plays
//! the very workload the bench times. Not the engine's `MatchRng` (ChaCha8): that would add its cost to every
//! measured step and change which intents the recorded instruction counts played.

/// SplitMix64.
pub(crate) struct SplitMix(pub u64);

impl SplitMix {
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}
