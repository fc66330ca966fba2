//! Free-for-all tables of three to six bots (issue 16, plan step 12): fixed seeds, the contenders moved one seat
//! round the table every game so that each plays every seat of the same deal (turn order and neighbours matter
//! as much as going first does in the two-player game, MP-4, MP-10), and every intent checked against the legal
//! list before it is applied.
use super::Contender;
use crate::{SearchConfig, decide};
use gb_core::decks::preconstructed;
use gb_core::{MatchSetup, Seat, apply, legal_intents, new_match, owed_seat};
use std::time::{Duration, Instant};

/// A table longer than this is called a draw. Random play at six seats finishes within a few thousand intents;
/// a draw in a figure means a loop, not a long game.
pub const MAX_TABLE_INTENTS: u32 = 20_000;

/// What one contender did at one table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    pub seat: Seat,
    /// Finishing place, 1 for the last one standing (MP-30); `None` when the table hit the intent cap.
    pub place: Option<u8>,
    pub decisions: u32,
    /// Wall clock of all its decisions and of the slowest one, in microseconds.
    pub decision_us: u64,
    pub slowest_us: u64,
    /// Decisions that ran a search and the iterations they ran.
    pub searches: u32,
    pub iterations: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    /// One entry per contender, in the order they were given.
    pub contenders: Vec<Seated>,
    pub intents: u32,
}

impl TableResult {
    /// The contender who won, `None` for a draw by the intent cap.
    pub fn winner(&self) -> Option<usize> {
        self.contenders.iter().position(|c| c.place == Some(1))
    }
}

/// Game `index` of a series at a table of `contenders.len()` seats (3–6): games `n·k … n·k + n − 1` share decks
/// and seed, with contender `i` at seat `(i + index) mod n`, so every contender plays every seat of every deal.
pub fn play_table(contenders: &[Contender], index: u64, seed: u64, search: &SearchConfig) -> TableResult {
    let n = contenders.len();
    assert!((3..=6).contains(&n), "a free-for-all table has three to six seats, not {n}");
    let deal = index / n as u64;
    let match_seed = seed.wrapping_mul(1_000_003).wrapping_add(deal);
    let shipped = preconstructed();
    // Seat s plays shipped deck (seed / 4^s + s) mod 4: every deal a mix, the same deck at several seats allowed.
    let decks = (0..n).map(|s| shipped[((match_seed >> (2 * s)) as usize + s) % 4].1.clone()).collect();
    let mut state =
        new_match(&MatchSetup { decks, seed: match_seed.into(), chooser: None }).expect("shipped decks are legal");
    let shift = (index % n as u64) as usize;
    let seat_of = |i: usize| Seat::ALL[(i + shift) % n];
    let mut bots: Vec<_> =
        contenders.iter().enumerate().map(|(i, c)| c.bot(match_seed ^ (0xa + i as u64), search)).collect();
    let mut seated: Vec<Seated> = (0..n)
        .map(|i| Seated {
            seat: seat_of(i),
            place: None,
            decisions: 0,
            decision_us: 0,
            slowest_us: 0,
            searches: 0,
            iterations: 0,
        })
        .collect();
    let mut intents = 0;
    while let Some(seat) = owed_seat(&state) {
        if intents >= MAX_TABLE_INTENTS {
            return TableResult { contenders: seated, intents };
        }
        let who = (seat.index() + n - shift) % n;
        let started = Instant::now();
        let intent = decide(bots[who].as_mut(), &state, seat);
        let us = started.elapsed().as_micros() as u64;
        let s = &mut seated[who];
        s.decisions += 1;
        s.decision_us += us;
        s.slowest_us = s.slowest_us.max(us);
        if let Some(k) = bots[who].last_iterations() {
            s.searches += 1;
            s.iterations += u64::from(k);
        }
        assert!(
            legal_intents(&state, seat).contains(&intent),
            "{:?} at {seat:?} submitted an illegal {intent:?}",
            contenders[who]
        );
        apply(&mut state, seat, &intent).expect("a legal intent is accepted");
        intents += 1;
    }
    let places = state.places().expect("a finished free-for-all has places");
    for (place, seat) in places.iter().enumerate() {
        let who = (seat.index() + n - shift) % n;
        seated[who].place = Some(place as u8 + 1);
    }
    TableResult { contenders: seated, intents }
}

/// The figures of a series of tables, one line per contender: wins (and the share a coin would give, 1/n), mean
/// place, draws by the cap, and wall-clock time per decision.
pub fn table_summary(contenders: &[Contender], results: &[TableResult], seed: u64, took: Duration) -> String {
    let n = contenders.len();
    let games = results.len();
    let draws = results.iter().filter(|r| r.winner().is_none()).count();
    let mean_len = results.iter().map(|r| f64::from(r.intents)).sum::<f64>() / games.max(1) as f64;
    let mut out = format!(
        "table of {n} {contenders:?}: {games} games (each contender moved one seat round per game), seed {seed}; \
         {draws} drawn by the cap; mean {mean_len:.0} intents/game; {:.1} s\n",
        took.as_secs_f64()
    );
    for (i, c) in contenders.iter().enumerate() {
        let mine = || results.iter().map(move |r| &r.contenders[i]);
        let wins = mine().filter(|s| s.place == Some(1)).count();
        let placed: Vec<u8> = mine().filter_map(|s| s.place).collect();
        let mean_place = placed.iter().map(|&p| f64::from(p)).sum::<f64>() / placed.len().max(1) as f64;
        let decisions: u64 = mine().map(|s| u64::from(s.decisions)).sum();
        let ms = mine().map(|s| s.decision_us).sum::<u64>() as f64 / 1000.0 / decisions.max(1) as f64;
        let slowest = mine().map(|s| s.slowest_us).max().unwrap_or(0) as f64 / 1000.0;
        let searches: u64 = mine().map(|s| u64::from(s.searches)).sum();
        let iterations = mine().map(|s| s.iterations).sum::<u64>() as f64 / searches.max(1) as f64;
        out += &format!(
            "  #{i} {c:?}: won {wins} ({:.1}%, even share {:.1}%), mean place {mean_place:.2}; {decisions} decisions, \
             {ms:.2} ms each, slowest {slowest:.0} ms",
            100.0 * wins as f64 / games.max(1) as f64,
            100.0 / n as f64
        );
        if searches > 0 {
            out += &format!("; {searches} searched, {iterations:.1} iterations each");
        }
        out += "\n";
    }
    out
}
