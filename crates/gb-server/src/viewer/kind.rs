//! [`Kind`]: who a frame is for: a seat of the room, or its spectators. Every part of the room that keeps or
//! sends frames indexes by it (streams, deltas, viewers).
use gb_core::{Seat, Viewer};

/// Viewer kinds: one per seat of the room, and spectators (N + 1 for N seats, issue 16). A room's streams are
/// indexed by [`Kind::index`]: spectators first, then the seats in seat order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Seat(Seat),
    Spectator,
}

impl Kind {
    /// The two-player game's seats, by their old names (tests, benches).
    pub const A: Kind = Kind::Seat(Seat::A);
    pub const B: Kind = Kind::Seat(Seat::B);
    /// The two-player game's kinds in index order (tests, benches).
    pub const TWO_PLAYER: [Kind; 3] = [Kind::Spectator, Kind::A, Kind::B];

    /// Every kind of a room of `seats` seats, in index order.
    pub fn all(seats: usize) -> impl Iterator<Item = Kind> {
        std::iter::once(Kind::Spectator).chain(Seat::ALL[..seats].iter().map(|&s| Kind::Seat(s)))
    }
    pub fn of_seat(seat: Seat) -> Kind {
        Kind::Seat(seat)
    }
    pub fn seat(self) -> Option<Seat> {
        match self {
            Kind::Seat(s) => Some(s),
            Kind::Spectator => None,
        }
    }
    pub fn viewer(self) -> Viewer {
        self.seat().map_or(Viewer::Spectator, Viewer::Seat)
    }
    pub fn index(self) -> usize {
        match self {
            Kind::Spectator => 0,
            Kind::Seat(s) => 1 + s.index(),
        }
    }
}
