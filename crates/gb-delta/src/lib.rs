//! View deltas on the wire (docs/protocol.md, "Deltas"): an `update` carries an RFC 6902 JSON Patch that turns
//! the document a viewer holds into the next one. The server computes it with [`diff`]; the web client
//! (`web-client/src/patch.ts`) and the load generator apply it ([`apply`]).
//!
//! Why RFC 6902 over the view's JSON rather than RFC 7386 merge patch or typed changes: a merge patch cannot set a
//! field to `null` (the view's hidden hand is `null` for other viewers) and replaces arrays whole (a zone is an
//! array); typed field-level changes would need one change type per view field, kept in step by hand on both
//! sides. A JSON Patch is generic, standard and replays exactly, and only `add`, `remove` and `replace` are ever
//! emitted.
use serde_json::{Map, Value};
use ts_rs::TS;

mod parts;
mod pointer;
mod text;
mod wire;
mod write;
pub use parts::Parts;
pub use pointer::PatchError;
pub use text::{Index, diff_indexed, diff_text};
pub use wire::{TextOp, text_ops_len, write_text_ops};
pub use write::write_indexed;

/// One RFC 6902 operation. `path` is a JSON Pointer (RFC 6901). On the wire an op is a short array, not RFC
/// 6902's `{"op", "path", "value"}` object (`wire.rs`): `[path]` removes, `[path, value]` replaces, and
/// `["+" + path, value]` adds (a pointer is empty or starts with `/`, so the `+` cannot be part of one).
#[derive(Clone, Debug, PartialEq, TS)]
#[ts(type = "[string] | [string, unknown]")]
pub enum PatchOp {
    Add { path: String, value: Value },
    Remove { path: String },
    Replace { path: String, value: Value },
}

/// The operations that turn `old` into `new`: objects key by key and arrays element by element, except where
/// replacing a container whole is shorter; anything else replaced.
pub fn diff(old: &Value, new: &Value) -> Vec<PatchOp> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_at(old, new, &mut path, &mut ops);
    ops
}

fn diff_at(old: &Value, new: &Value, path: &mut String, ops: &mut Vec<PatchOp>) {
    // Containers are not compared whole first: the walk below finds an equal one equal in one pass, where a
    // comparison at every level would walk each unchanged part once per level above it (issue 14: the server's
    // profile).
    let mark = ops.len();
    match (old, new) {
        (Value::Object(o), Value::Object(n)) if o.get("type") == n.get("type") => diff_fields(o, n, path, ops),
        (Value::Array(o), Value::Array(n)) => diff_elements(o, n, path, ops),
        _ if old == new => return,
        // Scalars, and objects of another `type` (a different variant of a tagged enum): replaced whole.
        _ => return ops.push(PatchOp::Replace { path: path.clone(), value: new.clone() }),
    }
    // Field by field and element by element pay off when little of a container changes (one counter, a card
    // added to a zone, one intent fewer); when several parts of a small container change (a pending decision's
    // seat and kind, a new legal list, heroes rotated) one `replace` of the whole may be shorter, and what is
    // shorter on the wire is what we send. Sizes are compared from two ops on (a single op is at most a few
    // bytes longer than its container replaced, usually much shorter), and the whole is encoded only as far as
    // the ops' length (a big container stops early), so the check stays cheap.
    if ops.len() - mark >= 2 {
        let parts = encoded_len(&ops[mark..]);
        // Measured borrowed: the container is cloned only when the whole is what is sent.
        if encodes_within(&[wire::ReplaceRef { path, value: new }], parts) {
            ops.truncate(mark);
            ops.push(PatchOp::Replace { path: path.clone(), value: new.clone() });
        }
    }
}

/// Object members key by key: first the removed keys, then every key of `new` in order (changed or added).
/// Both maps iterate in key order, so each pass is one merge over the two, with no lookup per key.
fn diff_fields(o: &Map<String, Value>, n: &Map<String, Value>, path: &mut String, ops: &mut Vec<PatchOp>) {
    let mut news = n.keys().peekable();
    for key in o.keys() {
        while news.next_if(|k| *k < key).is_some() {}
        if news.peek() != Some(&key) {
            ops.push(PatchOp::Remove { path: child(path, key) });
        }
    }
    let mut olds = o.iter().peekable();
    for (key, nv) in n {
        while olds.next_if(|(k, _)| *k < key).is_some() {}
        match olds.peek() {
            Some((k, ov)) if *k == key => with_child(path, key, |p| diff_at(ov, nv, p, ops)),
            _ => ops.push(PatchOp::Add { path: child(path, key), value: nv.clone() }),
        }
    }
}

/// Ops for the positions between the arrays' common prefix and common suffix: paired positions diffed in
/// place, then the old surplus removed or the new one inserted (so one intent inserted into or removed from the
/// middle of a list is one op).
fn diff_elements(o: &[Value], n: &[Value], path: &mut String, ops: &mut Vec<PatchOp>) {
    diff_elements_by(
        o,
        n,
        path,
        ops,
        diff_at,
        |path| PatchOp::Remove { path },
        |path, v| PatchOp::Add { path, value: v.clone() },
    );
}

/// [`diff_elements`] over any element and op form (a `Value` and [`PatchOp`], or a member's JSON text and
/// [`TextOp`] in `text.rs`): `diff` descends into a paired position, `remove` and `add` make those ops.
fn diff_elements_by<A: PartialEq<B>, B, O>(
    o: &[A],
    n: &[B],
    path: &mut String,
    ops: &mut Vec<O>,
    diff: impl Fn(&A, &B, &mut String, &mut Vec<O>),
    remove: impl Fn(String) -> O,
    add: impl Fn(String, &B) -> O,
) {
    let at = Span::of(o, n);
    for i in at.paired() {
        with_child(path, &i.to_string(), |p| diff(&o[i], &n[i], p, ops));
    }
    for i in at.removed() {
        ops.push(remove(child(path, &i.to_string())));
    }
    for (i, token) in at.added() {
        ops.push(add(child(path, &token), &n[i]));
    }
}

/// Where two arrays differ, as `diff` lays it out: after their common prefix, `paired` positions diffed in
/// place, then the old surplus removed or the new one inserted, before their common suffix.
pub(crate) struct Span {
    prefix: usize,
    paired: usize,
    old_middle: usize,
    new_middle: usize,
    suffix: usize,
}

impl Span {
    pub(crate) fn of<A: PartialEq<B>, B>(o: &[A], n: &[B]) -> Span {
        let prefix = o.iter().zip(n).take_while(|(a, b)| a == b).count();
        let room = o.len().min(n.len()) - prefix;
        let suffix = o.iter().rev().zip(n.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
        let (old_middle, new_middle) = (o.len() - prefix - suffix, n.len() - prefix - suffix);
        Span { prefix, paired: old_middle.min(new_middle), old_middle, new_middle, suffix }
    }

    /// The positions diffed in place.
    pub(crate) fn paired(&self) -> std::ops::Range<usize> {
        self.prefix..self.prefix + self.paired
    }

    /// The old positions removed, from the highest down, so every index stays valid while the patch is applied
    /// in order.
    pub(crate) fn removed(&self) -> impl Iterator<Item = usize> {
        (self.prefix + self.paired..self.prefix + self.old_middle).rev()
    }

    /// The new positions inserted, each with its path token: appended (`-`) when nothing follows.
    pub(crate) fn added(&self) -> impl Iterator<Item = (usize, String)> {
        let suffix = self.suffix;
        (self.prefix + self.paired..self.prefix + self.new_middle)
            .map(move |i| (i, if suffix == 0 { "-".to_owned() } else { i.to_string() }))
    }
}

/// Counts the bytes written; with a `limit`, fails as soon as the count passes it (so an encoding that is
/// already too long stops there).
struct Count {
    n: usize,
    limit: usize,
}

impl std::io::Write for Count {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.n += b.len();
        if self.n > self.limit {
            return Err(std::io::ErrorKind::FileTooLarge.into());
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The length of `ops` as JSON, counted without keeping the bytes.
fn encoded_len(ops: &[PatchOp]) -> usize {
    let mut c = Count { n: 0, limit: usize::MAX };
    serde_json::to_writer(&mut c, ops).expect("patch ops serialize");
    c.n
}

/// Whether `value` encodes to fewer than `limit` bytes.
fn encodes_within<T: serde::Serialize + ?Sized>(value: &T, limit: usize) -> bool {
    serde_json::to_writer(&mut Count { n: 0, limit: limit.saturating_sub(1) }, value).is_ok()
}

fn child(path: &str, key: &str) -> String {
    let mut p = String::with_capacity(path.len() + key.len() + 1);
    p.push_str(path);
    pointer::push_token(&mut p, key);
    p
}

fn with_child(path: &mut String, key: &str, f: impl FnOnce(&mut String)) {
    let len = path.len();
    pointer::push_token(path, key);
    f(path);
    path.truncate(len);
}

/// Applies `ops` in order to `doc`. On an error `doc` may be partly patched: the caller drops it and asks for
/// a snapshot (a client never keeps a document it could not patch).
pub fn apply(doc: &mut Value, ops: &[PatchOp]) -> Result<(), PatchError> {
    apply_owned(doc, ops.iter().cloned())
}

/// [`apply`] for a caller done with the patch: each op's value moves into the document instead of being copied
/// (copying them was a tenth of the load generator's time, issue 14).
pub fn apply_owned(doc: &mut Value, ops: impl IntoIterator<Item = PatchOp>) -> Result<(), PatchError> {
    for op in ops {
        match op {
            PatchOp::Add { path, value } => pointer::add(doc, &path, value)?,
            PatchOp::Remove { path } => pointer::remove(doc, &path)?,
            PatchOp::Replace { path, value } => *pointer::get_mut(doc, &path)? = value,
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
