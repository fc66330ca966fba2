//! The client message decoder on arbitrary text (what the server runs on every WebSocket text frame,
//! `ClientMsg::decode`): it never panics; what it accepts encodes back to the same message; what it refuses gets
//! one of the four error codes and a sentence.
#![no_main]
use gb_protocol::ClientMsg;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match ClientMsg::decode(text) {
        Ok(msg) => assert_eq!(ClientMsg::decode(&msg.encode()), Ok(msg), "encode then decode changed the message"),
        Err(e) => {
            assert!(matches!(e.code, "bad_json" | "missing_type" | "unknown_type" | "bad_message"), "{e}");
            assert!(!e.message.is_empty());
        }
    }
});
