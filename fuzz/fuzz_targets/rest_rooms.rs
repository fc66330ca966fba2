//! The lobby's REST bodies on arbitrary bytes (`POST /api/rooms`, `.../seats`, `.../rematch`), through the checks
//! the handlers run (`gb_protocol::checks`): nothing panics, a body read back is unchanged (common/rest.rs), a
//! refusal names its field, and a room the checks let through is one the room can hold.
#![no_main]
use gb_protocol::{BotLevel, CreateRoom, JoinSeat, checks};
use libfuzzer_sys::fuzz_target;

#[path = "common/rest.rs"]
mod rest;

/// The server reads the level with gb-bot's names (room/computer.rs); which level it is does not matter here.
fn parse_level(name: &str) -> Result<BotLevel, String> {
    name.parse::<gb_bot::Level>().map(|_| BotLevel::default())
}

fuzz_target!(|data: &[u8]| {
    // The rematch body is read from raw bytes: empty is allowed.
    if let Err(r) = checks::rematch(data) {
        assert_eq!(r.code, "bad_json", "{r:?}");
    }
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = rest::body::<JoinSeat>(text);
    let Some(room) = rest::body::<CreateRoom>(text) else { return };
    match checks::create_room(&room, parse_level) {
        Ok(level) => {
            assert!(matches!(room.best_of, 1 | 3) && (2..=6).contains(&room.seats), "{room:?}");
            assert!(!(room.rated && (room.vs_bot || room.seats > 2)), "{room:?}");
            assert_eq!(level.is_some(), room.vs_bot || room.bot_level.is_some(), "{room:?}");
        }
        Err(r) => rest::refused(&r, &room),
    }
});
