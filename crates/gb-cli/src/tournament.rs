//! `gb tournament standings FILE [--csv]` and `gb tournament pair FILE`: the pure tournament functions over a
//! tournament file, so an organizer can recompute and audit any event offline (`docs/tournaments.md`).
use gb_tournament::{Fraction, PairingError, Standings, Tournament};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub(crate) enum Command {
    /// Standings with the MTR tiebreakers, exact fractions beside decimals (JSON, or CSV).
    Standings {
        /// The tournament file (JSON).
        file: PathBuf,
        /// CSV instead of JSON (exact fractions in the *_exact columns).
        #[arg(long)]
        csv: bool,
    },
    /// The next round's pairings (JSON), or why there are none (exit code 1).
    Pair {
        /// The tournament file (JSON).
        file: PathBuf,
    },
}

pub(crate) fn run(command: Command) -> ExitCode {
    match command {
        Command::Standings { file, csv } => standings(&file, csv),
        Command::Pair { file } => pair(&file),
    }
}

fn load(file: &Path) -> Result<Tournament, ExitCode> {
    let text = std::fs::read_to_string(file).map_err(|e| {
        eprintln!("{}: {e}", file.display());
        ExitCode::from(2)
    })?;
    gb_tournament::parse(&text).map_err(|e| {
        eprintln!("{}: {e}", file.display());
        ExitCode::from(2)
    })
}

/// An exact value beside its rounded decimal: `{"exact": "2/3", "decimal": 0.6667}`.
fn both(f: Fraction) -> Value {
    let decimal: f64 = f.decimal(4).parse().expect("a decimal string");
    json!({ "exact": f.to_string(), "decimal": decimal })
}

fn standings_json(s: &Standings) -> Value {
    let players: Vec<Value> = s
        .players
        .iter()
        .map(|p| {
            json!({
                "rank": p.rank,
                "player": p.player,
                "name": p.name,
                "match_points": p.match_points,
                "record": p.record.to_string(),
                "games": p.games.to_string(),
                "omw": both(p.omw),
                "gw": both(p.gw),
                "ogw": both(p.ogw),
                "mw": both(p.mw),
                "active": p.active,
            })
        })
        .collect();
    json!({ "rounds": s.rounds, "standings": players })
}

fn standings(file: &Path, csv: bool) -> ExitCode {
    let t = match load(file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match gb_tournament::standings(&t) {
        Ok(s) if csv => print!("{}", s.to_csv()),
        Ok(s) => println!("{}", serde_json::to_string_pretty(&standings_json(&s)).expect("JSON")),
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// Prints the plan, or the typed reason there is none (`{"error": {...}}`) with exit code 1.
fn pair(file: &Path) -> ExitCode {
    let t = match load(file) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match gb_tournament::pair_next_round(&t) {
        Ok(plan) => {
            println!("{}", serde_json::to_string_pretty(&plan).expect("JSON"));
            ExitCode::SUCCESS
        }
        Err(e @ PairingError::Invalid { .. }) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(2)
        }
        Err(e) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&json!({ "error": e, "message": e.to_string() })).expect("JSON")
            );
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
