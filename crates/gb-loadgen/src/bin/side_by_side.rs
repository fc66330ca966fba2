//! The performance issue's report from one run (BENCHMARKS.md, "Now"): gb-server against the floor and the engine
//! against a chess ply, each figure beside its reference measured in the same run, with the target it is read
//! against. `scripts/side_by_side.sh OUT` runs the floor, gb-server and the engine's side-by-side bench and then
//! this, which reads what they wrote and prints a markdown table:
//!
//! - `OUT/floor.jsonl`: `floor --json-out` (the bare relay), one object per load;
//! - `OUT/server/results.jsonl`: `gb-loadgen --json-out` (bench.sh), one object per load;
//! - `OUT/engine.txt`: `cargo bench -p gb-core --bench side_by_side`'s output.
//!
//! A server load is paired with the floor load of the same rooms, spectators and think time. Nothing is measured
//! here; a missing or unreadable part is said so in the table, not guessed.
use anyhow::{Context, Result};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The targets, each a ratio against the reference (issue 47).
const CPU_PER_INTENT: f64 = 2.0;
const CPU_PER_FRAME: f64 = 1.5;
const SWITCHES: f64 = 1.5;
const SATURATION: f64 = 0.5;
const P99_MS: f64 = 5.0;
/// The engine's: (the bench's line, what the table calls it, the most it may be).
const ENGINE: [(&str, &str, Option<f64>); 4] = [
    ("no views, playout / chess ply", "playout (`legal_intents_into` + `apply_listed`)", Some(2.0)),
    ("both seats' views / chess ply", "both seats' views, `view_for`", Some(4.0)),
    ("both views kept / chess ply", "both seats' views kept, `view_into`", Some(3.0)),
    ("both views together / chess", "both seats' views together, `views_into`", None),
];

fn main() -> Result<()> {
    let dir = std::env::args().nth(1).map(PathBuf::from).context("usage: side_by_side OUT_DIR")?;
    print!("{}", report(&dir)?);
    Ok(())
}

fn report(dir: &Path) -> Result<String> {
    let floor = json_lines(&dir.join("floor.jsonl"))?;
    let server = json_lines(&dir.join("server/results.jsonl"))?;
    let engine = std::fs::read_to_string(dir.join("engine.txt")).unwrap_or_default();
    Ok(table(&floor, &server, &engine))
}

/// Every JSON object of a file, one a line; none if there is no file.
fn json_lines(path: &Path) -> Result<Vec<Value>> {
    let Ok(text) = std::fs::read_to_string(path) else { return Ok(vec![]) };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).with_context(|| format!("{}: not a JSON line", path.display())))
        .collect()
}

/// The load a result is of: rooms, spectators per room, think time (ms).
fn load(v: &Value) -> (u64, u64, u64) {
    let n = |k: &str| v[k].as_u64().unwrap_or(0);
    (n("matches"), n("spectators_per_match"), n("think_ms"))
}

/// Whether a floor result is of the bare relay (`--shape inline`), the reference, rather than of gb-server's shape.
fn bare(floor: &Value) -> bool {
    floor["floor"].as_str().is_none_or(|s| s == "inline")
}

fn num(v: &Value, path: &[&str]) -> Option<f64> {
    path.iter().fold(v, |v, k| &v[*k]).as_f64()
}

/// One line of the table: a measure, the reference's figure, ours, their ratio and the verdict against `target`,
/// a ratio and whether it is the most the ratio may be (`true`) or the least (`false`).
fn row(out: &mut String, what: &str, floor: Option<f64>, server: Option<f64>, target: Option<(f64, bool)>) {
    let ratio = floor.zip(server).filter(|(f, _)| *f > 0.0).map(|(f, s)| s / f);
    let verdict = match (ratio, target) {
        (Some(r), Some((t, true))) => format!("≤ {t}× {}", mark(r <= t)),
        (Some(r), Some((t, false))) => format!("≥ {t}× {}", mark(r >= t)),
        (None, Some(_)) => "not measured".into(),
        (_, None) => String::new(),
    };
    let fig = |x: Option<f64>| x.map_or("–".into(), |x| if x >= 100.0 { format!("{x:.0}") } else { format!("{x:.2}") });
    let ratio = ratio.map_or("–".into(), |r| format!("{r:.2}×"));
    out.push_str(&format!("| {what} | {} | {} | {ratio} | {verdict} |\n", fig(floor), fig(server)));
}

fn mark(met: bool) -> &'static str {
    if met { "✔" } else { "✘" }
}

fn table(floors: &[Value], servers: &[Value], engine: &str) -> String {
    let mut out = String::from("| measure | reference | ours | ratio | target |\n|---|---|---|---|---|\n");
    for server in servers {
        let (rooms, spectators, think) = load(server);
        // The latest bare-relay floor run of the same load.
        let floor = floors.iter().rev().filter(|f| bare(f)).find(|f| load(f) == load(server));
        let f = |path: &[&str]| floor.and_then(|f| num(f, path));
        let s = |path: &[&str]| num(server, path);
        let name = format!("{rooms} × {spectators}, think {think} ms");
        // A think time this short offers more than the server can take: a saturation run, read per core-second.
        if think < 100 {
            let per_core = ["server_intents_per_cpu_s"];
            row(
                &mut out,
                &format!("{name}: intents per server-core-second"),
                f(&per_core),
                s(&per_core),
                Some((SATURATION, false)),
            );
            let bound = server["generator_bound"].as_bool() == Some(true)
                || floor.is_some_and(|f| f["generator_bound"] == true);
            if bound {
                out.push_str(&format!(
                    "| {name}: the generator used most of the machine (generator-bound) | | | | |\n"
                ));
            }
            continue;
        }
        let us = ["server_cpu_us_per_intent"];
        let frame = ["server_cpu_us_per_frame"];
        let switches = ["server_context_switches_per_intent"];
        row(&mut out, &format!("{name}: µs CPU per intent"), f(&us), s(&us), Some((CPU_PER_INTENT, true)));
        row(
            &mut out,
            &format!("{name}: µs CPU per delivered frame"),
            f(&frame),
            s(&frame),
            Some((CPU_PER_FRAME, true)),
        );
        row(
            &mut out,
            &format!("{name}: context switches per intent"),
            f(&switches),
            s(&switches),
            Some((SWITCHES, true)),
        );
        // The floor in gb-server's shape (`floor --shape`), if it ran: what the shape costs with no game, and so
        // what is left to the game itself.
        for shaped in floors.iter().filter(|f| !bare(f) && load(f) == load(server)) {
            let shape = shaped["floor"].as_str().unwrap_or_default();
            let cost = num(shaped, &us);
            row(
                &mut out,
                &format!("{name}: µs CPU per intent, the floor in gb-server's shape (`--shape {shape}`)"),
                f(&us),
                cost,
                None,
            );
            let game = cost.zip(s(&us)).map(|(c, s)| s - c);
            out.push_str(&format!(
                "| {name}: the game's own µs per intent (gb-server − `{shape}`) | | {} | | |\n",
                game.map_or("–".into(), |g| format!("{g:.0}"))
            ));
        }
        let p99 = s(&["server_latency_ms", "p99"]);
        let shown = p99.map_or("–".into(), |p| format!("{p:.2}"));
        let verdict = if rooms >= 4000 {
            p99.map_or("not measured".into(), |p| format!("≤ {P99_MS} ms {}", mark(p <= P99_MS)))
        } else {
            String::new()
        };
        out.push_str(&format!(
            "| {name}: server p99, intent read → last frame written (ms) | | {shown} | | {verdict} |\n"
        ));
    }
    let chess = engine.lines().find(|l| l.contains("chess (shakmaty")).and_then(first_number);
    for (line, what, most) in ENGINE {
        let ratio = engine.lines().find(|l| l.contains(line)).and_then(|l| l.rsplit(':').next()).and_then(first_number);
        // The ratio is the bench's own median over its rounds; shown against a chess ply of 1.
        let ours = ratio.zip(chess).map(|(r, c)| r * c);
        row(&mut out, &format!("engine, ns per intent: {what}"), chess, ours, most.map(|m| (m, true)));
    }
    out
}

/// The first number in `text` (`"  2.24x"` → 2.24).
fn first_number(text: &str) -> Option<f64> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let rest = &text[start..];
    let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn server(matches: u64, spectators: u64, think: u64, us: f64, p99: f64) -> Value {
        json!({ "matches": matches, "spectators_per_match": spectators, "think_ms": think,
                "server_cpu_us_per_intent": us, "server_cpu_us_per_frame": us / 4.0,
                "server_context_switches_per_intent": 2.0, "server_intents_per_cpu_s": 1e6 / us,
                "server_latency_ms": { "p99": p99 }, "generator_bound": false })
    }

    const ENGINE_TEXT: &str = "side_by_side: 5 rounds of 300 ms per workload, one thread pinned to one core
  chess (shakmaty random playout)           200 ns/ply       5000 games/s
  ratio per step, no views, playout / chess ply: 2.10x
  ratio per step, both seats' views / chess ply: 9.50x
  ratio per step, both views kept / chess ply:   2.90x
  ratio per step, both views together / chess:   7.80x
";

    #[test]
    fn each_figure_is_read_against_the_floor_of_the_same_load_and_its_target() {
        let mut shaped = server(1000, 2, 1000, 140.0, 0.0);
        shaped["floor"] = "durable-inline".into();
        let floors = [
            server(1000, 2, 1000, 100.0, 0.0),
            shaped,
            server(4000, 2, 1000, 50.0, 0.0),
            server(1000, 0, 20, 20.0, 0.0),
        ];
        let servers =
            [server(1000, 2, 1000, 190.0, 0.9), server(4000, 2, 1000, 160.0, 6.6), server(1000, 0, 20, 100.0, 1.0)];
        let t = table(&floors, &servers, ENGINE_TEXT);
        assert!(t.contains("| 1000 × 2, think 1000 ms: µs CPU per intent | 100 | 190 | 1.90× | ≤ 2× ✔ |"), "{t}");
        assert!(t.contains("| 4000 × 2, think 1000 ms: µs CPU per intent | 50.00 | 160 | 3.20× | ≤ 2× ✘ |"), "{t}");
        // The shaped floor is no reference for the targets, but says what the game itself costs.
        assert!(
            t.contains("the floor in gb-server's shape (`--shape durable-inline`) | 100 | 140 | 1.40× |  |"),
            "{t}"
        );
        assert!(
            t.contains(
                "| 1000 × 2, think 1000 ms: the game's own µs per intent (gb-server − `durable-inline`) | | 50 | | |"
            ),
            "{t}"
        );
        assert!(t.contains("server p99, intent read → last frame written (ms) | | 6.60 | | ≤ 5 ms ✘ |"), "{t}");
        // 1e6/100 against 1e6/20: a fifth of the floor's intents per core-second.
        assert!(
            t.contains("| 1000 × 0, think 20 ms: intents per server-core-second | 50000 | 10000 | 0.20× | ≥ 0.5× ✘ |"),
            "{t}"
        );
        assert!(t.contains("| engine, ns per intent: playout (`legal_intents_into` + `apply_listed`) | 200 | 420 | 2.10× | ≤ 2× ✘ |"), "{t}");
        assert!(t.contains("both seats' views kept, `view_into` | 200 | 580 | 2.90× | ≤ 3× ✔ |"), "{t}");
    }

    #[test]
    fn a_part_not_run_is_said_not_measured() {
        let t = table(&[], &[server(1000, 2, 1000, 190.0, 0.9)], "");
        assert!(t.contains("| 1000 × 2, think 1000 ms: µs CPU per intent | – | 190 | – | not measured |"), "{t}");
        assert!(t.contains("playout (`legal_intents_into` + `apply_listed`) | – | – | – | not measured |"), "{t}");
    }
}
