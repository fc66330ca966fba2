//! For every viewer kind, over random matches: applying each frame to what the viewer holds gives exactly
//! the next full document (`skip` leaves it as it is). One match's frames are recorded (an ignored test) for the
//! web client's own replay of them (web-client/src/fixtures/deltas.json, patch.test.ts).
use super::*;
use gb_core::playout::RandomPolicy;
use gb_core::{MatchSetup, apply, new_match, owed_seat};
use serde_json::{Value, json};

/// The document as serde writes a flattened view: what `walk::Doc` writes field by field.
#[derive(serde::Serialize)]
struct Flattened<'a> {
    #[serde(flatten)]
    view: &'a MatchView,
    legal: &'a [Intent],
}

fn setup(seed: u64) -> MatchState {
    let decks = gb_core::decks::preconstructed();
    let n = decks.len();
    let setup = MatchSetup {
        decks: vec![decks[seed as usize % n].1.clone(), decks[(seed as usize + 1) % n].1.clone()],
        seed: seed.into(),
        chooser: None,
    };
    new_match(&setup).expect("shipped decks are legal")
}

/// Per kind, the document held at version `from` and each later version's (frame, document the server holds).
type Played = Vec<(Kind, Value, Vec<(Value, Value)>)>;

/// Plays one random match up to version `to` ([`Played`]).
fn play(seed: u64, from: u32, to: u32) -> Played {
    let mut state = setup(seed);
    let mut policy = RandomPolicy::new(seed);
    let mut held = Kind::TWO_PLAYER.map(|k| Seen::of(&state, k));
    // Each kind's view reused version after version, as the room does (a stale field would show as a wrong patch).
    let mut spares: [Spare; 3] = Default::default();
    let mut out: Vec<_> = Kind::TWO_PLAYER.iter().map(|k| (*k, held[k.index()].doc(), Vec::new())).collect();
    let mut v = 0;
    while let Some(seat) = owed_seat(&state) {
        if v >= to {
            break;
        }
        let intent = policy.pick(&legal_intents(&state, seat));
        let events = apply(&mut state, seat, &intent).expect("a legal intent is accepted");
        v += 1;
        write_views(&state, Kind::TWO_PLAYER.into_iter().zip(spares.iter_mut()));
        for kind in Kind::TWO_PLAYER {
            let clocks =
                (v % 3 == 0).then(|| Clocks { remaining_ms: vec![v, 2 * v], bank_ms: vec![0, 1], running: Some(seat) });
            let p = project(&state, &events, kind, &held[kind.index()], v, clocks, &mut spares[kind.index()]);
            if let Some(seen) = p.seen {
                // The document is the view flattened, with `legal` beside it.
                let flat = serde_json::to_vec(&Flattened { view: &seen.view, legal: &seen.legal }).unwrap();
                assert!(serde_json::to_vec(&seen.as_doc()).unwrap() == flat, "seed {seed} v{v} {kind:?}: the document");
                assert!(walk::least_lengths_hold(&seen.as_doc()), "seed {seed} v{v} {kind:?}: a least length");
                spares[kind.index()].hold(&mut held[kind.index()], seen);
            }
            let frame: Value = serde_json::from_str(p.frame.as_str()).expect("frames are JSON");
            let (_, base, steps) = &mut out[kind.index()];
            if v <= from {
                *base = held[kind.index()].doc();
            } else {
                steps.push((frame, held[kind.index()].doc()));
            }
        }
    }
    out
}

#[test]
fn applying_each_delta_to_the_previous_document_gives_the_next_one() {
    let updates: usize = (0..24).map(|seed| check_match(setup(seed), seed).0).sum();
    assert!(updates > 1000, "only {updates} updates: the matches were too short to show anything");
}

#[test]
fn free_for_all_deltas_and_documents_hold_too() {
    // Three to six seats (issue 16): more players, and the fields only a free-for-all has (`meter_passed`,
    // `eliminated`, `places`), which the document writer writes by hand.
    let decks = gb_core::decks::preconstructed();
    let (mut updates, mut seen) = (0, String::new());
    for (seats, seed) in [(3, 1), (4, 2), (6, 3), (3, 4)] {
        let decks = (0..seats).map(|i| decks[(seed as usize + i) % decks.len()].1.clone()).collect();
        let (n, last) =
            check_match(new_match(&MatchSetup { decks, seed: seed.into(), chooser: None }).expect("legal decks"), seed);
        updates += n;
        seen += &last.to_string();
    }
    assert!(updates > 200, "only {updates} updates");
    for field in ["\"places\"", "\"eliminated\"", "\"meter_passed\""] {
        assert!(seen.contains(field), "no match's last document has {field}");
    }
}

/// Plays `state` out at random, checking every frame of every viewer kind; returns how many were updates, and
/// the spectators' last document.
fn check_match(mut state: MatchState, seed: u64) -> (usize, Value) {
    let kinds: Vec<Kind> = Kind::all(state.table().seat_count()).collect();
    let mut policy = RandomPolicy::new(seed);
    let mut held: Vec<Seen> = kinds.iter().map(|&k| Seen::of(&state, k)).collect();
    let mut spares: Vec<Spare> = kinds.iter().map(|_| Spare::default()).collect();
    let mut client: Vec<Value> = held.iter().map(Seen::doc).collect();
    let (mut v, mut updates) = (0, 0);
    while let Some(seat) = owed_seat(&state) {
        let intent = policy.pick(&legal_intents(&state, seat));
        let events = apply(&mut state, seat, &intent).expect("a legal intent is accepted");
        v += 1;
        // Every kind's view written together, as the room does (`write_views`); each is held to `view_for`'s below.
        write_views(&state, kinds.iter().copied().zip(spares.iter_mut()));
        for &kind in &kinds {
            let i = kind.index();
            let p = project(&state, &events, kind, &held[i], v, None, &mut spares[i]);
            let frame: Value = serde_json::from_str(p.frame.as_str()).unwrap();
            let full = Seen::of(&state, kind).doc();
            match frame["type"].as_str() {
                Some("update") => {
                    updates += 1;
                    let patch: Vec<gb_delta::PatchOp> = serde_json::from_value(frame["patch"].clone()).unwrap();
                    // Walking the views sends exactly what diffing the whole documents as values gives.
                    let whole = gb_delta::diff(&held[i].doc(), &full);
                    assert_eq!(patch, whole, "seed {seed} v{v} {kind:?}: the patch is not the documents' diff");
                    gb_delta::apply(&mut client[i], &patch).expect("a delta applies to the previous document");
                    assert_eq!(client[i], full, "seed {seed} v{v} {kind:?}: patched document differs");
                }
                Some("skip") => {
                    assert_eq!(client[i], full, "seed {seed} v{v} {kind:?}: a skip hid a change");
                }
                other => panic!("unexpected frame {other:?}"),
            }
            if let Some(seen) = p.seen {
                // The document is the view flattened, with `legal` beside it.
                let flat = serde_json::to_vec(&Flattened { view: &seen.view, legal: &seen.legal }).unwrap();
                assert!(serde_json::to_vec(&seen.as_doc()).unwrap() == flat, "seed {seed} v{v} {kind:?}: the document");
                assert!(walk::least_lengths_hold(&seen.as_doc()), "seed {seed} v{v} {kind:?}: a least length");
                spares[i].hold(&mut held[i], seen);
            }
        }
    }
    (updates, held[0].doc())
}

#[test]
fn frames_are_deterministic_so_recovery_rebuilds_them_byte_for_byte() {
    assert_eq!(play(7, 0, 60), play(7, 0, 60));
}

/// Not a check: writes the fixture that web-client/src/patch.test.ts replays.
#[test]
#[ignore = "writes web-client/src/fixtures/deltas.json; run with --ignored after changing the view"]
fn record_fixtures_for_the_web_client() {
    let streams: Vec<Value> = play(3, 80, 100)
        .into_iter()
        .map(|(kind, base, steps)| {
            let steps: Vec<Value> =
                steps.into_iter().map(|(frame, doc)| json!({ "frame": frame, "doc": doc })).collect();
            json!({ "kind": format!("{kind:?}"), "base": base, "steps": steps })
        })
        .collect();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web-client/src/fixtures/deltas.json");
    std::fs::create_dir_all(std::path::Path::new(path).parent().unwrap()).unwrap();
    std::fs::write(path, serde_json::to_string(&streams).unwrap() + "\n").unwrap();
}
