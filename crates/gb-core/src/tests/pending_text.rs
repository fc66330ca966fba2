//! `PendingView`'s hand-written `Serialize` writes exactly what `#[serde(flatten)]` wrote before it (protocol 5's
//! `{"seat":"A","window":"main"}`): every pending decision of random matches, both kinds of decision (issue 14).
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::ids::{Seat, Viewer};
use crate::playout::RandomPolicy;
use crate::view::{Decision, PendingView, view_for};
use serde::Serialize;

/// What the derive with `#[serde(flatten)]` produced.
#[derive(Serialize)]
struct Flattened<'a> {
    seat: Seat,
    #[serde(flatten)]
    decision: &'a Decision,
}

fn flattened(pending: &PendingView) -> String {
    serde_json::to_string(&Flattened { seat: pending.seat, decision: &pending.decision }).unwrap()
}

#[test]
fn a_pending_decision_is_written_as_flatten_wrote_it() {
    let (mut windows, mut asks) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 100 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        while let Some(seat) = owed_seat(&state) {
            let intent = policy.pick(&legal_intents(&state, seat));
            apply(&mut state, seat, &intent).expect("legal");
            for viewer in [Viewer::Seat(Seat::A), Viewer::Spectator] {
                let Some(pending) = view_for(&state, viewer).pending else { continue };
                assert_eq!(serde_json::to_string(&pending).unwrap(), flattened(&pending), "seed {seed}");
                match pending.decision {
                    Decision::Window(_) => windows += 1,
                    Decision::Ask(_) => asks += 1,
                }
            }
        }
    }
    assert!(windows > 1000 && asks > 100, "too few decisions compared: {windows} windows, {asks} asks");
}
