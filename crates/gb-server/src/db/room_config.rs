//! A room's settings and seats as stored (`rooms.config_json`, `rooms.seats_json`): what every part of the room
//! reads and nothing in it changes after creation, except who holds a seat. Plain data kept below the room, so
//! `db/rooms.rs` reads and writes the columns typed.
use crate::protocol::{BotLevel, ClockSetting, SpectatorDelay, Visibility};
use gb_core::{DeckList, Seat};
use serde::{Deserialize, Serialize};

/// The seats of a room of `n` seats, in seat order: `A`, `B` for the two-player game, up to `F` (MP-1).
pub fn seats_of(n: usize) -> &'static [Seat] {
    &Seat::ALL[..n]
}

/// Room settings chosen at creation (stored as `rooms.config_json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoomConfig {
    pub visibility: Visibility,
    pub best_of: u8,
    pub spectator_delay: Option<SpectatorDelay>,
    pub clock: Option<ClockSetting>,
    pub vs_bot: bool,
    /// Set with `vs_bot`, or in a free-for-all for the computers the host's start seats; absent in rooms
    /// stored before levels existed.
    #[serde(default)]
    pub bot_level: Option<BotLevel>,
    /// How many seats: 2 (CR), or 3–6 for a free-for-all (MP-1). Rooms stored before issue 16 have two.
    #[serde(default = "two_seats")]
    pub seats: u8,
    /// The account that created the room: the one who may start it with computers in the empty seats.
    /// Absent in rooms stored before the host's start existed (they start only when full).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// A tournament table's `next_game_chooser` (docs/tournaments.md): who decides the turn order of the
    /// series' next game. Absent elsewhere (and in rooms stored before it existed): the previous game's loser.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_game_chooser: Option<gb_tournament::NextGameChooser>,
    /// The seat that chooses who plays first in game 1, asked by the engine itself (`MatchSetup::chooser`): a
    /// playoff table's higher seed (MTR 2.2, docs/tournaments.md). Absent elsewhere: the draw chooses (CR 200.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_game_chooser: Option<Seat>,
    /// The tournament this room is a table of: its deck lists are the event's to publish (api/replay, "Deck
    /// lists" in docs/tournaments.md). Stored with the room, so it survives re-pairing, restarts and owners.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Rated (docs/ratings.md): each game of a one-game room, or the series of a best of three, changes both
    /// players' ratings for the room's format. Only a two-player room of two people, never an event's table.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

fn two_seats() -> u8 {
    crate::protocol::TWO_SEATS
}

impl RoomConfig {
    /// The computer's level, if a seat is the computer's. Rooms stored before levels existed played random.
    pub fn bot_level(&self) -> Option<BotLevel> {
        self.vs_bot.then(|| self.bot_level.unwrap_or(BotLevel::Random))
    }
    /// The level of a computer the host's start seats: the room's level, greedy by default.
    pub fn start_level(&self) -> BotLevel {
        self.bot_level().or(self.bot_level).unwrap_or_default()
    }
    /// The room's seats in seat order.
    pub fn seat_list(&self) -> &'static [Seat] {
        seats_of(usize::from(self.seats))
    }
    /// A free-for-all room (3–6 seats, MP-1).
    pub fn free_for_all(&self) -> bool {
        self.seats > crate::protocol::TWO_SEATS
    }
    /// The seat a person holds among `seats` (a computer's seat is nobody's account).
    pub fn seat_held(&self, seats: &[Option<SeatEntry>], account_id: &str) -> Option<Seat> {
        let held = |s: &Seat| {
            seats.get(s.index()).and_then(Option::as_ref).is_some_and(|e| !e.bot && e.account_id == account_id)
        };
        self.seat_list().iter().copied().find(held)
    }
    /// `RoomInfo.host`: the seat a free-for-all's host holds; never set in a two-player room (protocol 5's JSON).
    pub fn host_seat(&self, seats: &[Option<SeatEntry>]) -> Option<Seat> {
        let host = self.host.as_deref().filter(|_| self.free_for_all())?;
        self.seat_held(seats, host)
    }
}

/// A room's seats as stored in `rooms.seats_json`: one entry per seat, in seat order (`None`: the seat is free).
pub type Seats = Vec<Option<SeatEntry>>;

/// Who holds a seat and with which deck (stored in `rooms.seats_json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatEntry {
    pub account_id: String,
    pub display_name: String,
    pub deck: DeckList,
    pub bot: bool,
    /// A computer's own level, where it is not the room's: an event's computer player (tournament/computers.rs).
    /// Absent otherwise, and in seats stored before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_level: Option<BotLevel>,
}
