//! Which game end a rated room rates (docs/ratings.md): every game of a one-game room, and the game that decides
//! a best of three (its series is the rated result). Only two people: a computer's seat, a free-for-all and an
//! event's table are never rated, whatever their config says.
use super::actor::Room;
use crate::db::ratings::RatedGame;
use gb_core::Seat;

impl Room {
    /// The rated result of the game ending now with `winner`, if it decides one. `self.play.games` still holds this
    /// game without its winner (room/commit.rs records it once the result is durable).
    pub(super) fn rated_result(&self, winner: Seat) -> Option<RatedGame> {
        if !self.cfg.rated || self.cfg.free_for_all() || self.cfg.event.is_some() {
            return None;
        }
        let person = |s: Seat| self.seats.get(s.index())?.as_ref().filter(|e| !e.bot).map(|e| e.account_id.clone());
        let accounts = [person(Seat::A)?, person(Seat::B)?];
        let format = format_of(self.cfg.best_of)?;
        if self.cfg.best_of == 3 {
            let earlier = &self.play.games[..self.play.games.len().saturating_sub(1)];
            // The second game win decides the series; no game is played after it (room/play.rs `series_winner`).
            if earlier.iter().filter(|g| g.winner == Some(winner)).count() != 1 {
                return None;
            }
        }
        let winner = if winner == Seat::A { 0 } else { 1 };
        Some(RatedGame { room_id: self.id.clone(), format, accounts, winner })
    }
}

/// A room's rating format by its `best_of`: `bo1` or `bo3`.
pub fn format_of(best_of: u8) -> Option<&'static str> {
    match best_of {
        1 => Some("bo1"),
        3 => Some("bo3"),
        _ => None,
    }
}
