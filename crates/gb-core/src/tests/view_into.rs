//! `view_into` over a view that held another viewer's view of an earlier position gives exactly `view_for`: every
//! field overwritten, every list refilled, nothing left over from before (issue 14).
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::ids::{Seat, Viewer};
use crate::playout::RandomPolicy;
use crate::view::{view_for, view_into};

#[test]
fn a_kept_view_refilled_equals_a_new_one() {
    let viewers = [Viewer::Seat(Seat::A), Viewer::Seat(Seat::B), Viewer::Spectator];
    let mut compared = 0usize;
    for seed in 0..match_count(10_000) / 50 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        // One kept view per viewer, as a server keeps them, and one passed round all three viewers, so that a
        // seat's view is written over the other seat's and a spectator's (hands, prices, previews left over).
        let mut kept = viewers.map(|v| view_for(&state, v));
        let mut shared = view_for(&state, Viewer::Spectator);
        let mut i = 0usize;
        while let Some(seat) = owed_seat(&state) {
            let intent = policy.pick(&legal_intents(&state, seat));
            apply(&mut state, seat, &intent).expect("legal");
            for (viewer, view) in viewers.iter().zip(&mut kept) {
                let fresh = view_for(&state, *viewer);
                view_into(&state, *viewer, view);
                assert_eq!(*view, fresh, "seed {seed}, intent {i}: kept view for {viewer:?}");
                let other = viewers[(i + 1) % 3];
                view_into(&state, other, &mut shared);
                assert_eq!(shared, view_for(&state, other), "seed {seed}, intent {i}: shared view for {other:?}");
                compared += 1;
            }
            i += 1;
        }
    }
    assert!(compared > 1000, "only {compared} views compared");
}
