//! Organized play, pure: a tournament is a log ([`Tournament`], the JSON file of `docs/tournaments.md`), and
//! everything else is a function of it: [`standings`] (MTR Appendix C tiebreakers, exact fractions) and
//! [`pair_next_round`] (seeded round 1, then a maximum-weight matching for Swiss rounds, then a fixed top-cut
//! bracket). No I/O, no clock, no OS randomness: the same file always gives the same standings and pairings.
//!
//! Words: a *match* is a table's best-of-N series of *games*; a *game* is one Gem Blenders match (won in two
//! in-game rounds, CR 206); a *round* is a tournament round.
mod error;
pub mod fraction;
mod ledger;
pub mod outcome;
pub mod pairing;
pub mod penalty;
mod rng;
pub mod standings;
pub mod tournament;

pub use error::TournamentError;
pub use fraction::Fraction;
pub use ledger::MAX_ROUNDS;
pub use pairing::{PairingError, Phase, RoundPlan, pair_next_round, provisional_top_cut, swiss_rounds_for};
pub use penalty::{Infraction, Penalty, PenaltyKind, penalties};
pub use standings::{Standing, Standings, standings};
pub use tournament::*;

/// Whether round `round` (from 1) is a playoff round (a top-cut or single-elimination round, where a match must
/// have a winner, so time is resolved by the playoff rule of `docs/tournaments.md`).
pub fn is_playoff_round(t: &Tournament, round: u32) -> Result<bool, TournamentError> {
    Ok(ledger::Ledger::build(t)?.is_playoff(round))
}

/// The Swiss rounds of the event: fixed, or for `auto` fixed by round 1's turnout (`None` before round 1); 0 for
/// single elimination.
pub fn swiss_rounds(t: &Tournament) -> Result<Option<u32>, TournamentError> {
    Ok(ledger::Ledger::build(t)?.swiss_rounds)
}

/// The players who may be paired in round `round` (entered, not dropped or disqualified), in registration order.
pub fn players_in_round(t: &Tournament, round: u32) -> Result<Vec<String>, TournamentError> {
    let ledger = ledger::Ledger::build(t)?;
    let present = |p: usize| ledger.active[p].get((round as usize).wrapping_sub(1)).copied().unwrap_or(false);
    Ok(t.players.iter().enumerate().filter(|(p, _)| present(*p)).map(|(_, player)| player.id.clone()).collect())
}

/// Reads and checks a tournament file: a JSON error names the line and column, a rules error names the field.
pub fn parse(json: &str) -> Result<Tournament, TournamentError> {
    let t: Tournament =
        serde_json::from_str(json).map_err(|e| TournamentError { path: String::new(), message: e.to_string() })?;
    ledger::Ledger::build(&t)?;
    Ok(t)
}
