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

/// `views_into` writes each viewer's view exactly as `view_for` would, whatever the order of the viewers and
/// whatever the kept views held: a player or a face-up hero copied from an earlier viewer's view is the one that
/// viewer sees alike (issue 14).
#[test]
fn views_written_together_equal_each_written_alone() {
    let (a, b, s) = (Viewer::Seat(Seat::A), Viewer::Seat(Seat::B), Viewer::Spectator);
    // Seats first, as a server does; a spectator first; one viewer twice; a lone viewer.
    let orders: [&[Viewer]; 4] = [&[a, b, s], &[s, b, a], &[b, s, b, a], &[a]];
    let mut compared = 0usize;
    for seed in 0..match_count(10_000) / 50 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        // Kept views that held other viewers' views, rotated every intent.
        let mut kept: Vec<Vec<_>> = orders.iter().map(|o| o.iter().map(|v| view_for(&state, *v)).collect()).collect();
        let mut i = 0usize;
        while let Some(seat) = owed_seat(&state) {
            let intent = policy.pick(&legal_intents(&state, seat));
            apply(&mut state, seat, &intent).expect("legal");
            for (order, views) in orders.iter().zip(&mut kept) {
                views.rotate_left(1);
                let mut batch: Vec<_> = order.iter().copied().zip(views.iter_mut()).collect();
                crate::view::views_into(&state, &mut batch);
                for (viewer, view) in batch {
                    assert_eq!(*view, view_for(&state, viewer), "seed {seed}, intent {i}: {viewer:?} in {order:?}");
                    compared += 1;
                }
            }
            i += 1;
        }
    }
    assert!(compared > 1000, "only {compared} views compared");
}
