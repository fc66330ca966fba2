//! What every REST body target holds (rest_rooms, rest_events, rest_decks): a body is read as the server's
//! `ApiJson` reads it (serde_json on the whole text); what is read serializes and reads back to itself; a body
//! check's refusal has a snake_case code and names a field of the body it refuses.
use gb_protocol::Refusal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::fmt::Debug;

/// The body, if `text` is one; panics if it does not survive being written back and read again.
pub fn body<T: DeserializeOwned + Serialize + PartialEq + Debug>(text: &str) -> Option<T> {
    let body: T = serde_json::from_str(text).ok()?;
    let again = serde_json::to_string(&body).expect("a body that was read can be written");
    let back: Result<T, _> = serde_json::from_str(&again);
    assert_eq!(back.as_ref().ok(), Some(&body), "written back as {again}: {back:?}");
    Some(body)
}

/// A refusal of `body`: its message names one of the body's fields (at any depth, `a_b` also as "a b"), or it
/// is a deck the rules refuse and carries the rules' reasons.
pub fn refused(r: &Refusal, body: &impl Serialize) {
    assert!(!r.code.is_empty() && r.code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{r:?}");
    assert_eq!(r.code == "invalid_deck", !r.rejections.is_empty(), "{r:?}");
    if r.code == "invalid_deck" {
        return;
    }
    let mut fields = Vec::new();
    keys(&serde_json::to_value(body).expect("a body that was read can be written"), &mut fields);
    names_one_of(r, &fields);
}

/// The refusal's message names one of `fields` (`a_b` also as "a b"); for a field a body leaves out when it is
/// empty, which its serialized keys do not show.
pub fn names_one_of(r: &Refusal, fields: &[String]) {
    let named = fields.iter().any(|f| r.message.contains(f.as_str()) || r.message.contains(&f.replace('_', " ")));
    assert!(named, "the refusal names none of the fields {fields:?}: {r:?}");
}

fn keys(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => map.iter().for_each(|(k, v)| {
            out.push(k.clone());
            keys(v, out);
        }),
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}
