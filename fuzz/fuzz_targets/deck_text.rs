//! The deck text parser on arbitrary text: it never panics, and whatever it accepts survives a round trip
//! through `to_text` and validates without panicking.
#![no_main]
use gb_core::DeckList;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(list) = DeckList::parse_text(text) else { return };
    let again = DeckList::parse_text(&list.to_text()).expect("a parsed list's own text parses");
    assert_eq!(again, list, "to_text then parse_text changed the list");
    let _ = list.validate();
});
