//! A finished game's people, for their profiles (`game_players`, db/game_players.rs): written once the game's
//! result is durable (room/commit.rs `finish`, a draw too), and again by a rebuild for the room's last game, so
//! a crash between the result and this write loses nothing (the write is idempotent). A computer's seat has no
//! account and no row; only the deck's name is written, never its list.
use crate::db::game_players::GamePlayer;
use crate::db::room_config::{RoomConfig, SeatEntry};
use crate::protocol::GameResult;

/// One row per person's seat of `game` (none while it is unfinished).
pub(super) fn game_players(
    room_id: &str,
    cfg: &RoomConfig,
    seats: &[Option<SeatEntry>],
    game: &GameResult,
    finished_at: i64,
) -> Vec<GamePlayer> {
    let Some(reason) = game.reason else { return Vec::new() };
    let vs_computer = seats.iter().flatten().any(|e| e.bot);
    // Rated as room/rated.rs rates: two people, no event, not a free-for-all.
    let rated = cfg.rated && !vs_computer && !cfg.free_for_all() && cfg.event.is_none();
    let name = |e: &Option<SeatEntry>| e.as_ref().map(|e| e.display_name.clone());
    seats
        .iter()
        .enumerate()
        .filter_map(|(i, e)| Some((i, e.as_ref().filter(|e| !e.bot)?)))
        .map(|(i, e)| GamePlayer {
            match_id: game.match_id.clone(),
            seat: i as i64,
            account_id: e.account_id.clone(),
            room_id: room_id.to_owned(),
            deck_name: e.deck.name.clone(),
            result: match game.winner {
                None => "drawn",
                Some(w) if w.index() == i => "won",
                Some(_) => "lost",
            },
            reason: reason.as_str().to_owned(),
            opponents: seats.iter().enumerate().filter(|(j, _)| *j != i).filter_map(|(_, s)| name(s)).collect(),
            rated,
            vs_computer,
            finished_at,
        })
        .collect()
}

impl super::actor::Room {
    /// Writes the ended current game's people (room/commit.rs `finish`). A failure is logged: the next rebuild
    /// writes them again.
    pub(super) async fn record_players(&mut self) {
        let Some(game) = self.play.games.last() else { return };
        let rows = game_players(&self.id, &self.cfg, &self.seats, game, crate::db::now_ms());
        if let Err(e) = crate::db::game_players::record(&self.deps.db, &rows).await {
            tracing::warn!(room = %self.id, error = %e, "the game's players were not recorded");
        }
    }
}
