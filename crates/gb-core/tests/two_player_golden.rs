//! Pins the two-player game's bytes while seats generalise to three–six (issue 16, plan step 0): a few seeded
//! random matches, and after every intent the state hash and digests of each seat's and the spectator's view
//! JSON and event JSON, compared with `tests/golden/two_player.txt`. Any change to a two-player state hash, view
//! or event shows up here as the first differing match and step.
//!
//! Rewrite the file only when a change is meant to change two-player bytes:
//! `GB_UPDATE_GOLDEN=1 cargo test -p gb-core --test two_player_golden`.
use gb_core::decks::preconstructed;
use gb_core::playout::{RandomPolicy, play_out};
use gb_core::{Events, MatchSetup, MatchState, Seat, Viewer, apply, new_match, state_hash, view_for};
use sha2::{Digest, Sha256};
use std::fmt::Write;
use std::path::PathBuf;

/// (seed, concede one decision in N (0: never)): every deck pairing's first few, played to the end, plus two
/// that end by concession.
const MATCHES: [(u64, u32); 8] = [(0, 0), (1, 0), (2, 0), (5, 0), (7, 0), (10, 0), (13, 0), (3, 150)];
/// A random match that has not ended by then is cut off (the header says how many intents were played).
const MAX_INTENTS: usize = 600;
const VIEWERS: [Viewer; 3] = [Viewer::Seat(Seat::A), Viewer::Seat(Seat::B), Viewer::Spectator];

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/two_player.txt")
}

/// Built from JSON so the test reads the same whether `decks` is an array of two or a list (plan step 2).
fn setup_for(seed: u64) -> MatchSetup {
    let decks = preconstructed();
    let a = &decks[(seed % 4) as usize].1;
    let b = &decks[((seed / 4 + seed) % 4) as usize].1;
    serde_json::from_value(serde_json::json!({ "decks": [a, b], "seed": seed })).expect("a two-deck setup")
}

fn short(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..4].iter().map(|b| format!("{b:02x}")).collect()
}

/// One line per step: step, seat, intent digest, state hash, views digest, events digest. The whole match is
/// also folded into one SHA-256 in the header, so a change is caught even where the short digests collide.
fn step_line(
    step: usize,
    seat: &str,
    intent: &str,
    state: &MatchState,
    events: Option<&Events>,
    all: &mut Sha256,
) -> String {
    let mut views = Vec::new();
    let mut evs = Vec::new();
    for viewer in VIEWERS {
        views.extend(serde_json::to_vec(&view_for(state, viewer)).unwrap());
        views.push(b'\n');
        if let Some(e) = events {
            evs.extend(serde_json::to_vec(&e.for_viewer(viewer)).unwrap());
            evs.push(b'\n');
        }
    }
    let hash = format!("{:016x}", state_hash(state));
    for part in [seat.as_bytes(), intent.as_bytes(), hash.as_bytes(), &views, &evs] {
        all.update(part);
        all.update(b"\n");
    }
    format!("{step} {seat} {} {hash} v{} e{}", short(intent.as_bytes()), short(&views), short(&evs))
}

fn record(seed: u64, concede_one_in: u32) -> Vec<String> {
    let setup = setup_for(seed);
    let mut state = new_match(&setup).expect("shipped decks are legal");
    let mut policy = RandomPolicy::new(seed);
    policy.concede_one_in = concede_one_in;
    // The log first (the playout helper chooses), then a second pass that applies it and keeps the events.
    let log = play_out(&mut state.clone(), &mut policy, MAX_INTENTS, |_, _, _| {});
    let mut all = Sha256::new();
    let mut lines = vec![step_line(0, "-", "", &state, None, &mut all)];
    for (i, (seat, intent)) in log.iter().enumerate() {
        let events = apply(&mut state, *seat, intent).expect("a logged intent is accepted");
        let seat = serde_json::to_string(seat).unwrap();
        let intent = serde_json::to_string(intent).unwrap();
        lines.push(step_line(i + 1, seat.trim_matches('"'), &intent, &state, Some(&events), &mut all));
    }
    let digest: String = all.finalize().iter().map(|b| format!("{b:02x}")).collect();
    let header = format!(
        "match seed={seed} concede_one_in={concede_one_in} intents={} over={} final={:016x} sha256={digest}",
        log.len(),
        state.is_over(),
        state_hash(&state)
    );
    lines.insert(0, header);
    lines
}

fn render() -> String {
    let mut out = String::from(
        "# Two-player golden file (crates/gb-core/tests/two_player_golden.rs). Per match a header, then per step:\n\
         # step seat intent-digest state-hash views-digest events-digest (digests: first 4 bytes of SHA-256).\n",
    );
    for (seed, concede) in MATCHES {
        for line in record(seed, concede) {
            writeln!(out, "{line}").unwrap();
        }
    }
    out
}

const PARTS: [&str; 6] =
    ["step", "seat", "intent", "state hash", "views (A, B, spectator)", "events (A, B, spectator)"];

/// Names the first differing match and step, and which part of it differs.
fn first_difference(expected: &str, actual: &str) -> Option<String> {
    let mut current = String::from("(file header)");
    let (mut e, mut a) = (expected.lines(), actual.lines());
    loop {
        match (e.next(), a.next()) {
            (None, None) => return None,
            (Some(x), Some(y)) if x == y => {
                if x.starts_with("match ") {
                    current = x.to_string();
                }
            }
            (Some(x), Some(y)) if x.starts_with("match ") || y.starts_with("match ") => {
                return Some(format!("after {current}:\n  expected `{x}`\n  got      `{y}`"));
            }
            (Some(x), Some(y)) => {
                let part = x.split(' ').zip(y.split(' ')).position(|(p, q)| p != q).map_or("length", |i| PARTS[i]);
                let step = x.split(' ').next().unwrap_or("?");
                return Some(format!(
                    "{current}\n  first difference at step {step}: {part}\n  expected `{x}`\n  got      `{y}`"
                ));
            }
            (x, y) => return Some(format!("{current}: the file has `{x:?}`, the engine gives `{y:?}`")),
        }
    }
}

#[test]
fn two_player_matches_are_byte_identical_to_the_golden_file() {
    let actual = render();
    if std::env::var("GB_UPDATE_GOLDEN").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(golden_path().parent().unwrap()).unwrap();
        std::fs::write(golden_path(), &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(golden_path())
        .expect("tests/golden/two_player.txt is missing; write it with GB_UPDATE_GOLDEN=1");
    if let Some(diff) = first_difference(&expected, &actual) {
        panic!(
            "two-player bytes changed (state hash, a view or an event), which stored records, replays and clients \
             rely on.\n{diff}\nIf the change is meant to change them, rewrite the file with GB_UPDATE_GOLDEN=1."
        );
    }
}

#[test]
fn a_changed_step_is_named() {
    let a = "# h\nmatch seed=1 x\n0 - 00 11 v1 e1\n1 A 22 33 v2 e2\n";
    let b = "# h\nmatch seed=1 x\n0 - 00 11 v1 e1\n1 A 22 33 v9 e2\n";
    let diff = first_difference(a, b).expect("differs");
    assert!(diff.contains("match seed=1") && diff.contains("step 1") && diff.contains("views"), "{diff}");
    assert_eq!(first_difference(a, a), None);
}
