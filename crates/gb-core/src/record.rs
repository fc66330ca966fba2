//! The match record: everything needed to replay and audit a finished match (setup, seed, every accepted intent,
//! the result, the final state hash). Servers write it; `gb replay verify` checks it.
use crate::api::state_hash;
use crate::ids::Seat;
use crate::intent::Intent;
use crate::replay::replay_each;
use crate::seed::{commitment, parse_commitment};
use crate::setup::MatchSetup;
use crate::state::GameOutcome;
use serde::{Deserialize, Serialize};

/// v2: 256-bit seeds written as hex, and the `gb-seed-v2` commitment (`seed.rs`).
pub const RECORD_FORMAT: &str = "gb-match-record-v2";

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
    /// As the server published it when the match started (`seed::commitment`), so players can check afterwards
    /// that the seed was fixed before the first shuffle. The record's own copy proves nothing on its own: whoever
    /// wrote the record could have recomputed it, so `verify` also takes the one obtained independently.
    pub seed_commitment: String,
    /// Hex nonce that salts the commitment, revealed with the seed.
    pub nonce: String,
    pub log: Vec<LoggedIntent>,
    pub outcome: Option<GameOutcome>,
    /// `state_hash` of the final state, as 16 hex digits.
    pub final_state_hash: String,
}

impl MatchRecord {
    /// Checks the revealed seed and nonce against the commitment, replays the log through the engine, and
    /// checks the result and the final state hash. `published` is the commitment obtained independently of
    /// this record (from the room's start message, or its players): with it, the seed is shown to be the one
    /// fixed before the first shuffle; without it, only that the record agrees with itself.
    pub fn verify(&self, published: Option<&str>) -> Result<VerifiedMatch, String> {
        if self.format != RECORD_FORMAT {
            return Err(format!("unknown record format {:?} (this verifier reads {RECORD_FORMAT})", self.format));
        }
        if self.rng_algorithm != crate::rng::RNG_ALGORITHM {
            return Err(format!("unknown generator {:?}", self.rng_algorithm));
        }
        let computed = commitment(&self.setup.seed, &self.nonce).map_err(|e| format!("the nonce: {e}"))?;
        let commitment = match published {
            Some(p) => {
                let p = parse_commitment(p).map_err(|e| format!("the published commitment: {e}"))?;
                if computed != p {
                    return Err(
                        "the revealed seed and nonce do not match the independently published commitment".into()
                    );
                }
                CommitmentCheck::Independent
            }
            None => CommitmentCheck::SelfConsistent,
        };
        if !computed.eq_ignore_ascii_case(&self.seed_commitment) {
            return Err("the revealed seed and nonce do not match the record's commitment".into());
        }
        let log = self.log.iter().map(|l| (l.seat, &l.intent));
        let state = replay_each(&self.setup, log, |_, _| {}).map_err(|e| format!("the log does not replay: {e}"))?;
        let hash = format!("{:016x}", state_hash(&state));
        if hash != self.final_state_hash {
            return Err(format!("final state hash {hash} differs from the recorded {}", self.final_state_hash));
        }
        if state.outcome() != self.outcome {
            return Err(format!("the replay ends with {:?}, the record says {:?}", state.outcome(), self.outcome));
        }
        Ok(VerifiedMatch { intents: self.log.len(), outcome: state.outcome(), final_state_hash: hash, commitment })
    }
}

/// What the seed was checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommitmentCheck {
    /// A commitment obtained apart from the record: the seed was fixed before play.
    Independent,
    /// Only the record's own copy: consistent, but a forger could have recomputed it.
    SelfConsistent,
}

#[derive(Debug)]
pub struct VerifiedMatch {
    pub intents: usize,
    pub outcome: Option<GameOutcome>,
    pub final_state_hash: String,
    pub commitment: CommitmentCheck,
}
