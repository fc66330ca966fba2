//! A match's seed and its commitment (docs/protocol.md, "Seeds"). A [`Seed`] is 256 bits, the ChaCha8 key the
//! match's one random stream runs on (`rng.rs`). Servers draw it, and the commitment's nonce, from the OS;
//! scenario files, tests and tools may name a small integer instead, expanded deterministically by
//! [`Seed::from_u64`] to the key `ChaCha8Rng::seed_from_u64` makes (rand_core's PCG32 fill), so an integer
//! seed deals exactly what it dealt when seeds were integers.
//!
//! The commitment, published when a game starts and checked by `gb replay verify` once the seed is revealed:
//! `hex SHA-256("gb-seed-v2" ‖ seed (32 bytes) ‖ nonce bytes)`. [`commitment`] is the only implementation.
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

/// The 256-bit key of a match's random stream.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed(pub [u8; 32]);

impl Seed {
    /// The key an integer seed stands for (see the module docs).
    pub fn from_u64(n: u64) -> Seed {
        Seed(ChaCha8Rng::seed_from_u64(n).get_seed())
    }

    /// 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// 64 hex digits (either case).
    pub fn from_hex(s: &str) -> Result<Seed, SeedError> {
        let bytes = from_hex(s).ok_or(SeedError::NotHex)?;
        Ok(Seed(bytes.try_into().map_err(|b: Vec<u8>| SeedError::Length(b.len()))?))
    }
}

impl From<u64> for Seed {
    fn from(n: u64) -> Seed {
        Seed::from_u64(n)
    }
}

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Seed({})", self.to_hex())
    }
}

impl std::fmt::Display for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_hex())
    }
}

/// A seed or nonce that is not what it should be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedError {
    /// Not an even number of hex digits.
    NotHex,
    /// Hex, but not 32 bytes.
    Length(usize),
}

impl std::fmt::Display for SeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeedError::NotHex => f.write_str("not hex (an even number of digits 0-9, a-f)"),
            SeedError::Length(n) => write!(f, "{n} bytes where 32 were expected"),
        }
    }
}

impl std::error::Error for SeedError {}

/// Written as its 64 hex digits.
impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

/// Read from 64 hex digits, or from an integer (scenario files, and setups stored while seeds were integers),
/// expanded by [`Seed::from_u64`].
impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seed, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Int(u64),
            Hex(String),
        }
        match Form::deserialize(d)? {
            Form::Int(n) => Ok(Seed::from_u64(n)),
            Form::Hex(h) => Seed::from_hex(&h).map_err(|e| serde::de::Error::custom(format!("seed: {e}"))),
        }
    }
}

/// The commitment to `seed` salted with `nonce_hex`, as 64 lowercase hex digits. A nonce that is not hex is
/// an error, never skipped over: a record whose nonce cannot be read cannot be checked.
pub fn commitment(seed: &Seed, nonce_hex: &str) -> Result<String, SeedError> {
    let nonce = from_hex(nonce_hex).ok_or(SeedError::NotHex)?;
    let mut h = Sha256::new();
    h.update(b"gb-seed-v2");
    h.update(seed.0);
    h.update(&nonce);
    Ok(hex(&h.finalize()))
}

/// A commitment as published (64 hex digits, either case), in the form [`commitment`] returns.
pub fn parse_commitment(text: &str) -> Result<String, SeedError> {
    let bytes = from_hex(text.trim()).ok_or(SeedError::NotHex)?;
    if bytes.len() != 32 {
        return Err(SeedError::Length(bytes.len()));
    }
    Ok(hex(&bytes))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| s.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_integer_seed_is_the_key_chacha_derived_from_it() {
        use rand_core::Rng;
        let (mut ours, mut theirs) = (ChaCha8Rng::from_seed(Seed::from_u64(42).0), ChaCha8Rng::seed_from_u64(42));
        assert_eq!(
            (0..8).map(|_| ours.next_u32()).collect::<Vec<_>>(),
            (0..8).map(|_| theirs.next_u32()).collect::<Vec<_>>()
        );
        assert_ne!(Seed::from_u64(42), Seed::from_u64(43));
    }

    #[test]
    fn reads_hex_and_integers_and_writes_hex() {
        let s = Seed::from_u64(7);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json.len(), 66, "{json}");
        assert_eq!(serde_json::from_str::<Seed>(&json).unwrap(), s);
        assert_eq!(serde_json::from_str::<Seed>("7").unwrap(), s, "a stored integer seed reads as before");
        assert!(serde_json::from_str::<Seed>("\"abc\"").is_err());
        assert!(serde_json::from_str::<Seed>("\"00ff\"").unwrap_err().to_string().contains("2 bytes"));
    }

    #[test]
    fn commitment_is_stable_depends_on_both_parts_and_refuses_bad_hex() {
        let s = Seed([9; 32]);
        let c = commitment(&s, "00ff").unwrap();
        assert_eq!(c.len(), 64);
        assert_eq!(c, commitment(&s, "00FF").unwrap(), "hex case does not matter");
        assert_ne!(c, commitment(&Seed([8; 32]), "00ff").unwrap());
        assert_ne!(c, commitment(&s, "00fe").unwrap());
        assert_eq!(commitment(&s, "0g"), Err(SeedError::NotHex));
        assert_eq!(commitment(&s, "abc"), Err(SeedError::NotHex), "an odd digit is not skipped");
        assert_eq!(commitment(&s, "é1"), Err(SeedError::NotHex));
        assert_eq!(parse_commitment(&c.to_uppercase()).unwrap(), c);
        assert_eq!(parse_commitment("00ff"), Err(SeedError::Length(2)));
    }
}
