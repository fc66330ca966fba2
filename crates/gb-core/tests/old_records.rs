//! Match records players downloaded from earlier versions must keep verifying: `gb replay verify` replays the log
//! and compares the final state hash, so any change to the state's shape or its `Hash` (a new field, a reordered
//! enum variant) silently breaks every stored record unless it keeps two-player hashes as they were. The fixtures
//! in `tests/records/` were written by the engine of 2026-11-25 (before additional turns, CR 206.1g) and are
//! never regenerated; a failure here means the change broke old records, not that the fixtures are stale.
use gb_core::decks::preconstructed;
use gb_core::playout::{RandomPolicy, play_out};
use gb_core::record::{LoggedIntent, MatchRecord, RECORD_FORMAT};
use gb_core::{MatchSetup, new_match, state_hash};
use std::path::PathBuf;

fn records_dir() -> PathBuf {
    PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("run by cargo")).join("tests/records")
}

#[test]
fn records_written_by_earlier_versions_still_verify() {
    let mut files: Vec<_> = std::fs::read_dir(records_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(files.len() >= 8, "the fixtures are missing: {files:?}");
    for path in files {
        let record: MatchRecord = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let verified = record.verify(None).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(verified.outcome.is_some(), "{}: a finished match", path.display());
    }
}

/// Writes the fixtures; run once, by hand, on the engine whose hashes are to be kept:
/// `GB_WRITE_OLD_RECORDS=1 cargo test -p gb-core --test old_records -- --ignored`.
#[test]
#[ignore]
fn write_records() {
    if std::env::var("GB_WRITE_OLD_RECORDS").is_err() {
        return;
    }
    let decks = preconstructed();
    for seed in 0..8u64 {
        let setup = MatchSetup {
            decks: vec![decks[(seed % 4) as usize].1.clone(), decks[((seed / 4 + seed) % 4) as usize].1.clone()],
            seed: seed.into(),
            chooser: None,
        };
        let mut state = new_match(&setup).unwrap();
        let log = play_out(&mut state, &mut RandomPolicy::new(seed), 50_000, |_, _, _| {});
        let nonce = format!("{:032x}", seed + 1);
        let record = MatchRecord {
            format: RECORD_FORMAT.into(),
            rng_algorithm: gb_core::rng::RNG_ALGORITHM.into(),
            seed_commitment: gb_core::seed::commitment(&setup.seed, &nonce).unwrap(),
            nonce,
            setup,
            log: log.into_iter().map(|(seat, intent)| LoggedIntent { seat, intent }).collect(),
            outcome: state.outcome(),
            final_state_hash: format!("{:016x}", state_hash(&state)),
        };
        let path = records_dir().join(format!("seed-{seed}.json"));
        std::fs::write(path, serde_json::to_string(&record).unwrap()).unwrap();
    }
}
