//! A table's result, however it arrives (the room's games, time, a concession, a judge): read, checked against
//! the whole log, stored.
use super::TournamentError;
use super::state::Event;
use crate::db::tournaments as db;
use crate::protocol::GameResult;
use gb_tournament::{Game, Pairing, TableResult, Tournament};

impl Event {
    /// The table's result as the round records it (a correction is a separate entry and does not change it).
    pub(super) fn current_result(&self, round: u32, table: u32) -> Result<TableResult, TournamentError> {
        self.t
            .rounds
            .get(round as usize - 1)
            .filter(|_| round >= 1)
            .and_then(|r| {
                r.pairings.iter().find_map(|p| match p {
                    Pairing::Table(t) if t.table == table => Some(t.result.clone()),
                    _ => None,
                })
            })
            .ok_or(TournamentError::NoSuchTable { round, table })
    }

    /// The log with a table's new result, checked against the whole log (standings must still compute).
    pub(super) fn with_result(
        &self,
        round: u32,
        table: u32,
        result: &TableResult,
    ) -> Result<Tournament, TournamentError> {
        let mut t = self.t.clone();
        for p in &mut t.rounds[round as usize - 1].pairings {
            if let Pairing::Table(tb) = p
                && tb.table == table
            {
                tb.result = result.clone();
            }
        }
        gb_tournament::standings(&t).map_err(|e| TournamentError::BadResult(e.to_string()))?;
        Ok(t)
    }

    /// Checks a table's new result against the whole log, then stores it.
    pub(super) async fn check_and_record(
        &mut self,
        round: u32,
        table: u32,
        result: TableResult,
    ) -> Result<(), TournamentError> {
        let t = self.with_result(round, table, &result)?;
        db::record_result(&self.db, &self.id, round, table, &result).await.map_err(TournamentError::storage)?;
        self.t = t;
        self.end_room_match(round, table, &result);
        Ok(())
    }

    /// A room's finished games become the table's games: seat A is the pairing's first player (tables.rs seats
    /// them in that order). Judge actions and a recorded match end stay as they are; once time has ended the
    /// match (round_clock.rs), later play in the room does not count.
    pub(super) async fn room_games(&mut self, round: u32, table: u32, games: &[GameResult]) -> anyhow::Result<()> {
        let mut result = self.current_result(round, table)?;
        if result.end.is_some() {
            return Ok(()); // ended by time, a concession or an intentional draw: later play does not count
        }
        let players = self.table_players(round, table).ok_or_else(|| anyhow::anyhow!("no table {table}"))?;
        result.games = self.games_with_room(&players, &result.games, games);
        self.check_and_record(round, table, result).await.map_err(anyhow::Error::from)
    }

    pub(super) fn table_players(&self, round: u32, table: u32) -> Option<[String; 2]> {
        self.t.rounds.get((round as usize).checked_sub(1)?)?.pairings.iter().find_map(|p| match p {
            Pairing::Table(t) if t.table == table => Some(t.players.clone()),
            _ => None,
        })
    }

    /// The table's games with the room's finished games after those already recorded, up to the one that
    /// decides the match (later games are friendly games). A recorded game stands as recorded: a game time
    /// decided says how (round_clock.rs), where the room only has the concession that ended it. A game loss
    /// (penalties.rs) is a recorded game the room never played, so it stands for none of the room's.
    pub(super) fn games_with_room(&self, players: &[String; 2], recorded: &[Game], games: &[GameResult]) -> Vec<Game> {
        let needed = u32::from(self.t.settings.games_per_match / 2 + 1);
        let so_far = TableResult { games: recorded.to_vec(), ..TableResult::default() };
        let mut wins = gb_tournament::outcome::score(players, &so_far, needed).wins;
        let mut out = recorded.to_vec();
        let played = recorded.iter().filter(|g| !matches!(g, Game::GameLoss { .. })).count();
        for g in games.iter().skip(played) {
            if wins.iter().any(|&w| w >= needed) {
                break;
            }
            out.push(match g.winner {
                Some(seat) => {
                    wins[seat.index()] += 1;
                    Game::Win { winner: players[seat.index()].clone(), decided_by: None }
                }
                None => Game::Draw,
            });
        }
        out
    }
}
