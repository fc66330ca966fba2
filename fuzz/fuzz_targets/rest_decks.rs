//! The deck REST bodies on arbitrary text (`POST`/`PUT /api/decks`, `.../import`, `.../validate`), through the
//! checks the handlers run (`gb_protocol::checks`): nothing panics, a body read back is unchanged
//! (common/rest.rs), a refusal names its field or carries the rules' reasons, and a deck the checks accept is
//! stored under a name the name check accepts as it is.
#![no_main]
use gb_core::DeckList;
use gb_protocol::{DeckBody, ImportBody, ValidateBody, checks, names};
use libfuzzer_sys::fuzz_target;

#[path = "common/rest.rs"]
mod rest;

/// What `POST`/`PUT /api/decks` and import store, or the refusal of `body`.
fn save(name: Option<&str>, list: DeckList, body: &impl serde::Serialize) {
    match checks::deck(name, list) {
        Ok((name, list)) => {
            assert_eq!(list.name, name);
            assert_eq!(names::deck_name(&name).as_ref(), Ok(&name), "a stored name changes when checked again");
            list.validate().expect("a stored deck keeps to the rules");
        }
        Err(r) => rest::refused(&r, body),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Some(body) = rest::body::<DeckBody>(text) {
        save(body.name.as_deref(), body.list.clone(), &body);
    }
    if let Some(body) = rest::body::<ImportBody>(text) {
        match DeckList::parse_text(&body.text) {
            Ok(list) => save(body.name.as_deref(), list, &body),
            Err(rejections) => assert!(!rejections.is_empty(), "deck text refused without a reason"),
        }
    }
    if let Some(body) = rest::body::<ValidateBody>(text) {
        let neither = body.list.is_none() && body.text.is_none();
        match checks::validate_deck(body.clone()) {
            Ok(reply) => assert_eq!(reply.ok, reply.errors.is_empty()),
            Err(r) => {
                assert!(neither, "{r:?}");
                rest::refused(&r, &body);
            }
        }
    }
});
