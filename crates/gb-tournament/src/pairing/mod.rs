//! `pair_next_round`: the next round of a tournament, from its log alone. Round 1 of a Swiss is a seeded shuffle;
//! later Swiss rounds are a maximum-weight matching (`swiss.rs`); a playoff is a fixed bracket (`bracket.rs`).
pub mod blossom;
mod bracket;
pub use bracket::provisional_top_cut;
mod groups;
pub mod swiss;
mod warm;

use crate::ledger::{Ledger, Slot};
use crate::outcome::MatchOutcome;
use crate::tournament::{Bye, Pairing, PlayerId, Structure, SwissRounds, Table, TableResult, Tournament};
use crate::{TournamentError, rng};
use serde::Serialize;
use std::fmt;

/// The next round, ready to be appended to the tournament's `rounds`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundPlan {
    pub round: u32,
    pub phase: Phase,
    /// Swiss: tables from the top of the standings down, then the bye. Playoff: bracket order, byes in place.
    pub pairings: Vec<Pairing>,
    /// Why each pair-down and bye happened, in words, for the organizer and the players.
    pub explanation: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    Swiss { of: u32 },
    Playoff { players: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PairingError {
    /// The file itself is wrong.
    Invalid { error: String },
    /// A table of the last round has no result yet.
    RoundInProgress { round: u32, table: u32 },
    /// Every round has been played (`champion` after a playoff).
    TournamentOver { rounds: u32, champion: Option<PlayerId> },
    /// Fewer than two players left to pair (one gets nothing to play).
    NotEnoughPlayers { round: u32, active: u32 },
    /// No pairing of every present player avoids both a rematch and a second bye: reported, never papered over.
    /// The organizer pairs the round by hand (or drops, re-adds) and records it.
    NoLegalPairing { round: u32, unpaired: Vec<PlayerId> },
    /// Both players who would meet in this bracket match have left the tournament.
    BracketSlotEmpty { round: u32, players: Vec<PlayerId> },
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::Invalid { error } => f.write_str(error),
            PairingError::RoundInProgress { round, table } => {
                write!(f, "round {round} is still being played: table {table} has no result")
            }
            PairingError::TournamentOver { rounds, champion: Some(c) } => {
                write!(f, "the tournament is over after {rounds} rounds; champion {c}")
            }
            PairingError::TournamentOver { rounds, champion: None } => {
                write!(f, "the tournament is over: all {rounds} Swiss rounds are played")
            }
            PairingError::NotEnoughPlayers { round, active } => {
                write!(f, "round {round} cannot be paired: {active} player(s) left")
            }
            PairingError::NoLegalPairing { round, unpaired } => write!(
                f,
                "no legal pairing for round {round}: every pairing leaves {} without a new opponent or a first bye",
                unpaired.join(", ")
            ),
            PairingError::BracketSlotEmpty { round, players } => {
                write!(f, "round {round}: both {} have left, so the bracket has an empty match", players.join(" and "))
            }
        }
    }
}

impl std::error::Error for PairingError {}

impl From<TournamentError> for PairingError {
    fn from(e: TournamentError) -> PairingError {
        PairingError::Invalid { error: e.to_string() }
    }
}

/// Swiss rounds for `players` when the event says `"auto"`: Magic Online's table, which is ceil(log2 n) up to
/// 128 players and grows more slowly beyond.
pub fn swiss_rounds_for(players: usize) -> u32 {
    const TABLE: [(usize, u32); 13] = [
        (2, 1),
        (4, 2),
        (8, 3),
        (16, 4),
        (32, 5),
        (64, 6),
        (128, 7),
        (212, 8),
        (384, 9),
        (672, 10),
        (1248, 11),
        (2272, 12),
        (usize::MAX, 13),
    ];
    TABLE.iter().find(|(up_to, _)| players <= *up_to).map_or(13, |&(_, r)| r)
}

pub fn pair_next_round(t: &Tournament) -> Result<RoundPlan, PairingError> {
    let ledger = Ledger::build(t)?;
    let round = ledger.rounds.len() as u32 + 1;
    if let Some(slots) = ledger.rounds.last() {
        for slot in slots {
            if let Slot::Match { table, score, .. } = slot
                && score.outcome == MatchOutcome::Pending
            {
                return Err(PairingError::RoundInProgress { round: round - 1, table: *table });
            }
        }
    }
    let active: Vec<usize> = (0..t.players.len()).filter(|&p| ledger.active[p][round as usize - 1]).collect();
    let swiss = match (t.settings.structure, ledger.swiss_rounds) {
        (_, Some(s)) => s,
        (Structure::Swiss { rounds: SwissRounds::Auto(_), .. }, None) => swiss_rounds_for(active.len()),
        (Structure::Swiss { rounds: SwissRounds::Fixed(n), .. }, None) => u32::from(n),
        (Structure::SingleElimination, None) => 0,
    };
    let top_cut = match t.settings.structure {
        Structure::Swiss { top_cut, .. } => top_cut.map(u32::from),
        Structure::SingleElimination => Some(u32::MAX),
    };
    if round > swiss {
        return match top_cut {
            Some(cut) => bracket::pair(&ledger, round, swiss, cut),
            None => Err(PairingError::TournamentOver { rounds: swiss, champion: None }),
        };
    }
    if active.len() < 2 {
        return Err(PairingError::NotEnoughPlayers { round, active: active.len() as u32 });
    }
    let mut stream = rng::stream(t.seed, rng::Purpose::Pairing(round));
    let mut plan = if round == 1 {
        first_round(&ledger, active, &mut stream)
    } else {
        swiss::pair(&ledger, round, active, &mut stream)?
    };
    plan.phase = Phase::Swiss { of: swiss };
    Ok(plan)
}

/// Round 1: a seeded shuffle, paired in order; with an odd count the last player gets the bye (MTR, DCI).
fn first_round(ledger: &Ledger<'_>, mut active: Vec<usize>, stream: &mut gb_core::rng::MatchRng) -> RoundPlan {
    stream.shuffle(&mut active);
    let mut builder = PlanBuilder::new(ledger, 1);
    for pair in active.chunks(2) {
        match *pair {
            [a, b] => builder.table(a, b),
            [a] => builder.bye(a, format!("{}: bye (odd number of players, drawn at random)", ledger.t.players[a].id)),
            _ => unreachable!(),
        }
    }
    builder.finish(Phase::Swiss { of: 0 })
}

pub(crate) struct PlanBuilder<'l, 't> {
    ledger: &'l Ledger<'t>,
    round: u32,
    tables: Vec<Pairing>,
    byes: Vec<Pairing>,
    explanation: Vec<String>,
}

impl<'l, 't> PlanBuilder<'l, 't> {
    pub(crate) fn new(ledger: &'l Ledger<'t>, round: u32) -> Self {
        PlanBuilder { ledger, round, tables: Vec::new(), byes: Vec::new(), explanation: Vec::new() }
    }

    fn id(&self, p: usize) -> PlayerId {
        self.ledger.t.players[p].id.clone()
    }

    pub(crate) fn table(&mut self, a: usize, b: usize) {
        let table = self.tables.len() as u32 + 1;
        self.tables.push(Pairing::Table(Table {
            table,
            players: [self.id(a), self.id(b)],
            result: TableResult::default(),
        }));
    }

    pub(crate) fn bye(&mut self, p: usize, why: String) {
        self.byes.push(Pairing::Bye(Bye { bye: self.id(p) }));
        self.explanation.push(why);
    }

    pub(crate) fn explain(&mut self, why: String) {
        self.explanation.push(why);
    }

    pub(crate) fn finish(self, phase: Phase) -> RoundPlan {
        let mut pairings = self.tables;
        pairings.extend(self.byes);
        RoundPlan { round: self.round, phase, pairings, explanation: self.explanation }
    }
}
