//! The room's writes besides intent appends (its seats and status, a new game's row), fenced by its lease
//! epoch in cluster mode like appends (db/fence.rs): a deposed owner that has not noticed yet cannot seat anyone
//! or deal a game. A refused write marks the room fenced: it stands down after the command, as after a fenced
//! append, and the write is counted in `gb_append_fenced_total`.
use super::actor::Room;
use crate::db::matches::MatchRow;
use crate::db::status::{MatchStatus, RoomRowStatus};
use crate::db::{Db, fence, matches, rooms};

impl Room {
    /// The database pool and epoch that fence this room's writes: cluster mode (a lease) on PostgreSQL.
    fn fence(&self) -> Option<(&sqlx::PgPool, i64)> {
        match (&self.deps.db, &self.lease) {
            (Db::Pg(pool), Some(lease)) if lease.epoch > 0 => Some((pool, lease.epoch)),
            _ => None,
        }
    }

    /// Saves the seats and the room's status (`rooms` row).
    pub(super) async fn save_room(&mut self, status: RoomRowStatus) -> anyhow::Result<()> {
        let seats = serde_json::to_string(&self.seats)?;
        let written = match self.fence() {
            Some((pool, epoch)) => fence::update_room(pool, &self.id, &seats, status, epoch).await?,
            None => rooms::update_room(&self.deps.db, &self.id, &seats, status).await.map(|()| true)?,
        };
        self.unless_fenced(written, "the room's seats")
    }

    /// Writes a new game's row (status `playing`).
    pub(super) async fn insert_match(&mut self, seed_hash: &str, setup_json: &str) -> anyhow::Result<MatchRow> {
        let row = match self.fence() {
            Some((pool, epoch)) => {
                let row = MatchRow::new(&self.id, seed_hash, setup_json, MatchStatus::Playing);
                fence::insert_match(pool, &row, epoch).await?.then_some(row)
            }
            None => {
                Some(matches::insert_match(&self.deps.db, &self.id, seed_hash, setup_json, MatchStatus::Playing).await?)
            }
        };
        self.unless_fenced(row.is_some(), "a new game")?;
        Ok(row.expect("written"))
    }

    /// Finishes the current game's row with `result_json` outside the intent log: a game called a draw
    /// (room/leaving.rs), which no intent ends.
    pub(super) async fn finish_drawn(&mut self, match_id: &str, result_json: &str) -> anyhow::Result<()> {
        let written = match self.fence() {
            Some((pool, epoch)) => fence::finish_match(pool, &self.id, match_id, result_json, epoch).await?,
            None => matches::finish_match(&self.deps.db, match_id, MatchStatus::Finished, result_json)
                .await
                .map(|()| true)?,
        };
        self.unless_fenced(written, "the game's result")
    }

    fn unless_fenced(&mut self, written: bool, what: &str) -> anyhow::Result<()> {
        if written {
            return Ok(());
        }
        metrics::counter!("gb_append_fenced_total").increment(1);
        self.fenced = true;
        anyhow::bail!("{what} not written: the write was fenced, another node owns the room")
    }
}
