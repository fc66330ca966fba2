//! The `gb` binary end to end: scenario runs and replay verification, including the failures they must catch.
use gb_core::playout::{RandomPolicy, play_out};
use gb_core::record::{LoggedIntent, MatchRecord, RECORD_FORMAT};
use gb_core::{MatchSetup, decks::preconstructed, new_match, state_hash};
use sha2::{Digest, Sha256};
use std::process::Command;

fn gb(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gb")).args(args).output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn runs_the_committed_scenarios_and_prints_a_summary() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../gb-core/scenarios");
    let (ok, out) = gb(&["scenario", "run", dir]);
    assert!(ok, "{out}");
    let last = out.lines().last().unwrap();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");
}

#[test]
fn a_failing_scenario_fails_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "name = \"no position\"\n").unwrap();
    let (ok, out) = gb(&["scenario", "run", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(out.contains("FAIL") && out.contains("0 passed, 1 failed"), "{out}");
}

fn commitment(seed: u64, nonce: &[u8]) -> String {
    let mut h = Sha256::new();
    h.update(b"gb-seed-v1");
    h.update(seed.to_le_bytes());
    h.update(nonce);
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn record(seed: u64) -> MatchRecord {
    let decks = preconstructed();
    let setup = MatchSetup { decks: [decks[0].1.clone(), decks[1].1.clone()], seed };
    let mut state = new_match(&setup).unwrap();
    let log = play_out(&mut state, &mut RandomPolicy::new(seed), 100_000, |_, _, _| {});
    let nonce = [7u8, 1, 2, 3];
    MatchRecord {
        format: RECORD_FORMAT.into(),
        rng_algorithm: gb_core::rng::RNG_ALGORITHM.into(),
        setup,
        seed_commitment: commitment(seed, &nonce),
        nonce: "07010203".into(),
        log: log.into_iter().map(|(seat, intent)| LoggedIntent { seat, intent }).collect(),
        outcome: state.outcome(),
        final_state_hash: format!("{:016x}", state_hash(&state)),
    }
}

#[test]
fn verifies_an_honest_record_and_catches_tampering() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.json");
    let honest = record(3);
    std::fs::write(&path, serde_json::to_string(&honest).unwrap()).unwrap();
    let (ok, out) = gb(&["replay", "verify", path.to_str().unwrap()]);
    assert!(ok, "{out}");
    assert!(out.starts_with("verified"));

    // A different seed than the one committed to.
    let mut swapped = honest.clone();
    swapped.setup.seed += 1;
    std::fs::write(&path, serde_json::to_string(&swapped).unwrap()).unwrap();
    let (ok, out) = gb(&["replay", "verify", path.to_str().unwrap()]);
    assert!(!ok && out.contains("commitment"), "{out}");

    // A doctored result.
    let mut doctored = honest.clone();
    if let Some(o) = doctored.outcome.as_mut() {
        o.winner = o.winner.other();
    }
    doctored.final_state_hash = "0000000000000000".into();
    std::fs::write(&path, serde_json::to_string(&doctored).unwrap()).unwrap();
    let (ok, out) = gb(&["replay", "verify", path.to_str().unwrap()]);
    assert!(!ok && out.contains("NOT VERIFIED"), "{out}");
}
