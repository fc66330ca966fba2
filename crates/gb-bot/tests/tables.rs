//! Computer players at free-for-all tables (issue 16, plan step 12): every level and the script play every seat of
//! tables of three, four and six to the last one standing (MP-30), naming defenders (MP-10) and submitting only
//! legal intents (`play_table` asserts each against the legal list before applying it).
use gb_bot::arena::Contender::{self, Level as L, Scripted};
use gb_bot::arena::table::{TableResult, play_table};
use gb_bot::{Level, SearchConfig};
use gb_core::Seat;

/// A small search budget: the test is about legality at every seat, not strength, and runs in a debug build.
fn small_search() -> SearchConfig {
    SearchConfig { iterations: 6, max_depth: 2, root_width: 3, ..SearchConfig::default() }
}

/// Plays games `games` of a series at a table of `contenders` and checks each ended with every place given once.
fn play_all(contenders: &[Contender], games: std::ops::Range<u64>, seed: u64) -> Vec<TableResult> {
    let n = contenders.len();
    games
        .map(|g| {
            let r = play_table(contenders, g, seed, &small_search());
            assert!(r.winner().is_some(), "{contenders:?} game {g} hit the intent cap after {} intents", r.intents);
            let mut places: Vec<u8> =
                r.contenders.iter().map(|c| c.place.expect("a finished table places all")).collect();
            places.sort();
            assert_eq!(places, (1..=n as u8).collect::<Vec<_>>(), "game {g}");
            assert!(r.contenders.iter().all(|c| c.decisions > 0), "every seat decides something (its mulligan)");
            r
        })
        .collect()
}

/// Each contender sits at every seat of the table once over `n` consecutive games.
fn assert_every_seat(results: &[TableResult], contenders: &[Contender]) {
    let n = contenders.len();
    for (i, c) in contenders.iter().enumerate() {
        let mut seats: Vec<Seat> = results.iter().map(|r| r.contenders[i].seat).collect();
        seats.sort();
        seats.dedup();
        assert_eq!(seats, Seat::ALL[..n].to_vec(), "{c:?} did not play every seat");
    }
}

#[test]
fn every_level_plays_every_seat_of_a_table_of_three() {
    let table = [L(Level::Search), L(Level::Greedy), Scripted];
    assert_every_seat(&play_all(&table, 0..3, 31), &table);
}

#[test]
fn every_level_plays_every_seat_of_a_table_of_four() {
    let table = [L(Level::Random), L(Level::Greedy), L(Level::Search), Scripted];
    assert_every_seat(&play_all(&table, 0..4, 41), &table);
}

/// Six seats, each level twice (random and greedy) or once: two games move everyone by one seat.
#[test]
fn mixed_levels_finish_a_table_of_six() {
    let table = [L(Level::Random), L(Level::Greedy), L(Level::Search), Scripted, L(Level::Random), L(Level::Greedy)];
    play_all(&table, 0..2, 61);
}

/// The medium level is no random player at a table either: against two random players it wins far more than the
/// third of the games an even share would give. Everything is seeded, so the count is the same on every run.
#[test]
fn greedy_wins_most_tables_against_two_random_players() {
    let table = [L(Level::Greedy), L(Level::Random), L(Level::Random)];
    let results = play_all(&table, 0..6, 3);
    let wins = results.iter().filter(|r| r.winner() == Some(0)).count();
    assert!(wins >= 4, "greedy won only {wins} of 6 tables against two random players");
}
