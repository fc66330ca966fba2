//! Single elimination: a top cut after Swiss (seeded by the Swiss standings, 1v8, 4v5, 2v7, 3v6, a fixed bracket
//! with no reseeding, MTR 10.4), or a whole event (seeded by the tournament's stream). A qualifier who has left
//! gives the opponent a bye into the next round (judges' practice: seat the bracket as if all were there).
//! Every table lists its higher seed first: that player is seat A of the table's room and chooses who plays
//! first in game 1 (MTR 2.2).
use super::{PairingError, Phase, RoundPlan};
use crate::TournamentError;
use crate::ledger::{Ledger, Slot};
use crate::outcome::MatchOutcome;
use crate::rng;
use crate::standings::standings_of;
use crate::tournament::{BracketSeed, Bye, Pairing, Structure, Table, TableResult, Tournament};

/// Seeds in bracket order for a bracket of `size` (a power of two): 1,8,4,5,2,7,3,6 for 8. Entries 2k and 2k+1
/// meet in round one, and the winners of neighbouring matches meet next.
pub(super) fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m + 1 - s]).collect();
    }
    order
}

/// `round` is the tournament round to pair; `swiss` the Swiss rounds before the playoff; `cut` the top cut (or
/// `u32::MAX` for single elimination, where everybody present at round 1 is in the bracket).
pub(crate) fn pair(ledger: &Ledger<'_>, round: u32, swiss: u32, cut: u32) -> Result<RoundPlan, PairingError> {
    let first = swiss + 1;
    let present = |p: usize| ledger.active[p][round as usize - 1];
    if round == first {
        let seeds = seed_list(ledger, round, cut);
        if seeds.len() < 2 {
            return Err(PairingError::NotEnoughPlayers { round, active: seeds.len() as u32 });
        }
        let size = seeds.len().next_power_of_two();
        let slots: Vec<Option<usize>> = bracket_order(size).into_iter().map(|s| seeds.get(s - 1).copied()).collect();
        // Bracket order already lists each match's higher seed first.
        return meet(ledger, round, &slots, |_| 0);
    }
    // Later rounds: the winners of the previous round, in its order (a bye's player advances).
    let previous = &ledger.rounds[round as usize - 2];
    if previous.len() == 1 {
        let champion = winner(&previous[0]).map(|p| ledger.t.players[p].id.clone());
        return Err(PairingError::TournamentOver { rounds: round - 1, champion });
    }
    let advancing: Vec<Option<usize>> = previous.iter().map(|s| winner(s).filter(|&p| present(p))).collect();
    let seeds = bracket_seeds(&ledger.rounds[first as usize - 1], ledger.t.players.len());
    meet(ledger, round, &advancing, |p| seeds[p])
}

/// Each player's seed (1 is the best; `u32::MAX` for a player not in the bracket), read back from the bracket's
/// first round, whose entries are in bracket order (`Round::pairings`): entry k holds the seeds at positions 2k
/// and 2k + 1 of [`bracket_order`], in that order; a bye's player is the better of the two (the missing seeds
/// are the worst ones).
fn bracket_seeds(opening: &[Slot], players: usize) -> Vec<u32> {
    let order = bracket_order((opening.len() * 2).max(2));
    let mut seeds = vec![u32::MAX; players];
    for (k, slot) in opening.iter().enumerate() {
        let (high, low) = (order[2 * k] as u32, order[2 * k + 1] as u32);
        match *slot {
            Slot::Match { players: [a, b], .. } => (seeds[a], seeds[b]) = (high, low),
            Slot::Bye(p) => seeds[p] = high.min(low),
        }
    }
    seeds
}

/// The bracket's players, best seed first: the Swiss standings' top `cut` of those still in (or, if fewer are
/// left, the largest power of two that fits), or for single elimination everyone, in a seeded random order.
fn seed_list(ledger: &Ledger<'_>, round: u32, cut: u32) -> Vec<usize> {
    let present: Vec<usize> = (0..ledger.t.players.len()).filter(|&p| ledger.active[p][round as usize - 1]).collect();
    if cut == u32::MAX {
        let mut seeds = present;
        rng::stream(ledger.t.seed, rng::Purpose::Pairing(round)).shuffle(&mut seeds);
        return seeds;
    }
    let standings = standings_of(ledger);
    let ranked: Vec<usize> =
        standings.players.iter().map(|s| ledger.player(&s.player).unwrap()).filter(|p| present.contains(p)).collect();
    let mut take = cut as usize;
    while take > ranked.len() && take > 1 {
        take /= 2;
    }
    ranked.into_iter().take(take).collect()
}

/// The player who goes on from a finished bracket entry.
fn winner(slot: &Slot) -> Option<usize> {
    match *slot {
        Slot::Bye(p) => Some(p),
        Slot::Match { players, score, .. } => match score.outcome {
            MatchOutcome::Won(w) => Some(players[w]),
            _ => None,
        },
    }
}

/// Pairs neighbouring slots: two players make a table, the better `seed` first; one gets a bye; none is an empty
/// bracket match.
fn meet(
    ledger: &Ledger<'_>,
    round: u32,
    slots: &[Option<usize>],
    seed: impl Fn(usize) -> u32,
) -> Result<RoundPlan, PairingError> {
    let id = |p: usize| ledger.t.players[p].id.clone();
    let mut pairings = Vec::new();
    let mut explanation = Vec::new();
    for (k, pair) in slots.chunks(2).enumerate() {
        match (pair[0], pair.get(1).copied().flatten()) {
            (Some(a), Some(b)) => {
                let (a, b) = if seed(b) < seed(a) { (b, a) } else { (a, b) };
                pairings.push(Pairing::Table(Table {
                    table: pairings.len() as u32 + 1,
                    players: [id(a), id(b)],
                    result: TableResult::default(),
                }))
            }
            (Some(a), None) | (None, Some(a)) => {
                explanation.push(format!("{}: bye, no opponent in bracket match {}", id(a), k + 1));
                pairings.push(Pairing::Bye(Bye { bye: id(a) }));
            }
            (None, None) => {
                let players = ledger.rounds.get(round as usize - 2).map_or_else(Vec::new, |prev| {
                    prev[2 * k..(2 * k + 2).min(prev.len())]
                        .iter()
                        .flat_map(|s| match *s {
                            Slot::Bye(p) => vec![id(p)],
                            Slot::Match { players, .. } => players.iter().map(|&p| id(p)).collect(),
                        })
                        .collect()
                });
                return Err(PairingError::BracketSlotEmpty { round, players });
            }
        }
    }
    let players = slots.iter().flatten().count() as u32;
    Ok(RoundPlan { round, phase: Phase::Playoff { players }, pairings, explanation })
}

/// The top cut as the current standings would seed it, before it is paired: its first round's matches in bracket
/// order (1v8, 4v5, 2v7, 3v6), `None` for a seed nobody fills (that opponent would get a bye). Provisional: it
/// changes with every result until the last Swiss round is over. Empty without a top cut, before round 1, and
/// once the cut is paired.
pub fn provisional_top_cut(t: &Tournament) -> Result<Vec<[Option<BracketSeed>; 2]>, TournamentError> {
    let Structure::Swiss { top_cut: Some(cut), .. } = t.settings.structure else { return Ok(Vec::new()) };
    let ledger = Ledger::build(t)?;
    let Some(swiss) = ledger.swiss_rounds else { return Ok(Vec::new()) };
    let played = ledger.rounds.len() as u32;
    if played == 0 || played > swiss {
        return Ok(Vec::new());
    }
    // Seeded from who may play the next round (a drop before the cut leaves it, as when it is paired).
    let seeds = seed_list(&ledger, played + 1, u32::from(cut));
    if seeds.len() < 2 {
        return Ok(Vec::new());
    }
    let order = bracket_order(seeds.len().next_power_of_two());
    let slot =
        |s: usize| seeds.get(s - 1).map(|&p| BracketSeed { seed: s as u32, player: ledger.t.players[p].id.clone() });
    Ok(order.chunks(2).map(|m| [slot(m[0]), slot(m[1])]).collect())
}
