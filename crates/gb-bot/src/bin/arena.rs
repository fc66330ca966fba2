//! `arena --a search --b random|greedy|scripted --games 200 --seed 1 [--threads 2] [--first 0] [--log-losses DIR] [--halving]
//! [--iterations 48 --depth 4 --width 4 --exploration 0.35 --cap-ms 450 --hard-cap-ms 850 --eval threat=0.5,meter=1]`: plays a
//! series with seats swapped every game and fixed seeds, and prints bot `a`'s win rate. `--first` starts at a
//! later game, so one series can be split over processes (each game depends only on its index and the seed).
//! `--eval` overrides the search bot's leaf weights (see `gb_bot::search_eval::EvalParams`).
//! `--table greedy,random,random` plays a free-for-all table of those contenders instead (three to six, moved one
//! seat round the table every game; `--a`/`--b` are then unused) and prints each one's wins and decision times.
use gb_bot::arena::table::{play_table, table_summary};
use gb_bot::arena::{Contender, Flags, in_parallel, play_game_logged};
use std::time::Instant;

fn main() {
    let flags = Flags::from_env();
    let get = |name: &str, default: &str| flags.get(name, default);
    let a: Contender = get("--a", "search").parse().unwrap_or_else(|e| panic!("{e}"));
    let b: Contender = get("--b", "random").parse().unwrap_or_else(|e| panic!("{e}"));
    let games: u64 = get("--games", "200").parse().expect("--games N");
    let seed: u64 = get("--seed", "1").parse().expect("--seed N");
    let threads: u64 = get("--threads", "1").parse().expect("--threads N");
    let mut search = gb_bot::SearchConfig::default();
    search.iterations = get("--iterations", &search.iterations.to_string()).parse().expect("--iterations N");
    search.max_depth = get("--depth", &search.max_depth.to_string()).parse().expect("--depth N");
    search.root_width = get("--width", &search.root_width.to_string()).parse().expect("--width N");
    search.exploration = get("--exploration", &search.exploration.to_string()).parse().expect("--exploration X");
    let cap_ms: u64 = get("--cap-ms", &search.time_cap.as_millis().to_string()).parse().expect("--cap-ms N");
    search.time_cap = std::time::Duration::from_millis(cap_ms);
    // A cap raised past the default hard cap gets a hard cap twice its size unless one is given.
    let hard_default = if search.time_cap < search.hard_cap { search.hard_cap } else { 2 * search.time_cap };
    let hard_ms: u64 = get("--hard-cap-ms", &hard_default.as_millis().to_string()).parse().expect("--hard-cap-ms N");
    search.hard_cap = std::time::Duration::from_millis(hard_ms);
    search.eval.parse_overrides(&get("--eval", "")).unwrap_or_else(|e| panic!("--eval: {e}"));
    search.screen_own_eval = flags.has("--screen-own-eval");
    search.root_bias = get("--root-bias", "0").parse().expect("--root-bias X");
    search.own_rollout = flags.has("--own-rollout");
    search.halving = flags.has("--halving");
    search.screen_worlds = get("--screen-worlds", "1").parse().expect("--screen-worlds N");
    let first: u64 = get("--first", "0").parse().expect("--first N");
    // Games bot `a` lost are written there, one line per intent.
    let log_losses: Option<String> = flags.has("--log-losses").then(|| get("--log-losses", "."));
    let start = Instant::now();
    if let Some(table) = flags.has("--table").then(|| get("--table", "")) {
        let contenders: Vec<Contender> =
            table.split(',').map(|c| c.trim().parse().unwrap_or_else(|e| panic!("--table: {e}"))).collect();
        let results = in_parallel(first, games, threads, |g| {
            let r = play_table(&contenders, g, seed, &search);
            let places: Vec<_> = r.contenders.iter().map(|c| (c.seat, c.place)).collect();
            eprintln!("game {g}: {} intents, (seat, place) per contender {places:?}", r.intents);
            r
        });
        let results: Vec<_> = results.into_iter().map(|(_, r)| r).collect();
        println!("{}", table_summary(&contenders, &results, seed, start.elapsed()));
        return;
    }
    let results = in_parallel(first, games, threads, |g| {
        let mut log = Vec::new();
        let r = play_game_logged(a, b, g, seed, &search, log_losses.as_ref().map(|_| &mut log));
        if let (Some(dir), Some(false)) = (&log_losses, r.a_won) {
            let path = format!("{dir}/game-{seed}-{g}.log");
            std::fs::write(&path, log.join("\n") + "\n").unwrap_or_else(|e| panic!("{path}: {e}"));
        }
        eprintln!("game {g}: {r:?}");
        r
    });
    let wins = results.iter().filter(|(_, r)| r.a_won == Some(true)).count();
    let draws = results.iter().filter(|(_, r)| r.a_won.is_none()).count();
    let as_a = results.iter().filter(|(_, r)| r.a_seat == gb_core::Seat::A && r.a_won == Some(true)).count();
    let slowest = results.iter().map(|(_, r)| r.a_slowest_us).max().unwrap_or(0) as f64 / 1000.0;
    let searches: u64 = results.iter().map(|(_, r)| u64::from(r.a_searches)).sum();
    let per = |total: u64| total as f64 / searches.max(1) as f64;
    let iterations = per(results.iter().map(|(_, r)| r.a_iterations).sum());
    let search_ms = per(results.iter().map(|(_, r)| r.a_search_us).sum()) / 1000.0;
    let mean_len = results.iter().map(|(_, r)| f64::from(r.intents)).sum::<f64>() / games.max(1) as f64;
    println!(
        "{a:?} vs {b:?}: {games} games, seed {seed}: {a:?} won {wins} ({:.1}%), lost {}, drew {draws}; \
         won {as_a} as seat A and {} as seat B; mean {mean_len:.0} intents/game; {a:?}'s slowest decision {slowest:.0} ms (wall clock); {:.1} s",
        100.0 * wins as f64 / games.max(1) as f64,
        games as usize - wins - draws,
        wins - as_a,
        start.elapsed().as_secs_f64()
    );
    if searches > 0 {
        println!("{a:?}: {searches} searched decisions, mean {iterations:.1} iterations and {search_ms:.1} ms each");
    }
}
