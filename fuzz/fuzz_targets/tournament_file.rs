//! The tournament file on arbitrary text, as `gb tournament standings|pair` reads it: parsing never panics; a
//! refusal says where (the field's path into the file, or a JSON error's line and column); a file that parses
//! gives standings (and their CSV), the next round or a typed reason there is none, and the provisional top cut,
//! without panicking — and none of them calls the file invalid after `parse` accepted it (one check, in `ledger`).
#![no_main]
use gb_tournament::{PairingError, pair_next_round, parse, provisional_top_cut, standings};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let t = match parse(text) {
        Ok(t) => t,
        Err(e) => {
            assert!(!e.message.is_empty(), "an error without a message");
            assert!(e.path.is_empty() == e.message.contains(" line "), "no field and no line: {e}");
            return;
        }
    };
    let table = standings(&t).expect("a parsed file has standings");
    let _ = table.to_csv();
    if let Err(PairingError::Invalid { error }) = pair_next_round(&t) {
        panic!("parse accepted a file that pairing calls invalid: {error}");
    }
    provisional_top_cut(&t).expect("a parsed file has a provisional top cut");
});
