//! Who sits where: the host's early start, computers in the empty seats, and in a free-for-all the random seating
//! (MP-3) done before each game's seed commitment is published, so nobody chooses their neighbours.
use super::actor::Room;
use super::computers::Computer;
use super::error::RoomError;
use super::streams::Kind;
use crate::db::room_config::SeatEntry;
use crate::db::status::RoomRowStatus;
use crate::protocol::BotLevel;
use gb_core::Seat;

/// A computer's seat: a preconstructed deck picked at random, no account (the room plays it, room/computer.rs).
pub fn computer_seat() -> SeatEntry {
    let decks = gb_core::decks::preconstructed();
    let pick = uuid::Uuid::new_v4().as_bytes()[0] as usize % decks.len();
    let deck = decks[pick].1.clone();
    SeatEntry { account_id: String::new(), display_name: "Computer".to_owned(), deck, bot: true, bot_level: None }
}

/// A uniformly random order of `n` items (Fisher–Yates) from the OS's randomness, not the match seed: the seed
/// stays secret until the game ends, and the seating must be fixed before its commitment (MP-3).
pub fn random_order(n: usize) -> anyhow::Result<Vec<usize>> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no OS randomness for the seating: {e}"))?;
        // 64 random bits modulo at most 6: the bias is below 2^-61.
        let j = (u64::from_le_bytes(bytes) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    Ok(order)
}

impl Room {
    /// `POST /api/rooms/{id}/start`: the host starts the first game now; each empty seat becomes a computer at
    /// the room's level. Refused for anyone but the host, once a game has begun, or with no person seated.
    pub(super) async fn host_start(&mut self, account_id: &str) -> Result<(), RoomError> {
        if self.cfg.host.as_deref() != Some(account_id) {
            return Err(RoomError::NotHost);
        }
        if !self.play.games.is_empty() {
            return Err(RoomError::AlreadyStarted);
        }
        self.play.may_start_game()?;
        if !self.seats.iter().flatten().any(|e| !e.bot) {
            return Err(RoomError::NobodySeated);
        }
        let level = self.cfg.start_level();
        for &seat in self.cfg.seat_list() {
            if self.seats[seat.index()].is_none() {
                self.seats[seat.index()] = Some(computer_seat());
                self.computers.set(seat, Some(Computer::new(level)));
            }
        }
        self.start_game().await.map_err(|e| match self.storage.fenced {
            true => RoomError::Stopped,
            false => RoomError::Storage(format!("{e:#}")),
        })
    }

    /// An event's computer player sits down (tournament/tables.rs): its seat holds the event's player id, name
    /// and deck, and is the room's to play at `level` (room/computer.rs). No account matches the id (a person's
    /// seat is found by account among seats that are not computers'), so nobody can take it over.
    pub(super) async fn seat_computer(
        &mut self,
        player_id: String,
        display_name: String,
        deck: gb_core::DeckList,
        level: BotLevel,
    ) -> Result<Seat, RoomError> {
        let entry = SeatEntry { account_id: player_id, display_name, deck, bot: true, bot_level: Some(level) };
        self.take_seat(entry, Some(Computer::new(level))).await
    }

    /// A free-for-all's seating for the next game (MP-3): the seats (with their computers) in a random order,
    /// stored before the game is dealt so a rebuilt room finds each player where the match's decks put them.
    /// Connections follow their player to the new seat; a relayed one is cut off and re-attaches as its new
    /// kind (its node subscribed to the old kind's frames). A two-player room keeps its seats (CR: seat A is who
    /// took it first), so nothing here runs for it.
    pub(super) async fn shuffle_seats(&mut self) -> anyhow::Result<()> {
        if !self.cfg.free_for_all() {
            return Ok(());
        }
        let order = random_order(self.seats.len())?;
        let mut seats: Vec<_> = order.iter().map(|&i| self.seats[i].take()).collect();
        std::mem::swap(&mut self.seats, &mut seats);
        self.computers.reorder(&order);
        self.save_room(RoomRowStatus::Waiting).await?;
        let kinds: Vec<Kind> =
            self.viewers.conns.iter().map(|c| self.kind_of(c.conn.account.as_deref(), c.conn.role)).collect();
        for (live, kind) in self.viewers.conns.iter_mut().zip(kinds) {
            if live.kind != kind && live.conn.relay.is_some() {
                live.conn.kill.cancel();
            }
            live.kind = kind;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::random_order;

    #[test]
    fn a_random_order_is_a_permutation_and_varies() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let mut o = random_order(4).unwrap();
            seen.insert(o.clone());
            o.sort_unstable();
            assert_eq!(o, [0, 1, 2, 3]);
        }
        // 200 draws of 24 equally likely orders: fewer than 12 distinct ones would take odds below 1e-40.
        assert!(seen.len() >= 12, "only {} of 24 orders in 200 draws", seen.len());
    }
}
