//! The tournament's only randomness: gb-core's seeded ChaCha8 stream (our own Fisher–Yates, pinned), one
//! independent stream per purpose so that pairing round 5 never shifts what round 6 or the tie order draws.
use gb_core::rng::MatchRng;

/// What a stream is for; its number is mixed into the tournament's seed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Purpose {
    Pairing(u32),
    TieOrder,
}

/// SplitMix64's finaliser: nearby inputs give unrelated seeds.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

pub(crate) fn stream(seed: u64, purpose: Purpose) -> MatchRng {
    let tag = match purpose {
        Purpose::Pairing(round) => u64::from(round),
        Purpose::TieOrder => u64::MAX,
    };
    MatchRng::new(mix(seed ^ mix(tag)))
}

/// A lottery number per player (a permutation of `0..n`): the last tiebreak, lower first.
pub(crate) fn tie_order(seed: u64, n: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..n as u32).collect();
    stream(seed, Purpose::TieOrder).shuffle(&mut order);
    let mut lottery = vec![0; n];
    for (place, &p) in order.iter().enumerate() {
        lottery[p as usize] = place as u32;
    }
    lottery
}
