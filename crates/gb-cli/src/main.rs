//! `gb`: the workspace's command line. `gb scenario run PATH...` runs scenario files and directories;
//! `gb replay verify FILE` replays a match record through the engine and checks its shuffles, draws and result;
//! `gb rules coverage` writes the rules coverage table (see `rules.rs`);
//! `gb tournament standings|pair FILE` recompute a tournament's standings and next pairing (`tournament.rs`).
mod rules;
mod tournament;

use gb_core::record::MatchRecord;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage:\n  gb scenario run PATH...     run scenario files (.toml) and directories\n  gb replay verify FILE       check a match record (JSON) against the engine\n  gb rules coverage [--check] [ROOT]\n                              write docs/rules-coverage.md (or check it is fresh)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["scenario", "run", paths @ ..] if !paths.is_empty() => scenario_run(paths),
        ["replay", "verify", file] => replay_verify(Path::new(file)),
        ["rules", "coverage", rest @ ..] => rules::coverage(rest),
        ["tournament", rest @ ..] => tournament::run(rest).unwrap_or_else(usage),
        _ => usage(),
    }
}

fn usage() -> ExitCode {
    eprintln!("{USAGE}\n{}", tournament::USAGE);
    ExitCode::from(2)
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(path)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x == "toml") {
                collect(&e, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

fn scenario_run(paths: &[&str]) -> ExitCode {
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = collect(Path::new(p), &mut files) {
            eprintln!("{p}: {e}");
            return ExitCode::from(2);
        }
    }
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let result = match std::fs::read_to_string(file) {
            Ok(text) => gb_core::scenario::run_text(&text),
            Err(e) => gb_core::scenario::ScenarioResult { name: String::new(), failure: Some(e.to_string()) },
        };
        match result.failure {
            None => {
                passed += 1;
                println!("pass  {}  {}", file.display(), result.name);
            }
            Some(why) => {
                failed += 1;
                println!("FAIL  {}  {}\n      {why}", file.display(), result.name);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed > 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// The commitment a server publishes at the start of a match (see `MatchRecord::seed_commitment`).
pub(crate) fn seed_commitment(seed: u64, nonce_hex: &str) -> Result<String, String> {
    let nonce = (0..nonce_hex.len())
        .step_by(2)
        .map(|i| nonce_hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok()))
        .collect::<Option<Vec<u8>>>()
        .ok_or("the nonce is not hex")?;
    let mut h = Sha256::new();
    h.update(b"gb-seed-v1");
    h.update(seed.to_le_bytes());
    h.update(&nonce);
    Ok(h.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

fn replay_verify(file: &Path) -> ExitCode {
    let record: MatchRecord = match std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    let verified = seed_commitment(record.setup.seed, &record.nonce).and_then(|c| record.verify(&c));
    match verified {
        Ok(v) => {
            println!(
                "verified: seed matches its commitment; {} intents replayed; every shuffle and draw reproduced; result {:?}; final state {}",
                v.intents, v.outcome, v.final_state_hash
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("NOT VERIFIED: {e}");
            ExitCode::FAILURE
        }
    }
}
