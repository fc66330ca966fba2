//! Seeds and their commitments (docs/protocol.md, "Seeds"): the server draws a secret 256-bit seed and a 256-bit
//! nonce per game from the OS, publishes `gb_core::seed::commitment(seed, nonce)` at the start, and reveals both
//! when the game is over, so a player can check that the shuffles were fixed before the first one
//! (`gb replay verify --commitment`).
use gb_core::{MatchSetup, Seed};
use serde::{Deserialize, Serialize};

/// `matches.setup_json`: the engine's setup plus the commitment's nonce. Secret until the game ends. Rows
/// written while seeds were integers still read (`Seed` reads an integer as `Seed::from_u64`, the same key).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSetup {
    pub setup: MatchSetup,
    /// Hex.
    pub nonce: String,
}

#[cfg(any(test, feature = "test-hooks"))]
impl StoredSetup {
    /// A game's row nothing is dealt from (no decks): for tests of the log that only write and read it back.
    pub fn undealt() -> StoredSetup {
        StoredSetup {
            setup: MatchSetup { decks: Vec::new(), seed: Seed::from_u64(0), chooser: None },
            nonce: "00".into(),
        }
    }
}

/// Result stored in `matches.result_json` and shown in `RoomInfo.games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredResult {
    /// `None` for a drawn game (`GameEndReason::Drawn`, room/leaving.rs): the only result without a winner.
    pub winner: Option<gb_core::Seat>,
    /// Stored by its stable name (`GameEndReason::as_str`, the same as on the wire).
    pub reason: crate::protocol::GameEndReason,
    /// A free-for-all's places, the winner first (MP-30); absent for two-player games and in older rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub places: Option<Vec<gb_core::Seat>>,
}

/// A fresh seed and nonce, 256 bits each from the OS. Without an OS source no game can be dealt fairly, so the
/// caller's game does not start.
pub fn fresh() -> anyhow::Result<(Seed, String)> {
    let mut bytes = [0u8; 64];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no OS randomness for a seed: {e}"))?;
    let (seed, nonce) = bytes.split_at(32);
    let seed = Seed(seed.try_into().expect("32 bytes"));
    Ok((seed, nonce.iter().map(|b| format!("{b:02x}")).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_are_full_width_and_differ() {
        let (a, na) = fresh().unwrap();
        let (b, nb) = fresh().unwrap();
        assert_ne!(a, b);
        assert_ne!(na, nb);
        assert_eq!(na.len(), 64, "a 256-bit nonce");
        gb_core::seed::commitment(&a, &na).expect("the nonce is hex");
    }

    #[test]
    fn a_setup_stored_with_an_integer_seed_still_loads_and_deals_the_same() {
        let decks = gb_core::decks::preconstructed();
        let setup =
            MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: Seed::from_u64(77), chooser: None };
        let mut old = serde_json::to_value(StoredSetup { setup: setup.clone(), nonce: "00".into() }).unwrap();
        old["setup"]["seed"] = serde_json::json!(77);
        let read: StoredSetup = serde_json::from_value(old).unwrap();
        assert_eq!(read.setup, setup);
        let (x, y) = (gb_core::new_match(&read.setup).unwrap(), gb_core::new_match(&setup).unwrap());
        assert_eq!(gb_core::state_hash(&x), gb_core::state_hash(&y));
    }
}
