//! `gb`: the workspace's command line, its arguments read by clap (`gb --help`, `gb tournament --help`, …).
//! `gb scenario run PATH...` runs scenario files and directories;
//! `gb replay verify FILE [--commitment HEX]` replays a match record through the engine and checks its seed
//! against the commitment published when the game started, its shuffles, draws and result;
//! `gb rules coverage` writes the rules coverage table (see `rules.rs`);
//! `gb tournament standings|pair FILE` recompute a tournament's standings and next pairing (`tournament.rs`).
mod rules;
mod tournament;

use clap::{Parser, Subcommand};
use gb_core::record::{CommitmentCheck, MatchRecord};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The workspace's command line: rules scenarios, match records, rules coverage and tournament files.
#[derive(Parser)]
#[command(name = "gb", arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rules scenarios (docs/scenarios.md).
    #[command(subcommand, arg_required_else_help = true)]
    Scenario(Scenario),
    /// Finished matches' records.
    #[command(subcommand, arg_required_else_help = true)]
    Replay(Replay),
    /// The rules' coverage by tests.
    #[command(subcommand, arg_required_else_help = true)]
    Rules(Rules),
    /// Tournament files (docs/tournaments.md): recompute and audit an event offline.
    #[command(subcommand, arg_required_else_help = true)]
    Tournament(tournament::Command),
}

#[derive(Subcommand)]
enum Scenario {
    /// Run scenario files (.toml) and directories of them; one line per scenario, then a summary.
    Run {
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
    },
}

#[derive(Subcommand)]
enum Replay {
    /// Check a match record (JSON) against the engine: every shuffle and draw, the result and the final state.
    Verify {
        /// The match record, as `GET /api/matches/{id}/replay` gives it in `record`.
        file: PathBuf,
        /// The seed commitment the room published when the game started (`seed_hash`), obtained apart from the
        /// record; without it only the record's agreement with itself is checked.
        #[arg(long, value_name = "HEX")]
        commitment: Option<String>,
    },
}

#[derive(Subcommand)]
enum Rules {
    /// Write docs/rules-coverage.md from the rule citations in tests and scenario files.
    Coverage {
        /// Write nothing; fail if the committed table is stale.
        #[arg(long)]
        check: bool,
        /// The repository's root.
        #[arg(default_value = ".")]
        root: PathBuf,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Scenario(Scenario::Run { paths }) => scenario_run(&paths),
        Command::Replay(Replay::Verify { file, commitment }) => replay_verify(&file, commitment.as_deref()),
        Command::Rules(Rules::Coverage { check, root }) => rules::coverage(check, &root),
        Command::Tournament(t) => tournament::run(t),
    }
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

fn scenario_run(paths: &[PathBuf]) -> ExitCode {
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = collect(p, &mut files) {
            eprintln!("{}: {e}", p.display());
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
