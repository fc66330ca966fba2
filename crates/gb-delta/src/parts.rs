//! A patch put together part by part (issue 14). A holder that keeps the typed values a document is written from
//! (the server keeps each viewer kind's view) knows which parts changed by comparing them, so it needs neither
//! the whole new document's text nor a pass over the unchanged parts: it hands each changed part, old and new,
//! to [`Parts::diff`], which writes just those two values and diffs their texts, and it walks the containers
//! above them itself, in key order, applying [`Parts::replace_if_shorter`] at each as `diff` does. The ops are
//! `diff`'s for the whole documents (the server's random-match tests hold them to it).
use crate::text::{Index, diff_part, whole_limit};
use crate::wire::{TextOp, list_len, op_len};
use serde::Serialize;
use smallvec::SmallVec;
use std::ops::Range;

/// An op whose value is a range of [`Parts`]' text (not a borrow of it, so that more can be written after it).
#[derive(Clone, Debug)]
enum Op {
    Add(String, Range<usize>),
    Remove(String),
    Replace(String, Range<usize>),
}

impl Op {
    fn wire_len(&self) -> usize {
        match self {
            Op::Add(path, v) => op_len(path, Some(v.len()), true),
            Op::Remove(path) => op_len(path, None, false),
            Op::Replace(path, v) => op_len(path, Some(v.len()), false),
        }
    }
}

/// The ops of one patch so far, and the text of their values. Kept and cleared between patches, so its buffers
/// are reused.
#[derive(Default)]
pub struct Parts {
    /// The new parts' texts, as written for the diffs and for the values of `add` and `replace` ops.
    text: Vec<u8>,
    index: Index,
    /// The old part being compared, written again for each part.
    old: Vec<u8>,
    old_index: Index,
    /// Each op with its length on the wire, worked out once (`diff`'s rule sums them at every container above).
    ops: Vec<(Op, usize)>,
}

impl Parts {
    /// Empties the patch, keeping its buffers.
    pub fn clear(&mut self) {
        self.text.clear();
        self.index.clear();
        self.ops.clear();
    }

    /// How many ops there are: a container's walk notes it before its members, for
    /// [`Parts::replace_if_shorter`].
    pub fn mark(&self) -> usize {
        self.ops.len()
    }

    /// The ops that turn the value `old` at `path` into `new`, as `diff` gives them for the documents around them.
    pub fn diff<T: Serialize + ?Sized>(&mut self, path: &mut String, old: &T, new: &T) {
        self.old.clear();
        self.old_index.clear();
        crate::write_indexed(old, &mut self.old, &mut self.old_index);
        let at = self.text.len();
        crate::write_indexed(new, &mut self.text, &mut self.index);
        // A number, string, `true`, `false` or `null` is replaced, if it changed: no walk needed (most changed
        // fields are counters and stats).
        if !matches!(self.old.first(), Some(b'{' | b'[')) || !matches!(self.text.get(at), Some(b'{' | b'[')) {
            if self.old != self.text[at..] {
                self.push(Op::Replace(path.clone(), at..self.text.len()));
            }
            return;
        }
        let mut found = Vec::new();
        diff_part((&self.old, &self.old_index, 0), (&self.text, &self.index, at), path, &mut found);
        let start = self.text.as_ptr() as usize;
        let range = |v: &[u8]| {
            let from = v.as_ptr() as usize - start;
            from..from + v.len()
        };
        let found: SmallVec<[Op; 4]> = found
            .into_iter()
            .map(|op| match op {
                TextOp::Add { path, value } => Op::Add(path, range(value)),
                TextOp::Remove { path } => Op::Remove(path),
                TextOp::Replace { path, value } => Op::Replace(path, range(value)),
            })
            .collect();
        for op in found {
            self.push(op);
        }
    }

    /// The ops for the array `was` → `new` at `path`, as `diff` gives them: element by element (a changed one's
    /// texts diffed, an added one written), each element written only if it is part of an op.
    pub fn elements<T: Serialize + PartialEq>(&mut self, path: &mut String, was: &[T], new: &[T]) {
        if was == new {
            return;
        }
        let mark = self.mark();
        let at = crate::Span::of(was, new);
        for i in at.paired() {
            if was[i] != new[i] {
                crate::with_child(path, &i.to_string(), |p| self.diff(p, &was[i], &new[i]));
            }
        }
        for i in at.removed() {
            self.remove(crate::child(path, &i.to_string()));
        }
        for (i, token) in at.added() {
            self.add(crate::child(path, &token), &new[i]);
        }
        self.replace_if_shorter(mark, path, new, 0);
    }

    /// Adds the member or element `new` at `path`.
    pub fn add<T: Serialize + ?Sized>(&mut self, path: String, new: &T) {
        let value = self.write(new);
        self.push(Op::Add(path, value));
    }

    /// Removes the member or element at `path`.
    pub fn remove(&mut self, path: String) {
        self.push(Op::Remove(path));
    }

    /// `diff`'s rule for a container (an object or array at `path`, now `whole`) whose members gave the ops from
    /// `mark` on: from two ops on, they become one `replace` of the whole when that is shorter on the wire. The
    /// whole is only counted, and that only as far as the ops' length, unless it is what is sent; and not at all
    /// when the caller knows it is at least `least` bytes long and the ops are not longer than that.
    pub fn replace_if_shorter<T: Serialize + ?Sized>(&mut self, mark: usize, path: &str, whole: &T, least: usize) {
        if self.ops.len() - mark < 2 {
            return;
        }
        let limit = whole_limit(path, list_len(self.ops[mark..].iter().map(|(_, len)| *len)));
        if limit > least && crate::encodes_within(whole, limit) {
            self.ops.truncate(mark);
            let value = self.write(whole);
            self.push(Op::Replace(path.to_owned(), value));
        }
    }

    /// The ops, their values borrowed from the text, for [`crate::write_text_ops`].
    pub fn ops(&self) -> Vec<TextOp<'_>> {
        let text = |r: &Range<usize>| &self.text[r.clone()];
        let op = |op: &Op| match op {
            Op::Add(path, v) => TextOp::Add { path: path.clone(), value: text(v) },
            Op::Remove(path) => TextOp::Remove { path: path.clone() },
            Op::Replace(path, v) => TextOp::Replace { path: path.clone(), value: text(v) },
        };
        self.ops.iter().map(|(o, _)| op(o)).collect()
    }

    fn push(&mut self, op: Op) {
        let len = op.wire_len();
        self.ops.push((op, len));
    }

    /// Writes `value` after the text so far; its range. (Not indexed: no diff reads a value written here.)
    fn write<T: Serialize + ?Sized>(&mut self, value: &T) -> Range<usize> {
        let at = self.text.len();
        serde_json::to_writer(&mut self.text, value).expect("views serialize");
        at..self.text.len()
    }
}
