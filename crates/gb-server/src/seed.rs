//! Seeds and their commitments (reliability.md §2): the server picks a secret seed and nonce per game, publishes
//! `hex SHA-256("gb-seed-v1" ‖ seed u64 LE ‖ nonce)` at the start, and reveals both when the game is over, so a
//! player can check that the shuffles were fixed before the first one (`gb replay verify`).
use gb_core::MatchSetup;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// `matches.setup_json`: the engine's setup plus the commitment's nonce. Secret until the game ends.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredSetup {
    pub setup: MatchSetup,
    /// Hex.
    pub nonce: String,
}

/// Result stored in `matches.result_json` and shown in `RoomInfo.games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredResult {
    pub winner: gb_core::Seat,
    /// The engine's end reason (`two_rounds`, `concession`, …) or the clock's (`time`, `disconnected`).
    pub reason: String,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh seed and 16-byte nonce from the OS CSPRNG (via v4 UUIDs, which draw from getrandom).
pub fn fresh() -> (u64, String) {
    let a = uuid::Uuid::new_v4();
    let seed = u64::from_le_bytes(a.as_bytes()[..8].try_into().expect("8 bytes"));
    (seed, hex(uuid::Uuid::new_v4().as_bytes()))
}

/// The commitment, exactly as gb-cli recomputes it.
pub fn commitment(seed: u64, nonce_hex: &str) -> String {
    let nonce: Vec<u8> =
        (0..nonce_hex.len() / 2).filter_map(|i| u8::from_str_radix(&nonce_hex[2 * i..2 * i + 2], 16).ok()).collect();
    let mut h = Sha256::new();
    h.update(b"gb-seed-v1");
    h.update(seed.to_le_bytes());
    h.update(&nonce);
    hex(&h.finalize())
}

#[cfg(test)]
mod tests {
    #[test]
    fn commitment_is_stable_and_depends_on_both_parts() {
        let c = super::commitment(7, "00ff");
        assert_eq!(c.len(), 64);
        assert_eq!(c, super::commitment(7, "00ff"));
        assert_ne!(c, super::commitment(8, "00ff"));
        assert_ne!(c, super::commitment(7, "00fe"));
    }
}
