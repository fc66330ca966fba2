//! The match record: everything needed to replay and audit a finished match (setup, seed, every accepted intent,
//! the result, the final state hash). Servers write it; `gb replay verify` checks it.
use crate::api::{replay, state_hash};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::setup::MatchSetup;
use crate::state::GameOutcome;
use serde::{Deserialize, Serialize};

pub const RECORD_FORMAT: &str = "gb-match-record-v1";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedIntent {
    pub seat: Seat,
    pub intent: Intent,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRecord {
    pub format: String,
    /// The generator the seed drives (`rng::RNG_ALGORITHM`).
    pub rng_algorithm: String,
    /// Decks and seed. The seed is published only once the match is over.
    pub setup: MatchSetup,
    /// Published when the match started: hex SHA-256 of `"gb-seed-v1" ‖ seed (8 bytes LE) ‖ nonce`, so players
    /// can check afterwards that the seed was fixed before the first shuffle. Checked by `gb replay verify`.
    pub seed_commitment: String,
    /// Hex nonce that salts the commitment, revealed with the seed.
    pub nonce: String,
    pub log: Vec<LoggedIntent>,
    pub outcome: Option<GameOutcome>,
    /// `state_hash` of the final state, as 16 hex digits.
    pub final_state_hash: String,
}

impl MatchRecord {
    /// Replays the log through the engine and checks the result and the final state hash. The commitment is
    /// hashed by the caller (the engine has no hash function of that kind): pass what you computed.
    pub fn verify(&self, computed_commitment: &str) -> Result<VerifiedMatch, String> {
        if self.format != RECORD_FORMAT {
            return Err(format!("unknown record format {:?}", self.format));
        }
        if self.rng_algorithm != crate::rng::RNG_ALGORITHM {
            return Err(format!("unknown generator {:?}", self.rng_algorithm));
        }
        if !computed_commitment.eq_ignore_ascii_case(&self.seed_commitment) {
            return Err("the revealed seed and nonce do not match the commitment published at the start".into());
        }
        let log: Vec<(Seat, Intent)> = self.log.iter().map(|l| (l.seat, l.intent.clone())).collect();
        let state = replay(&self.setup, &log).map_err(|e| format!("the log does not replay: {e:?}"))?;
        let hash = format!("{:016x}", state_hash(&state));
        if hash != self.final_state_hash {
            return Err(format!("final state hash {hash} differs from the recorded {}", self.final_state_hash));
        }
        if state.outcome() != self.outcome {
            return Err(format!("the replay ends with {:?}, the record says {:?}", state.outcome(), self.outcome));
        }
        Ok(VerifiedMatch { intents: log.len(), outcome: state.outcome(), final_state_hash: hash })
    }
}

#[derive(Debug)]
pub struct VerifiedMatch {
    pub intents: usize,
    pub outcome: Option<GameOutcome>,
    pub final_state_hash: String,
}
