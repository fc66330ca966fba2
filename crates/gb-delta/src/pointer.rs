//! JSON Pointer (RFC 6901) paths, as RFC 6902 uses them.
use serde_json::Value;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PatchError {
    #[error("path {0:?} is not a JSON Pointer (it must be empty or start with '/')")]
    BadPointer(String),
    #[error("path {0:?} names nothing in the document")]
    Missing(String),
    #[error("path {0:?} has no parent to add to or remove from")]
    NoParent(String),
}

/// Appends `/token`, escaped (`~` as `~0`, `/` as `~1`).
pub(crate) fn push_token(path: &mut String, token: &str) {
    path.push('/');
    for c in token.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

fn tokens(path: &str) -> Result<Vec<String>, PatchError> {
    if path.is_empty() {
        return Ok(Vec::new());
    }
    let rest = path.strip_prefix('/').ok_or_else(|| PatchError::BadPointer(path.to_owned()))?;
    Ok(rest.split('/').map(|t| t.replace("~1", "/").replace("~0", "~")).collect())
}

fn step<'a>(v: &'a mut Value, token: &str, path: &str) -> Result<&'a mut Value, PatchError> {
    let missing = || PatchError::Missing(path.to_owned());
    match v {
        Value::Object(m) => m.get_mut(token).ok_or_else(missing),
        Value::Array(a) => index(token, a.len()).and_then(|i| a.get_mut(i)).ok_or_else(missing),
        _ => Err(missing()),
    }
}

/// An array index token: digits without a leading zero (RFC 6901 section 4), below `len`.
fn index(token: &str, len: usize) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    let canonical = token == "0" || !token.starts_with('0');
    let i: usize = if digits && canonical { token.parse().ok()? } else { return None };
    (i < len).then_some(i)
}

pub(crate) fn get_mut<'a>(doc: &'a mut Value, path: &str) -> Result<&'a mut Value, PatchError> {
    tokens(path)?.iter().try_fold(doc, |v, t| step(v, t, path))
}

/// The parent of `path` and the last token.
fn parent<'a>(doc: &'a mut Value, path: &str) -> Result<(&'a mut Value, String), PatchError> {
    let mut toks = tokens(path)?;
    let last = toks.pop().ok_or_else(|| PatchError::NoParent(path.to_owned()))?;
    let parent = toks.iter().try_fold(doc, |v, t| step(v, t, path))?;
    Ok((parent, last))
}

pub(crate) fn add(doc: &mut Value, path: &str, value: Value) -> Result<(), PatchError> {
    if path.is_empty() {
        *doc = value;
        return Ok(());
    }
    let (parent, last) = parent(doc, path)?;
    match parent {
        Value::Object(m) => {
            m.insert(last, value);
        }
        Value::Array(a) if last == "-" => a.push(value),
        Value::Array(a) => {
            // Adding may insert at the end itself (index == len).
            let i = index(&last, a.len() + 1).ok_or_else(|| PatchError::Missing(path.to_owned()))?;
            a.insert(i, value);
        }
        _ => return Err(PatchError::Missing(path.to_owned())),
    }
    Ok(())
}

pub(crate) fn remove(doc: &mut Value, path: &str) -> Result<(), PatchError> {
    let (parent, last) = parent(doc, path)?;
    let gone = match parent {
        Value::Object(m) => m.remove(&last).is_some(),
        Value::Array(a) => index(&last, a.len()).map(|i| a.remove(i)).is_some(),
        _ => false,
    };
    if gone { Ok(()) } else { Err(PatchError::Missing(path.to_owned())) }
}
