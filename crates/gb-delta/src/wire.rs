//! The wire form of a patch op (docs/protocol.md, "Deltas"): the RFC 6902 operation as a positional array.
//! `{"op":"replace","path":"/players/1/hp","value":9}` is `["/players/1/hp",9]`; an `add` marks its path with a
//! leading `+`; a `remove` is the path alone. About 27 bytes less an op, and most updates carry two to four
//! (issue 14: an update frame ≤ 300 B).
use crate::PatchOp;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Marks an `add`'s path. A JSON Pointer is empty or starts with `/` (RFC 6901), so it never starts with this.
const ADD: char = '+';

impl Serialize for PatchOp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PatchOp::Remove { path } => {
                let mut t = s.serialize_tuple(1)?;
                t.serialize_element(path)?;
                t.end()
            }
            PatchOp::Replace { path, value } => ReplaceRef { path, value }.serialize(s),
            PatchOp::Add { path, value } => {
                let mut t = s.serialize_tuple(2)?;
                t.serialize_element(&format_args!("{ADD}{path}"))?;
                t.serialize_element(value)?;
                t.end()
            }
        }
    }
}

/// A `replace` whose path and value are borrowed: encodes exactly as `PatchOp::Replace` does.
pub(crate) struct ReplaceRef<'a> {
    pub path: &'a str,
    pub value: &'a Value,
}

impl Serialize for ReplaceRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut t = s.serialize_tuple(2)?;
        t.serialize_element(self.path)?;
        t.serialize_element(self.value)?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for PatchOp {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(OpVisitor)
    }
}

struct OpVisitor;

impl<'de> Visitor<'de> for OpVisitor {
    type Value = PatchOp;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a patch op: [path], [path, value] or [\"+\" + path, value]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PatchOp, A::Error> {
        let path: String = seq.next_element()?.ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let value: Option<Value> = seq.next_element()?;
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(3, &self));
        }
        Ok(match (path.strip_prefix(ADD), value) {
            (Some(path), Some(value)) => PatchOp::Add { path: path.to_owned(), value },
            (Some(_), None) => return Err(de::Error::custom("an add needs a value")),
            (None, Some(value)) => PatchOp::Replace { path, value },
            (None, None) => PatchOp::Remove { path },
        })
    }
}

/// A patch op whose value is a part of the new document's JSON text, borrowed (`diff_indexed`): written into a
/// frame as it is, never parsed into a `Value` and encoded again (issue 14: parsing each op's value, and encoding
/// ops only to measure them, were over half of a version's diff). Encodes exactly as the [`PatchOp`] with that
/// value parsed, up to the order of an object's keys (a value's text keeps its struct's field order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextOp<'a> {
    Add { path: String, value: &'a [u8] },
    Remove { path: String },
    Replace { path: String, value: &'a [u8] },
}

impl TextOp<'_> {
    /// The op with its value parsed (tests; a server never needs it).
    pub fn to_op(&self) -> PatchOp {
        let parse = |t: &[u8]| serde_json::from_slice(t).expect("a document's part is JSON");
        match self {
            TextOp::Add { path, value } => PatchOp::Add { path: path.clone(), value: parse(value) },
            TextOp::Remove { path } => PatchOp::Remove { path: path.clone() },
            TextOp::Replace { path, value } => PatchOp::Replace { path: path.clone(), value: parse(value) },
        }
    }

    /// Its length on the wire: `[path]`, `[path,value]` or `["+path",value]`.
    fn wire_len(&self) -> usize {
        match self {
            TextOp::Remove { path } => op_len(path, None, false),
            TextOp::Replace { path, value } => op_len(path, Some(value.len()), false),
            TextOp::Add { path, value } => op_len(path, Some(value.len()), true),
        }
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        match self {
            TextOp::Remove { path } => write_str(out, "", path),
            TextOp::Replace { path, value } => {
                write_str(out, "", path);
                out.push(b',');
                out.extend_from_slice(value);
            }
            TextOp::Add { path, value } => {
                write_str(out, "+", path);
                out.push(b',');
                out.extend_from_slice(value);
            }
        }
        out.push(b']');
    }
}

/// The length of `ops` as a JSON array on the wire, as `serde_json` would encode their [`PatchOp`]s.
pub fn text_ops_len(ops: &[TextOp]) -> usize {
    list_len(ops.iter().map(TextOp::wire_len))
}

/// The length of a JSON array of items of these lengths.
pub(crate) fn list_len(items: impl ExactSizeIterator<Item = usize>) -> usize {
    let n = items.len();
    2 + items.sum::<usize>() + n.saturating_sub(1)
}

/// Appends `ops` as the JSON array an update's `patch` is.
pub fn write_text_ops(ops: &[TextOp], out: &mut Vec<u8>) {
    out.push(b'[');
    for (i, op) in ops.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        op.write(out);
    }
    out.push(b']');
}

/// Whether `s` needs escapes beyond its quotes in JSON (serde_json escapes `"`, `\` and control characters).
/// Eight bytes at a time: every op's path is measured at each container above it that weighs a whole replace
/// against its ops, and a byte at a time this was a twentieth of a projection (issue 14, callgrind).
fn needs_escape(s: &str) -> bool {
    escapes(s.as_bytes())
}

fn escapes(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let escaped = words.any(|w| needs_escape_word(u64::from_le_bytes(w.try_into().expect("8 bytes"))));
    escaped || words.remainder().iter().any(|&b| b == b'"' || b == b'\\' || b < b' ')
}

/// Whether any byte of `w` is below `' '`, `"` or `\`. `(x - n·ONES) & !x & HIGH` is non-zero exactly when some
/// byte of `x` is below `n` (for n ≤ 128; a borrow reaches a byte above only from one that is below): with
/// n = 0x20 for the control characters, and n = 1 for a zero byte of `w ^ (c·ONES)`, a byte equal to `c`.
fn needs_escape_word(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u64| x.wrapping_sub(n * ONES) & !x & HIGH != 0;
    below(w, 0x20) || below(w ^ (u64::from(b'"') * ONES), 1) || below(w ^ (u64::from(b'\\') * ONES), 1)
}

/// The length of `s` as a JSON string.
/// An op's length on the wire: `[path]`, `[path,value]` or `["+path",value]` (a value of `value` bytes).
pub(crate) fn op_len(path: &str, value: Option<usize>, add: bool) -> usize {
    match value {
        None => json_len(path) + 2,
        Some(len) => json_len(path) + usize::from(add) + len + 3,
    }
}

pub(crate) fn json_len(s: &str) -> usize {
    if needs_escape(s) { serde_json::to_string(s).expect("a string encodes").len() } else { s.len() + 2 }
}

/// Appends `prefix` + `s` as one JSON string (`prefix` needs no escapes).
fn write_str(out: &mut Vec<u8>, prefix: &str, s: &str) {
    if needs_escape(s) {
        serde_json::to_writer(&mut *out, &format_args!("{prefix}{s}")).expect("a string encodes");
    } else {
        out.push(b'"');
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    }
}

#[cfg(test)]
mod tests {
    use super::escapes;

    /// Every byte value, at every place of strings across a word's boundary, among neighbours below, at and
    /// above the thresholds (a borrow must not make a neighbour look escaped), agrees with the plain rule.
    #[test]
    fn eight_bytes_at_a_time_agrees_with_a_byte_at_a_time() {
        let plain = |s: &[u8]| s.iter().any(|&b| b == b'"' || b == b'\\' || b < b' ');
        for fill in [b'a', b' ', b'!', b'#', b']', b'[', 0x80, 0xc3, 0xff] {
            for len in 0..=19 {
                for at in 0..len {
                    for b in 0..=255u8 {
                        let mut s = vec![fill; len];
                        s[at] = b;
                        assert_eq!(escapes(&s), plain(&s), "{s:?}");
                    }
                }
            }
        }
    }
}
