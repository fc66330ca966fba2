//! `leaf_fit --a greedy --b greedy --games 400 --seed 1 [--threads 2] [--first 0] [--l2 0.01] [--scale 20]
//! [--no-matchups]`: plays the games, fits the search's leaf weights to who won each round from every turn's start
//! (`gb_bot::leaf_fit`), and prints the fitted weights beside the landed ones, how well each predicts the rounds,
//! and the arena's `--eval` overrides that play with the fitted ones.
use gb_bot::arena::{Contender, DECKS, Flags, in_parallel};
use gb_bot::leaf_fit::{Model, Sample, accuracy, beta_of, fit, log_loss, overrides, samples_of_game};
use gb_bot::search_eval::{EvalParams, Terms};

fn main() {
    let flags = Flags::from_env();
    let get = |name: &str, default: &str| flags.get(name, default);
    let a: Contender = get("--a", "greedy").parse().unwrap_or_else(|e| panic!("{e}"));
    let b: Contender = get("--b", "greedy").parse().unwrap_or_else(|e| panic!("{e}"));
    let games: u64 = get("--games", "400").parse().expect("--games N");
    let seed: u64 = get("--seed", "1").parse().expect("--seed N");
    let first: u64 = get("--first", "0").parse().expect("--first N");
    let threads: u64 = get("--threads", "1").parse().expect("--threads N");
    let l2: f64 = get("--l2", "0.01").parse().expect("--l2 X");
    let scale: f64 = get("--scale", "20").parse().expect("--scale X");
    let search = gb_bot::SearchConfig::default();
    let started = std::time::Instant::now();
    let by_game = in_parallel(first, games, threads, |g| {
        let game = samples_of_game(a, b, g, seed, &search);
        eprintln!("game {g}: {} samples", game.len());
        game
    });
    // Even games to fit, odd ones to check: a pair's two games share decks, so each side of the split sees them.
    let (train, test): (Vec<_>, Vec<_>) = by_game.into_iter().partition(|(g, _)| g % 2 == 0);
    let flat = |v: Vec<(u64, Vec<Sample>)>| v.into_iter().flat_map(|(_, s)| s).collect::<Vec<_>>();
    let (train, test) = (flat(train), flat(test));
    let fitted = fit(&train, l2, !flags.has("--no-matchups"));
    let landed = Model { board: beta_of(&EvalParams::default()), matchup: Vec::new() };
    println!(
        "{a:?} vs {b:?}, {games} games from {first}, seed {seed}: {} samples to fit (even games), {} to check (odd); {:.1} s",
        train.len(),
        test.len(),
        started.elapsed().as_secs_f64()
    );
    println!("{:>15} {:>10} {:>10} {:>10}", "term", "landed", "fitted", "std err");
    for (i, name) in Terms::BOARD.iter().enumerate() {
        println!("{name:>15} {:>10.4} {:>10.4} {:>10.4}", landed.board[i], fitted.model.board[i], fitted.std_err[i]);
    }
    for (what, set) in [("fit", &train), ("check", &test)] {
        println!(
            "{what:>5}: log loss landed {:.4}, fitted {:.4}; rounds called right landed {:.1} %, fitted {:.1} %",
            log_loss(set, &landed),
            log_loss(set, &fitted.model),
            100.0 * accuracy(set, &landed),
            100.0 * accuracy(set, &fitted.model)
        );
    }
    println!("Newton steps: {}", fitted.steps);
    if !fitted.model.matchup.is_empty() {
        let m: Vec<String> = fitted.model.matchup.iter().map(|b| format!("{b:.2}")).collect();
        println!("matchup intercepts (mine * {DECKS} + theirs): {}", m.join(" "));
    }
    println!("--eval {}", overrides(&fitted.model.board, scale));
}
