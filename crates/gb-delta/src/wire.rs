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
