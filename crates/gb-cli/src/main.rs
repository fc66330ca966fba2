//! `gb`: the workspace's command line. `gb scenario run PATH...` runs scenario files and directories;
//! `gb replay verify FILE [--commitment HEX]` replays a match record through the engine and checks its seed
//! against the commitment published when the game started, its shuffles, draws and result;
//! `gb rules coverage` writes the rules coverage table (see `rules.rs`);
//! `gb tournament standings|pair FILE` recompute a tournament's standings and next pairing (`tournament.rs`).
mod rules;
mod tournament;

use gb_core::record::{CommitmentCheck, MatchRecord};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage:\n  gb scenario run PATH...     run scenario files (.toml) and directories\n  gb replay verify FILE [--commitment HEX]\n                              check a match record (JSON) against the engine and, with\n                              --commitment, against the seed commitment the room published\n  gb rules coverage [--check] [ROOT]\n                              write docs/rules-coverage.md (or check it is fresh)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["scenario", "run", paths @ ..] if !paths.is_empty() => scenario_run(paths),
        ["replay", "verify", file] => replay_verify(Path::new(file), None),
        ["replay", "verify", file, "--commitment", hex] | ["replay", "verify", "--commitment", hex, file] => {
            replay_verify(Path::new(file), Some(hex))
        }
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

/// Verifies a record. With `published` (the `seed_hash` the room showed when the game started, obtained apart
/// from the record), the seed is checked against it; without, the output says the check is only that the record
/// agrees with itself.
fn replay_verify(file: &Path, published: Option<&str>) -> ExitCode {
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
    match record.verify(published) {
        Ok(v) => {
            let seed = match v.commitment {
                CommitmentCheck::Independent => "seed matches the published commitment",
                CommitmentCheck::SelfConsistent => {
                    "seed matches the record's own commitment (self-consistency only: pass --commitment HEX, the \
                     seed_hash the room published when the game started, to check it was fixed before play)"
                }
            };
            println!(
                "verified: {seed}; {} intents replayed; every shuffle and draw reproduced; result {:?}; final state {}",
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
