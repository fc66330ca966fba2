//! The table: which seats a match has, who sits to whose left, and who is still in (MP-1, MP-3, MP-24).
//!
//! Every relation between seats goes through here, never through the seat letters: the two-player game (CR 100.2)
//! is the table of two, where the left and the right opponent are the same seat. Two seats take a direct path in
//! every relation (no bitmask walk), so the two-player game pays one predictable branch for the circle.
use crate::ids::{Position, Seat};

/// Which game is played, decided by the number of seats (MP-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Two players: the comprehensive rules.
    Standard,
    /// Three to six players: the rulebook's "Three or More Players", settled in `docs/multiplayer-rulings.md`.
    FreeForAll,
}

/// The numbers that differ between the two games, read from the `Format` rather than tested for at each use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// HP at the start (CR 200.1: 20; MP-2: 45), and after each round of the two-player game (CR 206.3).
    pub starting_hp: u16,
    /// Whether the match is played in rounds (CR 206; MP-2, MP-8: not in the free-for-all).
    pub rounds: bool,
    /// HP marks under which an action meter empties, each once (MP-20); none in the two-player game.
    pub meter_thresholds: &'static [u16],
    /// Whether benched heroes are used (CR 405; MP-7: not in the free-for-all).
    pub bench_used: bool,
}

impl Format {
    pub const fn rules(self) -> Rules {
        match self {
            Format::Standard => Rules { starting_hp: 20, rounds: true, meter_thresholds: &[], bench_used: true },
            Format::FreeForAll => {
                Rules { starting_hp: 45, rounds: false, meter_thresholds: &[30, 15], bench_used: false }
            }
        }
    }
}

/// The seats of a match and who is still in it (MP-3, MP-24). `Copy`, 3 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    /// How many seats, 2..=6: `A` up to the seat before `Seat::from_index(seats)`.
    seats: u8,
    /// Bit `i` set while the seat at index `i` is living (MP-23).
    living: u8,
    /// How many seats have been eliminated; the next one out takes place `seats - out` (MP-24, MP-30).
    out: u8,
}

/// Nothing in the two-player game, so a two-player state hashes exactly as before the table existed and stored
/// match records still verify (plan constraint 2, `tests/old_records.rs`); the fields in the free-for-all.
impl std::hash::Hash for Table {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        if self.format() == Format::FreeForAll {
            let Table { seats, living, out } = self;
            seats.hash(h);
            living.hash(h);
            out.hash(h);
        }
    }
}

/// Why a table cannot be set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatCountError(pub usize);

impl Table {
    /// The two-player table (CR 100.2).
    pub const STANDARD: Table = Table { seats: 2, living: 0b11, out: 0 };

    /// A table of `seats` living seats, `A` onward: 2 for the two-player game, 3 to 6 for the free-for-all (MP-1).
    pub fn new(seats: usize) -> Result<Table, SeatCountError> {
        match seats {
            2..=6 => Ok(Table { seats: seats as u8, living: (1u8 << seats) - 1, out: 0 }),
            _ => Err(SeatCountError(seats)),
        }
    }

    #[inline]
    pub fn format(&self) -> Format {
        if self.seats == 2 { Format::Standard } else { Format::FreeForAll }
    }

    /// How many seats the match began with, eliminated ones included.
    #[inline]
    pub fn seat_count(&self) -> usize {
        self.seats as usize
    }

    /// Whether `seat` is at this table and not eliminated (MP-23).
    #[inline]
    pub fn is_living(&self, seat: Seat) -> bool {
        self.living & (1 << seat.index()) != 0
    }

    /// Takes `seat` out of the circle and returns its place (MP-24: the first of four out is 4th); the circle
    /// closes over it (MP-3). `None` when it was not living.
    pub fn eliminate(&mut self, seat: Seat) -> Option<u8> {
        if !self.is_living(seat) {
            return None;
        }
        let place = self.seats - self.out;
        self.living &= !(1 << seat.index());
        self.out += 1;
        Some(place)
    }

    /// Every living seat, in letter order.
    #[inline]
    pub fn seats(&self) -> Seats {
        if self.seats == 2 {
            return Seats::TWO;
        }
        Seats::of_mask(self.living, 0)
    }

    /// The left opponent: the next living seat in letter order (MP-3). With two seats, the other one.
    #[inline]
    pub fn left_of(&self, seat: Seat) -> Seat {
        if self.seats == 2 {
            return the_other(seat);
        }
        let (mask, i) = (self.living as u32, seat.index() as u32);
        let after = mask & !((2u32 << i) - 1);
        seat_at(if after != 0 { after.trailing_zeros() } else { mask.trailing_zeros() })
    }

    /// The right opponent: the previous living seat in letter order (MP-3). With two seats, the other one.
    #[inline]
    pub fn right_of(&self, seat: Seat) -> Seat {
        if self.seats == 2 {
            return the_other(seat);
        }
        let (mask, i) = (self.living as u32, seat.index() as u32);
        let before = mask & ((1u32 << i) - 1);
        seat_at(31 - if before != 0 { before.leading_zeros() } else { mask.leading_zeros() })
    }

    /// Every living seat other than `seat`, in turn order from its left (MP-4): its opponents (MP-9).
    #[inline]
    pub fn opponents(&self, seat: Seat) -> Seats {
        if self.seats == 2 {
            return Seats::one(the_other(seat));
        }
        Seats::of_mask(self.living & !(1 << seat.index()), seat.index() as u32 + 1)
    }

    /// `seat`, then its opponents in turn order: the order of deals and mulligans (CR 200.5, MP-5).
    #[inline]
    pub fn from(&self, seat: Seat) -> Seats {
        if self.seats == 2 {
            return Seats { order: seat.index() as u32 | (the_other(seat).index() as u32) << 4, len: 2 };
        }
        Seats::of_mask(self.living, seat.index() as u32)
    }

    /// How far `seat` sits to the left of `from` around the whole circle: 0 for `from`, 1 for the seat at its left,
    /// … (the order of MP-13, MP-16, MP-17). Eliminated seats keep their places, so a rank never shifts when a seat
    /// leaves; among living seats it orders exactly as `from(from)` does. With two seats: 0 for `from`, 1 for the
    /// other.
    #[inline]
    pub fn rank(&self, from: Seat, seat: Seat) -> u8 {
        let (from, seat) = (from.index() as u8, seat.index() as u8);
        if seat >= from { seat - from } else { seat + self.seats - from }
    }

    /// The two-player game's one opponent (CR 100.2). Only for call sites whose free-for-all reading is decided by
    /// a later step of the plan (`docs/design/multiplayer-engine.md` section 3: the defender of an attack, the
    /// seat a trigger names, MP-9.3, MP-40); until then no free-for-all match exists to reach them.
    #[inline]
    pub fn standard_opponent(&self, seat: Seat) -> Seat {
        debug_assert_eq!(self.format(), Format::Standard, "a free-for-all call site needs its own opponent (MP-9)");
        the_other(seat)
    }

    /// The heroes opposite `seat`'s hero at `pos` (CR 616.1a, MP-11): the left hero faces the left opponent's right
    /// hero, the right hero the right opponent's left hero, the center hero every opponent's center hero; the back
    /// hero faces none (CR 616.1b). With two seats, the one hero `Position::opposite` names.
    #[inline]
    pub fn opposite(&self, seat: Seat, pos: Position) -> Opposite {
        let seats = match pos {
            Position::Left => Seats::one(self.left_of(seat)),
            Position::Right => Seats::one(self.right_of(seat)),
            Position::Center => self.opponents(seat),
            Position::Back => Seats::NONE,
        };
        Opposite { seats, pos: pos.opposite().unwrap_or(Position::Back) }
    }
}

/// The other seat of two.
#[inline]
fn the_other(seat: Seat) -> Seat {
    if seat == Seat::A { Seat::B } else { Seat::A }
}

/// The seat at a bit index of a living mask or a `Seats` nibble (always below 6, so no check is needed).
#[inline]
fn seat_at(i: u32) -> Seat {
    match i {
        0 => Seat::A,
        1 => Seat::B,
        2 => Seat::C,
        3 => Seat::D,
        4 => Seat::E,
        _ => Seat::F,
    }
}

/// Some seats in a fixed order, without allocating: up to six seat indices, four bits each, the next one lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seats {
    order: u32,
    len: u8,
}

impl Seats {
    const NONE: Seats = Seats { order: 0, len: 0 };
    const TWO: Seats = Seats { order: 0x10, len: 2 };

    #[inline]
    fn one(seat: Seat) -> Seats {
        Seats { order: seat.index() as u32, len: 1 }
    }

    /// The seats of `mask` in letter order, starting at index `start` and going round (the general path).
    fn of_mask(mask: u8, start: u32) -> Seats {
        let mut s = Seats::NONE;
        for k in 0..6 {
            let i = (start + k) % 6;
            if mask & (1 << i) != 0 {
                s.order |= i << (4 * s.len);
                s.len += 1;
            }
        }
        s
    }
}

impl Iterator for Seats {
    type Item = Seat;

    #[inline]
    fn next(&mut self) -> Option<Seat> {
        if self.len == 0 {
            return None;
        }
        let i = self.order & 0xf;
        self.order >>= 4;
        self.len -= 1;
        Some(seat_at(i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.len as usize, Some(self.len as usize))
    }
}

impl ExactSizeIterator for Seats {}

/// The heroes opposite one hero (MP-11), as `(seat, position)`: at most five, no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opposite {
    seats: Seats,
    pos: Position,
}

impl Iterator for Opposite {
    type Item = (Seat, Position);

    #[inline]
    fn next(&mut self) -> Option<(Seat, Position)> {
        self.seats.next().map(|s| (s, self.pos))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.seats.size_hint()
    }
}

impl ExactSizeIterator for Opposite {}

#[cfg(test)]
mod tests {
    use super::*;
    use Seat::*;

    fn table(n: usize) -> Table {
        Table::new(n).unwrap()
    }

    #[test]
    fn two_seats_are_the_two_player_game() {
        let t = Table::STANDARD;
        assert_eq!(t, table(2));
        assert_eq!(t.format(), Format::Standard);
        assert_eq!(t.seats().collect::<Vec<_>>(), [A, B]);
        for (s, o) in [(A, B), (B, A)] {
            assert_eq!((t.left_of(s), t.right_of(s), t.standard_opponent(s)), (o, o, o));
            assert_eq!(t.opponents(s).collect::<Vec<_>>(), [o]);
            assert_eq!(t.from(s).collect::<Vec<_>>(), [s, o]);
            assert_eq!((t.rank(s, s), t.rank(s, o)), (0, 1));
            // CR 616.1a: the same heroes `Position::opposite` names.
            for pos in Position::ALL {
                let expected: Vec<_> = pos.opposite().map(|p| (o, p)).into_iter().collect();
                assert_eq!(t.opposite(s, pos).collect::<Vec<_>>(), expected, "{s:?} {pos:?}");
            }
        }
    }

    #[test]
    fn each_game_has_its_numbers() {
        let standard = Table::STANDARD.format().rules();
        assert_eq!((standard.starting_hp, standard.rounds, standard.bench_used), (20, true, true));
        assert!(standard.meter_thresholds.is_empty());
        let ffa = table(4).format().rules();
        assert_eq!(
            (ffa.starting_hp, ffa.rounds, ffa.bench_used, ffa.meter_thresholds),
            (45, false, false, &[30, 15][..])
        );
    }

    #[test]
    fn seat_counts_outside_two_to_six_are_refused() {
        for n in [0, 1, 7] {
            assert_eq!(Table::new(n), Err(SeatCountError(n)));
        }
        for n in 3..=6 {
            assert_eq!(table(n).format(), Format::FreeForAll);
            assert_eq!(table(n).seats().len(), n);
        }
    }

    #[test]
    fn the_circle_goes_left_in_letter_order_and_closes_over_the_eliminated() {
        // MP-3, MP-10's example: four players, A's left opponent is B, its right opponent D.
        let mut t = table(4);
        assert_eq!((t.left_of(A), t.right_of(A)), (B, D));
        assert_eq!((t.left_of(D), t.right_of(D)), (A, C));
        assert_eq!(t.opponents(C).collect::<Vec<_>>(), [D, A, B]);
        assert_eq!(t.from(C).collect::<Vec<_>>(), [C, D, A, B]);
        assert_eq!([C, D, A, B].map(|s| t.rank(C, s)), [0, 1, 2, 3]);
        // MP-24's example: B out (4th place), A's left opponent is C, C's right opponent A.
        assert_eq!(t.eliminate(B), Some(4));
        assert_eq!(t.eliminate(B), None);
        assert!(!t.is_living(B));
        assert_eq!((t.left_of(A), t.right_of(C)), (C, A));
        assert_eq!(t.seats().collect::<Vec<_>>(), [A, C, D]);
        assert_eq!(t.opponents(D).collect::<Vec<_>>(), [A, C]);
        // Ranks keep the eliminated seat's place: D's opponents A, C still rank 1, 3.
        assert_eq!((t.rank(D, A), t.rank(D, C)), (1, 3));
        // MP-12: two left, each is the other's left and right opponent; still the free-for-all.
        assert_eq!(t.eliminate(D), Some(3));
        assert_eq!((t.left_of(A), t.right_of(A), t.left_of(C), t.right_of(C)), (C, C, A, A));
        assert_eq!(t.format(), Format::FreeForAll);
    }

    #[test]
    fn opposite_heroes_follow_the_attack_relations() {
        // MP-11's example: three players, A's center faces B's and C's centers, A's left faces B's right.
        let t = table(3);
        assert_eq!(t.opposite(A, Position::Center).collect::<Vec<_>>(), [(B, Position::Center), (C, Position::Center)]);
        assert_eq!(t.opposite(A, Position::Left).collect::<Vec<_>>(), [(B, Position::Right)]);
        assert_eq!(t.opposite(A, Position::Right).collect::<Vec<_>>(), [(C, Position::Left)]);
        assert_eq!(t.opposite(A, Position::Back).count(), 0);
        // Symmetric: B's right hero faces A's left hero.
        assert_eq!(t.opposite(B, Position::Right).collect::<Vec<_>>(), [(A, Position::Left)]);
    }

    #[test]
    fn only_the_free_for_all_writes_itself_into_the_hash() {
        use std::hash::{Hash, Hasher};
        let hash = |t: &Table| {
            let mut h = crate::hash::StableHasher::new();
            t.hash(&mut h);
            h.finish()
        };
        assert_eq!(hash(&Table::STANDARD), crate::hash::StableHasher::new().finish());
        let mut t = table(3);
        let before = hash(&t);
        t.eliminate(C);
        assert_ne!(hash(&t), before);
    }
}
