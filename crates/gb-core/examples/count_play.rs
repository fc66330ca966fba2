//! A fixed workload for instruction counts: plays seeds `0..N` with the side-by-side bench's random loop (list the
//! legal intents, pick one that is not `Concede` with SplitMix, apply it) and prints how many intents it applied.
//! Under `valgrind --tool=callgrind` the instruction count does not move with the machine's load, so two builds
//! compare to a fraction of a percent; the same intent count on both says the play itself did not change.
//!
//! `cargo build --release -p gb-core --example count_play`, then
//! `valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.X target/release/examples/count_play 200 [views]`
//! (`views`: also both seats' views, each a new `view_for`, after every intent).
use gb_core::{MatchSetup, Seat, Viewer, apply, decks::preconstructed, legal_intents, new_match, owed_seat, view_for};
use std::hint::black_box;

#[path = "../benches/support/split_mix.rs"]
mod split_mix;
use split_mix::SplitMix;

fn main() {
    let mut args = std::env::args().skip(1);
    let matches: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let views = args.next().as_deref() == Some("views");
    let decks = preconstructed();
    let mut rng = SplitMix(1);
    let mut intents = 0u64;
    for seed in 0..matches {
        let setup = MatchSetup {
            decks: vec![decks[(seed % 4) as usize].1.clone(), decks[((seed / 4) % 4) as usize].1.clone()],
            seed: seed.into(),
        };
        let mut state = new_match(&setup).expect("preconstructed decks are valid");
        while let Some(seat) = owed_seat(&state) {
            let legal = legal_intents(&state, seat);
            let playable = if legal.len() > 1 { legal.len() - 1 } else { 1 };
            let intent = &legal[rng.below(playable)];
            black_box(apply(&mut state, seat, intent).expect("a legal intent is accepted"));
            if views {
                for s in [Seat::A, Seat::B] {
                    black_box(view_for(&state, Viewer::Seat(s)));
                }
            }
            intents += 1;
        }
    }
    println!("{matches} matches, {intents} intents{}", if views { ", both seats' views after each" } else { "" });
}
