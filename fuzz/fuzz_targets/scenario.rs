//! The scenario format (TOML with deck lists, positions and steps) on arbitrary text: parsing and running it
//! never panics; a bad scenario is a failure message.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = gb_core::scenario::run_text(text);
});
