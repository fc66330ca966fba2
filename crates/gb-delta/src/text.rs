//! [`crate::diff`] over two documents' JSON texts instead of their `Value` trees (issue 14: the server built,
//! compared and dropped each viewer kind's whole tree per version, the top of its profile). The walk is the
//! same, rule for rule, but a part whose text did not change is passed over with one byte comparison, and only
//! what goes into an op (an added or replaced part) is parsed. So the work per version follows what changed,
//! not the document's size. Tests hold it to [`crate::diff`]'s ops exactly, the recorded frames included.
//!
//! The texts must be compact JSON as serde_json writes it (no whitespace between tokens), each written from the
//! same kind of data, so that equal parts are equal text (serde_json writes a struct's fields in one order, and
//! a part whose text differs but whose value does not is walked down to where nothing differs, giving no op).
use crate::{PatchOp, child, encoded_len, with_child};
use serde_json::Value;
use std::borrow::Cow;

/// The ops that turn the document `old` into `new`, as `diff` gives them for the same documents parsed.
pub fn diff_text(old: &[u8], new: &[u8]) -> Vec<PatchOp> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_at(old, new, &mut path, &mut ops);
    ops
}

/// `crate::diff_at`, over text.
fn diff_at(old: &[u8], new: &[u8], path: &mut String, ops: &mut Vec<PatchOp>) {
    let mark = ops.len();
    match (old.first(), new.first()) {
        (Some(b'{'), Some(b'{')) => {
            let (o, n) = (members(old), members(new));
            if member(&o, "type") != member(&n, "type") {
                return ops.push(PatchOp::Replace { path: path.clone(), value: parse(new) });
            }
            diff_fields(&o, &n, path, ops);
        }
        (Some(b'['), Some(b'[')) => diff_elements(&elements(old), &elements(new), path, ops),
        _ if old == new => return,
        _ => return ops.push(PatchOp::Replace { path: path.clone(), value: parse(new) }),
    }
    // From two ops on, one `replace` of the whole container when that is shorter: `[[path, new]]` is the path's
    // JSON string, the container's text and five bytes of brackets and comma, against the ops' own length.
    if ops.len() - mark >= 2 {
        let parts = encoded_len(&ops[mark..]);
        if json_len(path) + new.len() + 5 < parts {
            ops.truncate(mark);
            ops.push(PatchOp::Replace { path: path.clone(), value: parse(new) });
        }
    }
}

/// `crate::diff_fields`: the removed keys, then every key of `new` in key order. Both lists are sorted as a
/// `serde_json::Map` iterates.
fn diff_fields(o: &[(Cow<str>, &[u8])], n: &[(Cow<str>, &[u8])], path: &mut String, ops: &mut Vec<PatchOp>) {
    let mut news = n.iter().map(|(k, _)| k).peekable();
    for (key, _) in o {
        while news.next_if(|k| *k < key).is_some() {}
        if news.peek() != Some(&key) {
            ops.push(PatchOp::Remove { path: child(path, key) });
        }
    }
    let mut olds = o.iter().peekable();
    for (key, nv) in n {
        while olds.next_if(|(k, _)| k < key).is_some() {}
        match olds.peek() {
            // One byte comparison passes over an unchanged member, however big.
            Some((k, ov)) if k == key => {
                if ov != nv {
                    with_child(path, key, |p| diff_at(ov, nv, p, ops));
                }
            }
            _ => ops.push(PatchOp::Add { path: child(path, key), value: parse(nv) }),
        }
    }
}

/// `crate::diff_elements`: the common prefix and suffix passed over, paired positions diffed in place, then the
/// old surplus removed (highest index first) or the new one added.
fn diff_elements(o: &[&[u8]], n: &[&[u8]], path: &mut String, ops: &mut Vec<PatchOp>) {
    crate::diff_elements_by(o, n, path, ops, |a, b, p, ops| diff_at(a, b, p, ops), |v| parse(v));
}

/// A part of the document as a `Value`, for an op. The text is serde_json's own, so it parses.
fn parse(text: &[u8]) -> Value {
    serde_json::from_slice(text).expect("a document's part is JSON")
}

/// The length of `s` as a JSON string (a path is almost never escaped beyond its quotes).
fn json_len(s: &str) -> usize {
    if s.bytes().any(|b| b == b'"' || b == b'\\' || b < b' ') {
        serde_json::to_string(s).expect("a string encodes").len()
    } else {
        s.len() + 2
    }
}

/// An object's members, sorted by key. `text` is `{…}`.
fn members(text: &[u8]) -> Vec<(Cow<'_, str>, &[u8])> {
    let mut out = Vec::new();
    let mut i = 1;
    while text[i] != b'}' {
        let key_end = skip_string(text, i);
        let value_end = skip_value(text, key_end + 1);
        out.push((key(&text[i..key_end]), &text[key_end + 1..value_end]));
        i = value_end + usize::from(text[value_end] == b',');
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The text of member `key`'s value, if there is one.
fn member<'a>(members: &[(Cow<str>, &'a [u8])], key: &str) -> Option<&'a [u8]> {
    members.binary_search_by(|(k, _)| k.as_ref().cmp(key)).ok().map(|i| members[i].1)
}

/// An array's elements. `text` is `[…]`.
fn elements(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut i = 1;
    while text[i] != b']' {
        let end = skip_value(text, i);
        out.push(&text[i..end]);
        i = end + usize::from(text[end] == b',');
    }
    out
}

/// A key's JSON string, unescaped (only a key with escapes is copied).
fn key(quoted: &[u8]) -> Cow<'_, str> {
    let inner = &quoted[1..quoted.len() - 1];
    if inner.contains(&b'\\') {
        Cow::Owned(serde_json::from_slice(quoted).expect("a key is a JSON string"))
    } else {
        Cow::Borrowed(std::str::from_utf8(inner).expect("JSON text is UTF-8"))
    }
}

/// Where the string starting at `i` (its opening quote) ends, past its closing quote.
fn skip_string(text: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    loop {
        match text[j] {
            b'\\' => j += 2,
            b'"' => return j + 1,
            _ => j += 1,
        }
    }
}

/// Where the value starting at `i` ends.
fn skip_value(text: &[u8], i: usize) -> usize {
    match text[i] {
        b'"' => skip_string(text, i),
        b'{' | b'[' => {
            let (mut depth, mut j) = (0usize, i);
            loop {
                match text[j] {
                    b'"' => {
                        j = skip_string(text, j);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return j + 1;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        // A number, `true`, `false` or `null`: up to the next separator.
        _ => text[i..].iter().position(|b| matches!(b, b',' | b'}' | b']')).map_or(text.len(), |p| i + p),
    }
}
