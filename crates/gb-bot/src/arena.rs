//! Bot-versus-bot matches for the arena binary and the tests: fixed seeds, seats swapped every game, and every
//! submitted intent checked against the legal list before it is applied. `table` seats three to six bots.
use crate::{Bot, Level, ScriptedBot, SearchConfig, decide, new_bot_with};
use gb_core::decks::preconstructed;
use gb_core::{MatchSetup, Seat, apply, legal_intents, new_match, owed_seat};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

pub mod table;

/// A match longer than this is called a draw (random play finishes in about 450 intents).
pub const MAX_INTENTS: u32 = 5000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Which seat bot `a` held.
    pub a_seat: Seat,
    /// `Some(true)` when bot `a` won, `None` for a draw by the intent cap.
    pub a_won: Option<bool>,
    pub intents: u32,
    /// The slowest decision of bot `a`, wall clock, in microseconds.
    pub a_slowest_us: u64,
    /// Decisions of bot `a` that ran a search, the iterations they ran and their wall clock in microseconds.
    pub a_searches: u32,
    pub a_iterations: u64,
    pub a_search_us: u64,
}

/// Who plays a seat in the arena: one of the lobby's levels, or the fixed script new players follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    Level(Level),
    Scripted,
}

impl From<Level> for Contender {
    fn from(level: Level) -> Self {
        Contender::Level(level)
    }
}

impl std::str::FromStr for Contender {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s.eq_ignore_ascii_case("scripted") {
            return Ok(Contender::Scripted);
        }
        s.parse().map(Contender::Level).map_err(|e| format!("{e}, or scripted"))
    }
}

impl Contender {
    pub(crate) fn bot(self, seed: u64, search: &SearchConfig) -> Box<dyn Bot + Send> {
        match self {
            Contender::Level(level) => new_bot_with(level, seed, search.clone()),
            Contender::Scripted => Box::new(ScriptedBot::new()),
        }
    }
}

/// Preconstructed decks a two-player series deals from: each game's two decks are two of them.
pub const DECKS: usize = 4;

/// Game `index` of a series before its first intent.
pub struct Game {
    pub state: gb_core::MatchState,
    /// Which seat bot `a` holds.
    pub a_seat: Seat,
    /// The match's seed, from which each bot's own seed is derived.
    pub match_seed: u64,
    /// Which of the `DECKS` preconstructed decks seat A and seat B play.
    pub decks: [usize; 2],
}

/// Game `index` of a series: games 2k and 2k+1 share decks (two of the four preconstructed ones) and seed, with
/// the bots' seats swapped.
pub fn new_game(index: u64, seed: u64) -> Game {
    let pair = index / 2;
    let match_seed = seed.wrapping_mul(1_000_003).wrapping_add(pair);
    let decks = preconstructed();
    let n = DECKS as u64;
    let picked = [(match_seed % n) as usize, ((match_seed / n + 1) % n) as usize];
    let setup =
        MatchSetup { decks: picked.map(|d| decks[d].1.clone()).to_vec(), seed: match_seed.into(), chooser: None };
    let state = new_match(&setup).expect("shipped decks are legal");
    let a_seat = if index.is_multiple_of(2) { Seat::A } else { Seat::B };
    Game { state, a_seat, match_seed, decks: picked }
}

/// Game `index` of a series: games 2k and 2k+1 share decks and seed with the bots' seats swapped, so neither
/// bot profits from a lucky deal or from going first.
pub fn play_game(a: impl Into<Contender>, b: impl Into<Contender>, index: u64, seed: u64) -> GameResult {
    play_game_with(a.into(), b.into(), index, seed, &SearchConfig::default())
}

/// [`play_game`] with an explicit search budget for any search bot in the game.
pub fn play_game_with(a: Contender, b: Contender, index: u64, seed: u64, search: &SearchConfig) -> GameResult {
    play_game_logged(a, b, index, seed, search, None)
}

/// [`play_game_with`], writing one line per intent into `log` when given: who played what at which score, and
/// how a searching bot saw its options (for finding the turns a game was lost on).
pub fn play_game_logged(
    a: Contender,
    b: Contender,
    index: u64,
    seed: u64,
    search: &SearchConfig,
    mut log: Option<&mut Vec<String>>,
) -> GameResult {
    let Game { mut state, a_seat, match_seed, .. } = new_game(index, seed);
    let mut bots = [a.bot(match_seed ^ 0xa, search), b.bot(match_seed ^ 0xb, search)];
    let mut intents = 0;
    let mut a_slowest_us = 0;
    let (mut a_searches, mut a_iterations, mut a_search_us) = (0, 0, 0);
    while let Some(seat) = owed_seat(&state) {
        if intents >= MAX_INTENTS {
            return GameResult { a_seat, a_won: None, intents, a_slowest_us, a_searches, a_iterations, a_search_us };
        }
        let who = usize::from(seat != a_seat);
        let started = std::time::Instant::now();
        let intent = decide(bots[who].as_mut(), &state, seat);
        if who == 0 {
            let us = started.elapsed().as_micros() as u64;
            a_slowest_us = a_slowest_us.max(us);
            if let Some(n) = bots[0].last_iterations() {
                a_searches += 1;
                a_iterations += u64::from(n);
                a_search_us += us;
            }
        }
        assert!(legal_intents(&state, seat).contains(&intent), "bot submitted an illegal intent {intent:?}");
        if let Some(log) = log.as_deref_mut() {
            let (pa, pb) = (state.player(Seat::A), state.player(Seat::B));
            let t = state.turn();
            let note = bots[who].last_note().map(|n| format!("  [{n}]")).unwrap_or_default();
            log.push(format!(
                "#{intents} round {} turn {} {seat:?} ({}) hp {}-{} rounds {}-{}: {intent:?}{note}",
                t.round,
                t.number,
                if who == 0 { "a" } else { "b" },
                pa.hp,
                pb.hp,
                pa.rounds_won,
                pb.rounds_won
            ));
        }
        apply(&mut state, seat, &intent).expect("a legal intent is accepted");
        intents += 1;
    }
    let winner = state.outcome().expect("the game is over").winner;
    GameResult { a_seat, a_won: Some(winner == a_seat), intents, a_slowest_us, a_searches, a_iterations, a_search_us }
}

/// Games `first .. first + games` played on `threads` threads, each game by its index alone; in index order.
pub fn in_parallel<R: Send>(first: u64, games: u64, threads: u64, play: impl Fn(u64) -> R + Sync) -> Vec<(u64, R)> {
    let next = AtomicU64::new(first);
    let results: Mutex<Vec<(u64, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= first + games {
                        break;
                    }
                    let r = play(g);
                    results.lock().unwrap().push((g, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(g, _)| *g);
    results
}

/// A binary's command line: `--name value` pairs and bare `--switch`es.
pub struct Flags(pub Vec<String>);

impl Flags {
    pub fn from_env() -> Flags {
        Flags(std::env::args().skip(1).collect())
    }

    /// The value after `name`, or `default`.
    pub fn get(&self, name: &str, default: &str) -> String {
        self.0.iter().position(|a| a == name).and_then(|i| self.0.get(i + 1)).cloned().unwrap_or(default.into())
    }

    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }
}
