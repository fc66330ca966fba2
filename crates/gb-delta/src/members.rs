//! A document held as its JSON text, with where each top-level member starts and ends, so a new version is
//! diffed member by member: a member whose bytes did not change needs no `Value` tree and no comparison, and only
//! the members that changed are parsed and walked by [`crate::diff`]'s rules (issue 14: the server built and
//! compared every viewer kind's whole document per version). [`diff_members`] gives exactly the ops [`diff`]
//! gives for the same two documents; tests hold it to that, the recorded frames included.
//!
//! [`diff`]: crate::diff
use crate::{PatchOp, diff_at, encoded_len, with_child};
use serde::Serialize;
use serde_json::Value;
use std::borrow::Cow;
use std::cell::Cell;
use std::io;
use std::ops::Range;
use std::sync::OnceLock;

/// A JSON object document as text, with its members in key order.
#[derive(Debug)]
pub struct Members {
    /// The whole document, compact, as serde_json writes it.
    text: Vec<u8>,
    /// Each member, sorted by key as a `serde_json::Map` iterates (so ops come out in [`crate::diff`]'s order).
    members: Vec<Member>,
}

#[derive(Debug)]
struct Member {
    /// The key's JSON string, quotes included.
    key: Range<usize>,
    /// The value's JSON text.
    value: Range<usize>,
    /// The value parsed, made the first time a diff needs it: a member that changed in one version is often the
    /// one that changes in the next, and then it is parsed once, not twice.
    parsed: OnceLock<Value>,
}

impl Clone for Members {
    fn clone(&self) -> Self {
        let members = self
            .members
            .iter()
            .map(|m| Member { key: m.key.clone(), value: m.value.clone(), parsed: OnceLock::new() })
            .collect();
        Members { text: self.text.clone(), members }
    }
}

impl Members {
    /// Serializes `doc`, which must serialize as a JSON object, noting where each top-level member lies.
    /// `capacity`: a guess at the text's length (the previous version's), so the buffer is allocated once.
    pub fn of(doc: &impl Serialize, capacity: usize) -> Result<Members, serde_json::Error> {
        let end = Cell::new(0);
        let mut members = Vec::new();
        let marks = Marks { depth: 0, end: &end, key_start: 0, value_start: 0, members: &mut members };
        let mut out = Tally { text: Vec::with_capacity(capacity), end: &end };
        doc.serialize(&mut serde_json::Serializer::with_formatter(&mut out, marks))?;
        let text = out.text;
        if text.first() != Some(&b'{') {
            return Err(serde::ser::Error::custom("a document of members is a JSON object"));
        }
        members.sort_by(|a, b| key_of(&text, &a.key).cmp(&key_of(&text, &b.key)));
        Ok(Members { text, members })
    }

    /// The document as serde_json writes it.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// The document as a `Value` (for tests and snapshots; the diff does not need it).
    pub fn to_value(&self) -> Value {
        serde_json::from_slice(&self.text).expect("a document of members is JSON")
    }

    fn key(&self, i: usize) -> Cow<'_, str> {
        key_of(&self.text, &self.members[i].key)
    }

    fn bytes(&self, i: usize) -> &[u8] {
        &self.text[self.members[i].value.clone()]
    }

    fn value(&self, i: usize) -> &Value {
        self.members[i].parsed.get_or_init(|| serde_json::from_slice(self.bytes(i)).expect("a member is JSON"))
    }

    /// The member named `key`, if any.
    fn find(&self, key: &str) -> Option<usize> {
        self.members.binary_search_by(|m| key_of(&self.text, &m.key).as_ref().cmp(key)).ok()
    }
}

/// The ops that turn `old` into `new`: the same as `crate::diff(&old.to_value(), &new.to_value())`.
pub fn diff_members(old: &Members, new: &Members) -> Vec<PatchOp> {
    let mut ops = Vec::new();
    // The root as `diff_at` treats an object: replaced whole when its `type` differs (a tagged enum's variant).
    let tag = |m: &Members| m.find("type").map(|i| m.bytes(i).to_vec());
    if tag(old) != tag(new) {
        ops.push(PatchOp::Replace { path: String::new(), value: new.to_value() });
        return ops;
    }
    // Removed keys first, then every key of `new` in order: `diff_fields`' merge, over members.
    let mut j = 0;
    for i in 0..old.members.len() {
        let key = old.key(i);
        while j < new.members.len() && new.key(j) < key {
            j += 1;
        }
        if j == new.members.len() || new.key(j) != key {
            let mut path = String::new();
            crate::pointer::push_token(&mut path, &key);
            ops.push(PatchOp::Remove { path });
        }
    }
    let mut i = 0;
    let mut path = String::new();
    for j in 0..new.members.len() {
        let key = new.key(j);
        while i < old.members.len() && old.key(i) < key {
            i += 1;
        }
        if i < old.members.len() && old.key(i) == key {
            // Equal text is an equal value (one serializer wrote both); only a changed member is parsed.
            if old.bytes(i) != new.bytes(j) {
                with_child(&mut path, &key, |p| diff_at(old.value(i), new.value(j), p, &mut ops));
            }
        } else {
            let mut path = String::new();
            crate::pointer::push_token(&mut path, &key);
            ops.push(PatchOp::Add { path, value: new.value(j).clone() });
        }
    }
    // `diff_at`'s rule for the root: from two ops on, one `replace` of the whole document if that is shorter.
    // Both counted as a list of ops, as `diff_at` counts them: the whole is `[["",` + its text + `]]`.
    if ops.len() >= 2 && new.text.len() + 7 < encoded_len(&ops) {
        ops.clear();
        ops.push(PatchOp::Replace { path: String::new(), value: new.to_value() });
    }
    ops
}

/// A member's key, unescaped only if it has escapes (never, for a struct's field names).
fn key_of<'a>(text: &'a [u8], key: &Range<usize>) -> Cow<'a, str> {
    let quoted = &text[key.clone()];
    let inner = &quoted[1..quoted.len() - 1];
    if inner.contains(&b'\\') {
        Cow::Owned(serde_json::from_slice(quoted).expect("a key is a JSON string"))
    } else {
        Cow::Borrowed(std::str::from_utf8(inner).expect("JSON text is UTF-8"))
    }
}

/// The output buffer; it keeps `end` at its length so the formatter can note positions.
struct Tally<'a> {
    text: Vec<u8>,
    end: &'a Cell<usize>,
}

impl io::Write for Tally<'_> {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.text.extend_from_slice(b);
        self.end.set(self.text.len());
        Ok(b.len())
    }
    fn write_all(&mut self, b: &[u8]) -> io::Result<()> {
        self.write(b).map(|_| ())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// serde_json's compact formatter, noting where each member of the outermost object lies.
struct Marks<'a> {
    /// How many objects deep the writer is (1: the document's own members).
    depth: usize,
    end: &'a Cell<usize>,
    key_start: usize,
    value_start: usize,
    members: &'a mut Vec<Member>,
}

impl serde_json::ser::Formatter for Marks<'_> {
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth += 1;
        w.write_all(b"{")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.depth -= 1;
        w.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.depth == 1 {
            self.key_start = self.end.get();
        }
        Ok(())
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b":")?;
        if self.depth == 1 {
            self.value_start = self.end.get();
        }
        Ok(())
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _w: &mut W) -> io::Result<()> {
        if self.depth == 1 {
            self.members.push(Member {
                key: self.key_start..self.value_start - 1,
                value: self.value_start..self.end.get(),
                parsed: OnceLock::new(),
            });
        }
        Ok(())
    }
}
