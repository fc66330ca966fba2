//! Bots finish games and submit only legal intents (the arena asserts it), and the levels are ordered.
use gb_bot::Level;
use gb_bot::arena::play_game;

#[test]
fn every_pair_finishes_with_legal_intents() {
    for (a, b) in [(Level::Random, Level::Greedy), (Level::Greedy, Level::Search), (Level::Search, Level::Random)] {
        for g in 0..2 {
            let r = play_game(a, b, g, 7);
            assert!(r.a_won.is_some(), "{a:?} vs {b:?} game {g} hit the intent cap");
        }
    }
}

/// Everything is seeded (decks, deal, bots' sampling), so this count is the same on every run.
#[test]
fn greedy_beats_random() {
    let wins = (0..10).filter(|&g| play_game(Level::Greedy, Level::Random, g, 3).a_won == Some(true)).count();
    assert!(wins >= 8, "greedy won only {wins} of 10");
}

/// The arena's scripted sparring partner plays whole games of legal intents against every level.
#[test]
fn scripted_finishes_against_every_level() {
    use gb_bot::arena::Contender;
    for level in [Level::Random, Level::Greedy, Level::Search] {
        for g in 0..2 {
            let r = play_game(Contender::Scripted, level, g, 11);
            assert!(r.a_won.is_some(), "scripted vs {level:?} game {g} hit the intent cap");
        }
    }
}

/// The script is no random player: it attacks only where it wins the exchange and blends its biggest blend.
#[test]
fn scripted_beats_random() {
    use gb_bot::arena::Contender;
    let wins = (0..10).filter(|&g| play_game(Contender::Scripted, Level::Random, g, 5).a_won == Some(true)).count();
    assert!(wins >= 7, "scripted won only {wins} of 10 against random");
}

/// With no wall-clock cap in reach, the search is a pure function of its seed and the match: the same series
/// game twice gives the same moves (same length, same winner, same iterations spent).
#[test]
fn search_is_deterministic_without_the_cap() {
    use gb_bot::SearchConfig;
    use gb_bot::arena::{Contender, play_game_with};
    let far = std::time::Duration::from_secs(600);
    let config = SearchConfig { iterations: 24, time_cap: far, hard_cap: far, ..Default::default() };
    let play = || play_game_with(Contender::Level(Level::Search), Contender::Scripted, 1, 21, &config);
    let (first, second) = (play(), play());
    assert!(first.a_searches > 0 && first.a_iterations == 24 * u64::from(first.a_searches));
    assert_eq!((first.intents, first.a_won, first.a_iterations), (second.intents, second.a_won, second.a_iterations));
}
