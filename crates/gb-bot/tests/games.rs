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
