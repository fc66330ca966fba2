//! A fixed workload for instruction counts: plays seeds `0..N` with the side-by-side bench's random loop (list the
//! legal intents, pick one that is not `Concede` with SplitMix, apply it) and prints how many intents it applied.
//! Under `valgrind --tool=callgrind` the instruction count does not move with the machine's load, so two builds
//! compare to a fraction of a percent; the same intent count on both says the play itself did not change.
//!
//! `cargo build --release -p gb-core --example count_play`, then
//! `valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.X target/release/examples/count_play 200 [views]`
//! (`views`: also both seats' views, each a new `view_for`, after every intent; `kept`: each written into a view
//! kept from the intent before, `view_into`; `together`: both written together into two kept views, `views_into`,
//! as a server writes its viewers'; `playout`: no views, on the side-by-side bench's playout path, the legal list
//! written into one kept buffer, `legal_intents_into`, and the intent picked applied unchecked, `apply_listed`).
use gb_core::{
    MatchSetup, Seat, Viewer, apply, apply_listed, decks::preconstructed, legal_intents, legal_intents_into, new_match,
    owed_seat, view_for, view_into, views_into,
};
use std::hint::black_box;

#[path = "../benches/support/split_mix.rs"]
mod split_mix;
use split_mix::SplitMix;

fn main() {
    let mut args = std::env::args().skip(1);
    let matches: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let mode = args.next();
    let views = mode.as_deref() == Some("views");
    let together = mode.as_deref() == Some("together");
    let kept_apart = mode.as_deref() == Some("kept");
    let playout = mode.as_deref() == Some("playout");
    let mut listed = Vec::new();
    let decks = preconstructed();
    let mut rng = SplitMix(1);
    let mut intents = 0u64;
    for seed in 0..matches {
        let setup = MatchSetup {
            decks: vec![decks[(seed % 4) as usize].1.clone(), decks[((seed / 4) % 4) as usize].1.clone()],
            seed: seed.into(),
            chooser: None,
        };
        let mut state = new_match(&setup).expect("preconstructed decks are valid");
        let mut kept = [Seat::A, Seat::B].map(|s| view_for(&state, Viewer::Seat(s)));
        while let Some(seat) = owed_seat(&state) {
            if playout {
                legal_intents_into(&state, seat, &mut listed);
                let playable = if listed.len() > 1 { listed.len() - 1 } else { 1 };
                black_box(apply_listed(&mut state, seat, &listed[rng.below(playable)]));
                intents += 1;
                continue;
            }
            let legal = legal_intents(&state, seat);
            let playable = if legal.len() > 1 { legal.len() - 1 } else { 1 };
            let intent = &legal[rng.below(playable)];
            black_box(apply(&mut state, seat, intent).expect("a legal intent is accepted"));
            if views {
                for s in [Seat::A, Seat::B] {
                    black_box(view_for(&state, Viewer::Seat(s)));
                }
            }
            if kept_apart {
                for (view, s) in kept.iter_mut().zip([Seat::A, Seat::B]) {
                    view_into(&state, Viewer::Seat(s), view);
                }
                black_box(&kept);
            }
            if together {
                let [a, b] = &mut kept;
                views_into(&state, &mut [(Viewer::Seat(Seat::A), a), (Viewer::Seat(Seat::B), b)]);
                black_box(&kept);
            }
            intents += 1;
        }
    }
    let after = match (views, together) {
        (true, _) => ", both seats' views after each",
        (_, true) => ", both seats' views after each, written together",
        _ if kept_apart => ", both seats' views after each, each into its kept view",
        _ if playout => ", listed into one buffer and applied unchecked",
        _ => "",
    };
    println!("{matches} matches, {intents} intents{after}");
}
