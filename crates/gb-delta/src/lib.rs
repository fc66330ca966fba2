//! View deltas on the wire (docs/protocol.md, "Deltas"): an `update` carries an RFC 6902 JSON Patch that turns
//! the document a viewer holds into the next one. The server computes it with [`diff`]; the web client
//! (`web-client/src/patch.ts`) and the load generator apply it ([`apply`]).
//!
//! Why RFC 6902 over the view's JSON rather than RFC 7386 merge patch or typed changes: a merge patch cannot set a
//! field to `null` (the view's hidden hand is `null` for other viewers) and replaces arrays whole (a zone is an
//! array); typed field-level changes would need one change type per view field, kept in step by hand on both
//! sides. A JSON Patch is generic, standard and replays exactly, and only `add`, `remove` and `replace` are ever
//! emitted.
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

mod pointer;
pub use pointer::PatchError;

/// One RFC 6902 operation. `path` is a JSON Pointer (RFC 6901).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum PatchOp {
    Add {
        path: String,
        #[ts(type = "unknown")]
        value: Value,
    },
    Remove {
        path: String,
    },
    Replace {
        path: String,
        #[ts(type = "unknown")]
        value: Value,
    },
}

/// The operations that turn `old` into `new`: objects key by key, arrays element by element when most
/// elements stay in place (else the array is replaced whole, which is shorter), anything else replaced.
pub fn diff(old: &Value, new: &Value) -> Vec<PatchOp> {
    let mut ops = Vec::new();
    let mut path = String::new();
    diff_at(old, new, &mut path, &mut ops);
    ops
}

fn diff_at(old: &Value, new: &Value, path: &mut String, ops: &mut Vec<PatchOp>) {
    if old == new {
        return;
    }
    match (old, new) {
        (Value::Object(o), Value::Object(n)) if o.get("type") == n.get("type") => {
            for key in o.keys().filter(|k| !n.contains_key(*k)) {
                ops.push(PatchOp::Remove { path: child(path, key) });
            }
            for (key, nv) in n {
                match o.get(key) {
                    Some(ov) => with_child(path, key, |p| diff_at(ov, nv, p, ops)),
                    None => ops.push(PatchOp::Add { path: child(path, key), value: nv.clone() }),
                }
            }
        }
        (Value::Array(o), Value::Array(n)) => {
            let mark = ops.len();
            let moved = diff_elements(o, n, path, ops);
            // Element by element pays off when few positions change (a card added to a zone, one intent
            // fewer in the legal list, one hero's counter); when most of the array changes (a new legal list,
            // heroes rotated) one `replace` may be shorter, and what is shorter on the wire is what we send.
            // Sizes are only compared (an encoding each) in that case.
            if moved * 2 > o.len().max(n.len()) {
                let whole = PatchOp::Replace { path: path.clone(), value: new.clone() };
                if encoded_len(&ops[mark..]) > encoded_len(std::slice::from_ref(&whole)) {
                    ops.truncate(mark);
                    ops.push(whole);
                }
            }
        }
        // Scalars, and objects of another `type` (a different variant of a tagged enum): replaced whole.
        _ => ops.push(PatchOp::Replace { path: path.clone(), value: new.clone() }),
    }
}

/// Ops for the positions between the arrays' common prefix and common suffix: paired positions diffed in
/// place, then the old surplus removed or the new one inserted (so one intent inserted into or removed from the
/// middle of a list is one op). Returns how many positions changed.
fn diff_elements(o: &[Value], n: &[Value], path: &mut String, ops: &mut Vec<PatchOp>) -> usize {
    let prefix = o.iter().zip(n).take_while(|(a, b)| a == b).count();
    let room = o.len().min(n.len()) - prefix;
    let suffix = o.iter().rev().zip(n.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
    let (om, nm) = (&o[prefix..o.len() - suffix], &n[prefix..n.len() - suffix]);
    let paired = om.len().min(nm.len());
    let mut moved = om.len().abs_diff(nm.len());
    for i in 0..paired {
        if om[i] != nm[i] {
            moved += 1;
            with_child(path, &(prefix + i).to_string(), |p| diff_at(&om[i], &nm[i], p, ops));
        }
    }
    // Removed from the highest index down, so every index stays valid while the patch is applied in order.
    for i in (prefix + paired..prefix + om.len()).rev() {
        ops.push(PatchOp::Remove { path: child(path, &i.to_string()) });
    }
    for (k, v) in nm[paired..].iter().enumerate() {
        let token = if suffix == 0 { "-".to_owned() } else { (prefix + paired + k).to_string() };
        ops.push(PatchOp::Add { path: child(path, &token), value: v.clone() });
    }
    moved
}

/// The length of `ops` as JSON, counted without keeping the bytes.
fn encoded_len(ops: &[PatchOp]) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0 += b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut c = Count(0);
    serde_json::to_writer(&mut c, ops).expect("patch ops serialize");
    c.0
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
    for op in ops {
        match op {
            PatchOp::Add { path, value } => pointer::add(doc, path, value.clone())?,
            PatchOp::Remove { path } => pointer::remove(doc, path)?,
            PatchOp::Replace { path, value } => *pointer::get_mut(doc, path)? = value.clone(),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
