//! [`crate::diff`] over two documents' JSON texts instead of their `Value` trees (issue 14: the server built,
//! compared and dropped each viewer kind's whole tree per version, the top of its profile). The walk is the
//! same, rule for rule, but a part whose text did not change is passed over with one byte comparison, and what
//! goes into an op (an added or replaced part) is never parsed: the op borrows its text ([`TextOp`]), measured
//! and written to the wire as it is. So the work per version follows what changed, not the document's size.
//! Tests hold it to [`crate::diff`]'s ops exactly, the recorded frames included.
//!
//! The texts must be compact JSON as serde_json writes it (no whitespace between tokens), each written from the
//! same kind of data, so that equal parts are equal text (serde_json writes a struct's fields in one order, and
//! a part whose text differs but whose value does not is walked down to where nothing differs, giving no op).
use crate::wire::{TextOp, json_len, text_ops_len};

/// How short a container's text (at `path`) must be for one `replace` of it whole to be shorter on the wire
/// than its members' ops (`ops_len` bytes): `[[path, new]]` is the path's JSON string, the container's text and
/// five bytes of brackets and comma. Shorter means below the returned length.
pub(crate) fn whole_limit(path: &str, ops_len: usize) -> usize {
    ops_len.saturating_sub(json_len(path) + 5)
}
use crate::{PatchOp, child, with_child};
use smallvec::SmallVec;
use std::borrow::Cow;

/// The ops that turn the document `old` into `new`, as `diff` gives them for the same documents parsed.
pub fn diff_text(old: &[u8], new: &[u8]) -> Vec<PatchOp> {
    diff_indexed(old, &Index::of(old), new, &Index::of(new)).iter().map(TextOp::to_op).collect()
}

/// [`diff_text`] with each document's [`Index`] given, and each op's value left as `new`'s text: a holder that
/// diffs each document against the next keeps the index with the text, so a version's document is indexed
/// once, not once as `new` and again as `old`; the ops go to the wire with [`crate::write_text_ops`].
pub fn diff_indexed<'a>(old: &[u8], old_index: &Index, new: &'a [u8], new_index: &Index) -> Vec<TextOp<'a>> {
    // Room for a typical version's ops at once: growing from empty was a realloc per doubling (callgrind).
    let mut ops = Vec::with_capacity(16);
    let mut path = String::with_capacity(64);
    diff_part((old, old_index, 0), (new, new_index, 0), &mut path, &mut ops);
    ops
}

/// The ops for the value at `old.2` in the text `old.0` (indexed by `old.1`) against the one at `new.2` in
/// `new.0`, under `path`, as [`diff_indexed`] gives them for those values inside whole documents.
pub(crate) fn diff_part<'a>(
    old: (&[u8], &Index, usize),
    new: (&'a [u8], &Index, usize),
    path: &mut String,
    ops: &mut Vec<TextOp<'a>>,
) {
    let (ot, nt) = (Text { bytes: old.0, index: old.1 }, Text { bytes: new.0, index: new.1 });
    diff_at(&ot, ot.part(old.2), &nt, nt.part(new.2), path, ops);
}

/// Where each of a document's containers ends, found in one pass: walking a changed container then costs its
/// children (one lookup each), not a scan of its whole text at every level it is walked (issue 14:
/// `skip_value`'s rescans were the top of `diff_text`'s profile).
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// Where each `{` or `[` is, in text order.
    opens: Vec<u32>,
    /// Past the bracket that closes the container opened at `opens[k]`.
    ends: Vec<u32>,
    /// While rebuilding: the containers not yet closed (kept for its buffer).
    open: Vec<u32>,
}

impl Index {
    /// The index of `bytes`, compact JSON as serde_json writes it.
    pub fn of(bytes: &[u8]) -> Index {
        let mut index = Index::default();
        index.rebuild(bytes);
        index
    }

    /// Makes this the index of `bytes`, reusing its buffers. (A document being written is indexed as it is
    /// written instead, [`crate::write_indexed`].)
    pub fn rebuild(&mut self, bytes: &[u8]) {
        self.clear();
        let mut j = 0;
        // One lookup a byte in the table `skip_string` uses too.
        while j < bytes.len() {
            match CLASS[bytes[j] as usize] {
                PLAIN => {}
                QUOTE => {
                    j = skip_string(bytes, j);
                    continue;
                }
                OPEN => self.open(j),
                _ => self.close(j + 1),
            }
            j += 1;
        }
    }

    /// Empties the index, keeping its buffers.
    pub fn clear(&mut self) {
        self.opens.clear();
        self.ends.clear();
        self.open.clear();
    }

    /// A container opens at `at`.
    pub(crate) fn open(&mut self, at: usize) {
        self.open.push(self.opens.len() as u32);
        self.opens.push(at as u32);
        self.ends.push(0);
    }

    /// The innermost open container closes just before `past`.
    pub(crate) fn close(&mut self, past: usize) {
        let k = self.open.pop().expect("a document's brackets balance");
        self.ends[k as usize] = past as u32;
    }
}

/// Two indexes are equal when they find the same containers (the stack `rebuild` works with is not compared).
impl PartialEq for Index {
    fn eq(&self, other: &Index) -> bool {
        self.opens == other.opens && self.ends == other.ends
    }
}

/// What a byte is to [`Index::rebuild`] and [`skip_string`].
const PLAIN: u8 = 0;
const QUOTE: u8 = 1;
const OPEN: u8 = 2;
const CLOSE: u8 = 3;
const ESCAPE: u8 = 4;
static CLASS: [u8; 256] = {
    let mut t = [PLAIN; 256];
    t[b'"' as usize] = QUOTE;
    t[b'{' as usize] = OPEN;
    t[b'[' as usize] = OPEN;
    t[b'}' as usize] = CLOSE;
    t[b']' as usize] = CLOSE;
    t[b'\\' as usize] = ESCAPE;
    t
};

/// A document's text with its [`Index`].
struct Text<'a, 'i> {
    bytes: &'a [u8],
    index: &'i Index,
}

/// An object's members as [`Text::members`] lists them, for the rare changed object whose keys differ from its
/// previous version's ([`Paired::Unpaired`]): on the stack up to 24, more than any object of a view has (its
/// widest, the view itself, has 19 with `legal`).
type Members<'a> = SmallVec<[(Cow<'a, [u8]>, Part<'a>); 24]>;

/// An array's elements, likewise: zones, heroes and most legal lists fit; a long legal list spills to the heap.
type Elements<'a> = SmallVec<[Part<'a>; 32]>;

/// A value inside a [`Text`]: where it starts, and its text (compared byte for byte).
#[derive(Clone, Copy)]
struct Part<'a> {
    at: usize,
    bytes: &'a [u8],
}

impl<'b> PartialEq<Part<'b>> for Part<'_> {
    fn eq(&self, other: &Part<'b>) -> bool {
        self.bytes == other.bytes
    }
}

impl<'a> Text<'a, '_> {
    /// The value that starts at `at`.
    fn part(&self, at: usize) -> Part<'a> {
        Part { at, bytes: &self.bytes[at..self.end(at)] }
    }

    /// Where the value starting at `at` ends.
    fn end(&self, at: usize) -> usize {
        match self.bytes[at] {
            b'"' => skip_string(self.bytes, at),
            b'{' | b'[' => {
                let k = self.index.opens.binary_search(&(at as u32)).expect("every container is indexed");
                self.index.ends[k] as usize
            }
            // A number, `true`, `false` or `null`: up to the next separator.
            _ => self.bytes[at..]
                .iter()
                .position(|b| matches!(b, b',' | b'}' | b']'))
                .map_or(self.bytes.len(), |p| at + p),
        }
    }

    /// An object's members, in text order. `obj` is `{…}`.
    fn members(&self, obj: Part<'a>) -> Members<'a> {
        let mut out = Members::new();
        let mut i = obj.at + 1;
        while self.bytes[i] != b'}' {
            let key_end = skip_string(self.bytes, i);
            let value = self.part(key_end + 1);
            out.push((key(&self.bytes[i..key_end]), value));
            let end = key_end + 1 + value.bytes.len();
            i = end + usize::from(self.bytes[end] == b',');
        }
        out
    }

    /// An array's elements. `arr` is `[…]`.
    fn elements(&self, arr: Part<'a>) -> Elements<'a> {
        let mut out = Elements::new();
        let mut i = arr.at + 1;
        while self.bytes[i] != b']' {
            let element = self.part(i);
            out.push(element);
            let end = i + element.bytes.len();
            i = end + usize::from(self.bytes[end] == b',');
        }
        out
    }
}

/// `crate::diff_at`, over text.
fn diff_at<'a>(ot: &Text, old: Part, nt: &Text<'a, '_>, new: Part<'a>, path: &mut String, ops: &mut Vec<TextOp<'a>>) {
    let mark = ops.len();
    match (old.bytes.first(), new.bytes.first()) {
        (Some(b'{'), Some(b'{')) => match paired(ot, old, nt, new) {
            Paired::Retyped => return ops.push(TextOp::Replace { path: path.clone(), value: new.bytes }),
            Paired::Changed(mut changed) => {
                // `diff`'s order, a `serde_json::Map`'s: by key.
                changed.sort_unstable_by(|a, b| a.0.cmp(&b.0));
                for (key, o, n) in changed {
                    with_child(path, utf8(&key), |p| diff_at(ot, o, nt, n, p, ops));
                }
            }
            Paired::Unpaired => {
                let (mut o, mut n) = (ot.members(old), nt.members(new));
                if member(&o, b"type") != member(&n, b"type") {
                    return ops.push(TextOp::Replace { path: path.clone(), value: new.bytes });
                }
                o.sort_by(|a, b| a.0.cmp(&b.0));
                n.sort_by(|a, b| a.0.cmp(&b.0));
                diff_fields(ot, &o, nt, &n, path, ops);
            }
        },
        (Some(b'['), Some(b'[')) => {
            let (o, n) = (ot.elements(old), nt.elements(new));
            crate::diff_elements_by(
                &o,
                &n,
                path,
                ops,
                |a, b, p, ops| diff_at(ot, *a, nt, *b, p, ops),
                |path| TextOp::Remove { path },
                |path, v| TextOp::Add { path, value: v.bytes },
            );
        }
        _ if old == new => return,
        _ => return ops.push(TextOp::Replace { path: path.clone(), value: new.bytes }),
    }
    // From two ops on, one `replace` of the whole container when that is shorter, against the ops' own length
    // (counted, not encoded: each op's value is text already).
    if ops.len() - mark >= 2 && new.bytes.len() < whole_limit(path, text_ops_len(&ops[mark..])) {
        ops.truncate(mark);
        ops.push(TextOp::Replace { path: path.clone(), value: new.bytes });
    }
}

/// A member whose value changed: its key, its old value, its new value.
type ChangedMember<'o, 'a> = (Cow<'a, [u8]>, Part<'o>, Part<'a>);

/// Two objects as [`paired`] finds them. Large on purpose: it lives on the stack for one call, and the inline
/// members are what spares a heap allocation per object compared.
#[allow(clippy::large_enum_variant)]
enum Paired<'o, 'a> {
    /// The same keys in the same order: the members whose values changed.
    Changed(SmallVec<[ChangedMember<'o, 'a>; 8]>),
    /// The same keys, but `type` changed: another variant, replaced whole as `diff` does.
    Retyped,
    /// Other keys, or in another order: both objects are listed and merged by key ([`diff_fields`]).
    Unpaired,
}

/// The changed members of two objects with the same keys in the same order (nearly every object of two versions
/// of a view), in one pass over both texts: each key is scanned once, in `new`, and compared with `old`'s bytes
/// at the same place, and an unchanged member is passed over with one comparison, never listed (issue 14:
/// listing both objects' members whole was a quarter of a projection's instructions).
fn paired<'o, 'a>(ot: &Text<'o, '_>, old: Part<'o>, nt: &Text<'a, '_>, new: Part<'a>) -> Paired<'o, 'a> {
    let (o, n) = (ot.bytes, nt.bytes);
    let (mut i, mut j) = (old.at + 1, new.at + 1);
    let mut changed = SmallVec::new();
    loop {
        match (o[i], n[j]) {
            (b'}', b'}') => return Paired::Changed(changed),
            (b'}', _) | (_, b'}') => return Paired::Unpaired,
            _ => {}
        }
        // Equal bytes up to and including the closing quote are the same key, escapes and all.
        let quoted = &n[j..skip_string(n, j)];
        if o.get(i..i + quoted.len()) != Some(quoted) {
            return Paired::Unpaired;
        }
        let (ov, nv) = (ot.part(i + quoted.len() + 1), nt.part(j + quoted.len() + 1));
        if ov != nv {
            if quoted == b"\"type\"" {
                return Paired::Retyped;
            }
            changed.push((key(quoted), ov, nv));
        }
        let (oe, ne) = (ov.at + ov.bytes.len(), nv.at + nv.bytes.len());
        i = oe + usize::from(o[oe] == b',');
        j = ne + usize::from(n[ne] == b',');
    }
}

/// `crate::diff_fields`: the removed keys, then every key of `new` in key order. Both lists are sorted as a
/// `serde_json::Map` iterates.
fn diff_fields<'a>(
    ot: &Text,
    o: &[(Cow<[u8]>, Part)],
    nt: &Text<'a, '_>,
    n: &[(Cow<[u8]>, Part<'a>)],
    path: &mut String,
    ops: &mut Vec<TextOp<'a>>,
) {
    let mut news = n.iter().map(|(k, _)| k).peekable();
    for (key, _) in o {
        while news.next_if(|k| *k < key).is_some() {}
        if news.peek() != Some(&key) {
            ops.push(TextOp::Remove { path: child(path, utf8(key)) });
        }
    }
    let mut olds = o.iter().peekable();
    for (key, nv) in n {
        while olds.next_if(|(k, _)| k < key).is_some() {}
        match olds.peek() {
            // One byte comparison passes over an unchanged member, however big.
            Some((k, ov)) if k == key => {
                if ov != nv {
                    with_child(path, utf8(key), |p| diff_at(ot, *ov, nt, *nv, p, ops));
                }
            }
            _ => ops.push(TextOp::Add { path: child(path, utf8(key)), value: nv.bytes }),
        }
    }
}

/// The text of member `key`'s value, if there is one.
fn member<'a>(members: &[(Cow<[u8]>, Part<'a>)], key: &[u8]) -> Option<&'a [u8]> {
    members.iter().find(|(k, _)| k.as_ref() == key).map(|(_, v)| v.bytes)
}

/// A key's JSON string, unescaped (only a key with escapes is copied). Keys are compared and sorted as bytes:
/// UTF-8's byte order is `str`'s order, the order a `serde_json::Map` iterates in; only a key that goes into a
/// path is checked as UTF-8 ([`utf8`]).
fn key(quoted: &[u8]) -> Cow<'_, [u8]> {
    let inner = &quoted[1..quoted.len() - 1];
    if inner.contains(&b'\\') {
        let key: String = serde_json::from_slice(quoted).expect("a key is a JSON string");
        Cow::Owned(key.into_bytes())
    } else {
        Cow::Borrowed(inner)
    }
}

/// A key as the `str` a path is built from.
fn utf8(key: &[u8]) -> &str {
    std::str::from_utf8(key).expect("JSON text is UTF-8")
}

/// Where the string starting at `i` (its opening quote) ends, past its closing quote.
fn skip_string(text: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    loop {
        match CLASS[text[j] as usize] {
            ESCAPE => j += 2,
            QUOTE => return j + 1,
            _ => j += 1,
        }
    }
}
