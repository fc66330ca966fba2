//! The `gb` binary end to end: scenario runs and replay verification, including the failures they must catch.
use gb_core::playout::{RandomPolicy, play_out};
use gb_core::record::{LoggedIntent, MatchRecord, RECORD_FORMAT};
use gb_core::seed::{Seed, commitment};
use gb_core::{MatchSetup, decks::preconstructed, new_match, state_hash};
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

/// The test cards' scenarios run from the command line: each file asks for them (`test_cards = true`, issue 48).
#[test]
fn runs_the_test_card_scenarios() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../gb-core/test-cards/scenarios");
    let (ok, out) = gb(&["scenario", "run", dir]);
    assert!(ok, "{out}");
    assert!(!out.contains("FAIL") && out.lines().count() > 20, "{out}");
    // Without asking, a test card is no card at all.
    let text = std::fs::read_to_string(format!("{dir}/613-gain-hp-past-the-start.toml")).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let unasked = tmp.path().join("unasked.toml");
    std::fs::write(&unasked, text.replacen("test_cards = true\n", "", 1)).unwrap();
    let (ok, out) = gb(&["scenario", "run", unasked.to_str().unwrap()]);
    assert!(!ok && out.contains("no card named \"Test Mender\""), "{out}");
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

fn record(seed: u64) -> MatchRecord {
    let decks = preconstructed();
    let setup = MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: seed.into(), chooser: None };
    let mut state = new_match(&setup).unwrap();
    let log = play_out(&mut state, &mut RandomPolicy::new(seed), 100_000, |_, _, _| {});
    let nonce = "07010203".to_owned();
    MatchRecord {
        format: RECORD_FORMAT.into(),
        rng_algorithm: gb_core::rng::RNG_ALGORITHM.into(),
        seed_commitment: commitment(&setup.seed, &nonce).unwrap(),
        setup,
        nonce,
        log: log.into_iter().map(|(seat, intent)| LoggedIntent { seat, intent }).collect(),
        outcome: state.outcome(),
        final_state_hash: format!("{:016x}", state_hash(&state)),
    }
}

/// Writes `r` and runs `gb replay verify` on it with `extra` arguments.
fn verify(r: &MatchRecord, extra: &[&str]) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.json");
    std::fs::write(&path, serde_json::to_string(r).unwrap()).unwrap();
    let mut args = vec!["replay", "verify", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    gb(&args)
}

#[test]
fn verifies_an_honest_record_and_catches_tampering() {
    let honest = record(3);
    let (ok, out) = verify(&honest, &[]);
    assert!(ok, "{out}");
    assert!(out.starts_with("verified") && out.contains("self-consistency only"), "{out}");
    let (ok, out) = verify(&honest, &["--commitment", &honest.seed_commitment.to_uppercase()]);
    assert!(ok && out.contains("matches the published commitment"), "{out}");

    // A different seed than the one committed to.
    let mut swapped = honest.clone();
    swapped.setup.seed = Seed::from_u64(4);
    let (ok, out) = verify(&swapped, &[]);
    assert!(!ok && out.contains("commitment"), "{out}");

    // A doctored result.
    let mut doctored = honest.clone();
    if let Some(o) = doctored.outcome.as_mut() {
        o.winner = gb_core::Table::STANDARD.standard_opponent(o.winner);
    }
    doctored.final_state_hash = "0000000000000000".into();
    let (ok, out) = verify(&doctored, &[]);
    assert!(!ok && out.contains("NOT VERIFIED"), "{out}");
}

/// Issue #12: a forger who changes the nonce and recomputes the record's own commitment fools
/// a self-consistency check, and is caught by the commitment published when the game started.
#[test]
fn a_recomputed_commitment_fails_against_the_published_one() {
    let honest = record(5);
    let published = honest.seed_commitment.clone();
    let mut forged = honest.clone();
    forged.nonce = "deadbeef".into();
    forged.seed_commitment = commitment(&forged.setup.seed, &forged.nonce).unwrap();
    let (ok, out) = verify(&forged, &[]);
    assert!(ok && out.contains("self-consistency only"), "alone, the forgery agrees with itself: {out}");
    let (ok, out) = verify(&forged, &["--commitment", &published]);
    assert!(!ok && out.contains("independently published commitment"), "{out}");
    let (ok, out) = verify(&honest, &["--commitment", "not-hex"]);
    assert!(!ok && out.contains("published commitment: not hex"), "{out}");
}

/// The nonce is read strictly: digits that are not hex are an error, not skipped (the server and the CLI once
/// disagreed on this).
#[test]
fn a_nonce_that_is_not_hex_is_refused() {
    let mut r = record(6);
    r.nonce = "0701020".into();
    let (ok, out) = verify(&r, &[]);
    assert!(!ok && out.contains("the nonce: not hex"), "{out}");
}
