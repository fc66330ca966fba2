//! Small identities: seats, positions, card handles, viewers.
use serde::{Deserialize, Serialize};

/// A seat at the table: `A` and `B` in the two-player game (CR 100.2), up to `F` in the free-for-all (MP-1, MP-3).
/// Who sits next to whom, and who is still in, is the match's `Table` (`table.rs`), never the seat itself.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Seat {
    A,
    B,
    C,
    D,
    E,
    F,
}

impl Seat {
    /// Every seat a table can have, in letter order (MP-3).
    pub const ALL: [Seat; 6] = [Seat::A, Seat::B, Seat::C, Seat::D, Seat::E, Seat::F];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The seat at `i` in letter order; `None` past `F`.
    #[inline]
    pub fn from_index(i: usize) -> Option<Seat> {
        Seat::ALL.get(i).copied()
    }
}

/// A place in the diamond (CR 200.2, 400.3).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Position {
    Left,
    Center,
    Right,
    Back,
}

impl Position {
    pub const ALL: [Position; 4] = [Position::Left, Position::Center, Position::Right, Position::Back];
    /// The frontline (CR 203.1c, 400.3a).
    pub const FRONTLINE: [Position; 3] = [Position::Left, Position::Center, Position::Right];

    pub fn index(self) -> usize {
        self as usize
    }
    /// `[f(Left), f(Center), f(Right), f(Back)]`, as `Position::each(f)` gives, written out: the hottest
    /// per-hero arrays (a seat's field, its alterations) cost a fifth more through `array::map`'s general
    /// machinery (callgrind; issue 14).
    #[inline]
    pub fn each<T>(mut f: impl FnMut(Position) -> T) -> [T; 4] {
        [f(Position::Left), f(Position::Center), f(Position::Right), f(Position::Back)]
    }
    pub fn from_index(i: usize) -> Position {
        Position::ALL[i]
    }
    pub fn is_frontline(self) -> bool {
        self != Position::Back
    }
    /// The opponent's hero directly across (CR 300.3a, 616.1a): right faces left, center faces center.
    pub fn opposite(self) -> Option<Position> {
        match self {
            Position::Left => Some(Position::Right),
            Position::Center => Some(Position::Center),
            Position::Right => Some(Position::Left),
            Position::Back => None,
        }
    }
    /// Clockwise: center → right → back → left → center (CR 617.1a).
    pub fn clockwise(self) -> Position {
        match self {
            Position::Center => Position::Right,
            Position::Right => Position::Back,
            Position::Back => Position::Left,
            Position::Left => Position::Center,
        }
    }
    pub fn counterclockwise(self) -> Position {
        match self {
            Position::Right => Position::Center,
            Position::Back => Position::Right,
            Position::Left => Position::Back,
            Position::Center => Position::Left,
        }
    }
}

/// A handle on one card where a viewer can see it. Issued afresh whenever a card changes zone, so a card that
/// enters a hidden zone (hand, deck, bench) cannot be followed there, and one that leaves it cannot be traced
/// back (CR 402.2, 403, 405.2). A newtype, so serde writes it as the bare number (no `transparent` needed, and
/// ts-rs, which cannot read that attribute, makes it `number`).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u32);

/// Who a view is for: a seat, or a spectator who sees only public zones.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
    /// True when this viewer may see `owner`'s private zones (own hand, own bench).
    pub fn sees_private_of(self, owner: Seat) -> bool {
        self == Viewer::Seat(owner)
    }
}
