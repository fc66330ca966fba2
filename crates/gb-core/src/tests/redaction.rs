//! Redaction: a viewer's serialized view does not change when only what it cannot see changes, and no hidden
//! card's name or handle ever reaches an opponent or a spectator, in views or in events (CR 402.2, 403, 405.2).
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::ids::{Seat, Viewer};
use crate::playout::RandomPolicy;
use crate::rng::MatchRng;
use crate::state::MatchState;
use crate::view::view_for;
use std::collections::BTreeSet;

const VIEWERS: [Viewer; 3] = [Viewer::Seat(Seat::A), Viewer::Seat(Seat::B), Viewer::Spectator];

fn json(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).unwrap()
}

/// Changes only what `viewer` cannot see: the contents of hidden hands, every deck's order and contents, hidden
/// benches and face-down heroes, keeping every count and every handle in place.
fn scramble_hidden(state: &mut MatchState, viewer: Viewer, rng: &mut MatchRng) {
    for seat in Seat::BOTH {
        let own = viewer.sees_private_of(seat);
        let p = state.player_mut(seat);
        // A deck is hidden even from its owner (CR 403.2b): swap contents between positions, keep the handles.
        let mut defs: Vec<_> = p.deck.iter().map(|c| c.def).collect();
        if !own {
            defs.extend(p.hand.iter().map(|c| c.def));
        }
        rng.shuffle(&mut defs);
        let (deck_defs, hand_defs) = defs.split_at(p.deck.len());
        for (c, d) in p.deck.iter_mut().zip(deck_defs) {
            c.def = *d;
        }
        if !own {
            for (c, d) in p.hand.iter_mut().zip(hand_defs) {
                c.def = *d;
            }
            // Face-down heroes and the bench are hidden heroes; swap their identities among themselves.
            let mut heroes: Vec<_> = p.bench.iter().map(|c| c.def).collect();
            let down: Vec<usize> = (0..4).filter(|i| p.field[*i].face_down).collect();
            heroes.extend(down.iter().map(|i| p.field[*i].card.def));
            rng.shuffle(&mut heroes);
            let (bench_defs, down_defs) = heroes.split_at(p.bench.len());
            for (c, d) in p.bench.iter_mut().zip(bench_defs) {
                c.def = *d;
            }
            for (i, d) in down.iter().zip(down_defs) {
                p.field[*i].card.def = *d;
            }
        }
    }
}

/// Names and handles of the cards `viewer` may see right now.
fn visible(state: &MatchState, viewer: Viewer) -> (BTreeSet<String>, BTreeSet<u32>) {
    let mut names = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut add = |c: &crate::state::Card| {
        names.insert(c.def.name().to_string());
        ids.insert(c.id.0);
    };
    for seat in Seat::BOTH {
        let p = state.player(seat);
        let own = viewer.sees_private_of(seat);
        for h in &p.field {
            if own || !h.face_down {
                add(&h.card);
            }
            h.gems.iter().chain(h.blend.iter()).chain(h.attached.iter()).for_each(&mut add);
        }
        p.discard.iter().chain(p.meter.iter()).for_each(&mut add);
        if own {
            p.hand.iter().chain(p.bench.iter()).for_each(&mut add);
        }
    }
    (names, ids)
}

/// Every `"name"` and `"id"` value in a JSON text.
fn names_and_ids(text: &str) -> (BTreeSet<String>, BTreeSet<u32>) {
    fn walk(v: &serde_json::Value, names: &mut BTreeSet<String>, ids: &mut BTreeSet<u32>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    match (k.as_str(), v) {
                        ("name", serde_json::Value::String(s)) => {
                            names.insert(s.clone());
                        }
                        ("id", serde_json::Value::Number(n)) => {
                            ids.insert(n.as_u64().unwrap() as u32);
                        }
                        _ => walk(v, names, ids),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| walk(v, names, ids)),
            _ => {}
        }
    }
    let mut names = BTreeSet::new();
    let mut ids = BTreeSet::new();
    walk(&serde_json::from_str(text).unwrap(), &mut names, &mut ids);
    (names, ids)
}

#[test]
fn a_view_does_not_change_when_only_hidden_things_change() {
    for seed in 0..match_count(10_000) / 10 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        let mut rng = MatchRng::new(seed ^ 0xabcdef);
        let mut steps = 0;
        while let Some(seat) = owed_seat(&state) {
            if rng.below(6) == 0 {
                for viewer in VIEWERS {
                    let mut other = state.clone();
                    scramble_hidden(&mut other, viewer, &mut rng);
                    assert_eq!(json(&view_for(&state, viewer)), json(&view_for(&other, viewer)), "seed {seed} step {steps}");
                }
            }
            let intent = policy.pick(&legal_intents(&state, seat));
            apply(&mut state, seat, &intent).unwrap();
            steps += 1;
        }
    }
}

#[test]
fn no_hidden_card_name_or_handle_reaches_a_view_or_an_event() {
    for seed in 0..match_count(10_000) / 10 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        while let Some(seat) = owed_seat(&state) {
            let before: Vec<_> = VIEWERS.iter().map(|v| visible(&state, *v)).collect();
            let intent = policy.pick(&legal_intents(&state, seat));
            let events = apply(&mut state, seat, &intent).unwrap();
            for (i, viewer) in VIEWERS.iter().enumerate() {
                let (now_names, now_ids) = visible(&state, *viewer);
                let (names, ids) = names_and_ids(&json(&view_for(&state, *viewer)));
                assert!(names.is_subset(&now_names), "seed {seed}: {viewer:?} view shows {:?}", names.difference(&now_names));
                assert!(ids.is_subset(&now_ids), "seed {seed}: {viewer:?} view shows hidden handles");
                let (ev_names, ev_ids) = names_and_ids(&json(&events.for_viewer(*viewer)));
                let seen_names: BTreeSet<_> = now_names.union(&before[i].0).cloned().collect();
                let seen_ids: BTreeSet<_> = now_ids.union(&before[i].1).cloned().collect();
                assert!(ev_names.is_subset(&seen_names), "seed {seed}: {viewer:?} events show {:?}", ev_names.difference(&seen_names));
                assert!(ev_ids.is_subset(&seen_ids), "seed {seed}: {viewer:?} events show hidden handles");
            }
        }
    }
}
