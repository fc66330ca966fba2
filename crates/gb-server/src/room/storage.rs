//! The room's durable side: the lease it is owned under (cluster mode), and every write it makes besides the
//! group-committed appends themselves: its seats and status, a new game's row, a drawn game's result, the
//! lease's release at a stand-down. In cluster mode each write is fenced by the lease epoch
//! (docs/multi-node.md, "Fencing"; db/fence.rs): a refused one marks the room `fenced`, and the actor stands
//! down after the command. A failed append marks it `broken`: memory is ahead of the log, so it is rebuilt.
use crate::cluster::lease::Handover;
use crate::cluster::{Lease, lease};
use crate::db::matches::MatchRow;
use crate::db::room_config::SeatEntry;
use crate::db::status::{MatchStatus, RoomRowStatus};
use crate::db::{Db, fence, matches, rooms};
use crate::persist::AppendError;
use crate::seed::{StoredResult, StoredSetup};
use std::time::Duration;

/// How long a stand-down waits for the database before leaving the lease to expire instead.
const RELEASE_TIMEOUT: Duration = Duration::from_secs(2);

/// The room's storage part (one per actor; a rebuild starts a fresh one with the same lease).
pub(super) struct Storage {
    room: String,
    db: Db,
    /// Cluster mode: the lease this room is owned under; its epoch goes with every append.
    pub lease: Option<Lease>,
    /// A write was fenced: another node owns the room now, so the actor stands down (never retries).
    pub fenced: bool,
    /// Why memory may be ahead of the log (a failed append, a game that did not start): the actor hands the
    /// room to its supervisor to rebuild.
    pub broken: Option<String>,
}

impl Storage {
    pub(super) fn new(room: &str, db: Db, lease: Option<Lease>) -> Storage {
        Storage { room: room.to_owned(), db, lease, fenced: false, broken: None }
    }

    /// The epoch an append carries (0 on a single node: nothing fences it).
    pub(super) fn epoch(&self) -> i64 {
        self.lease.as_ref().map_or(0, |l| l.epoch)
    }

    /// The database pool and epoch that fence this room's writes: cluster mode (a lease) on PostgreSQL.
    fn fence(&self) -> Option<(&sqlx::PgPool, i64)> {
        match (&self.db, &self.lease) {
            (Db::Pg(pool), Some(lease)) if lease.epoch > 0 => Some((pool, lease.epoch)),
            _ => None,
        }
    }

    /// Saves the seats and the room's status (`rooms` row).
    pub(super) async fn save_room(&mut self, seats: &[Option<SeatEntry>], status: RoomRowStatus) -> anyhow::Result<()> {
        let written = match self.fence() {
            Some((pool, epoch)) => fence::update_room(pool, &self.room, seats, status, epoch).await?,
            None => rooms::update_room(&self.db, &self.room, seats, status).await.map(|()| true)?,
        };
        self.unless_fenced(written, "the room's seats")
    }

    /// Writes a new game's row (status `playing`).
    pub(super) async fn insert_match(&mut self, seed_hash: &str, setup: StoredSetup) -> anyhow::Result<MatchRow> {
        let row = match self.fence() {
            Some((pool, epoch)) => {
                let row = MatchRow::new(&self.room, seed_hash, setup, MatchStatus::Playing);
                fence::insert_match(pool, &row, epoch).await?.then_some(row)
            }
            None => Some(matches::insert_match(&self.db, &self.room, seed_hash, setup, MatchStatus::Playing).await?),
        };
        self.unless_fenced(row.is_some(), "a new game")?;
        Ok(row.expect("written"))
    }

    /// Finishes a game's row with its result outside the intent log: a game called a draw (room/leaving.rs),
    /// which no intent ends.
    pub(super) async fn finish_drawn(&mut self, match_id: &str, result: &StoredResult) -> anyhow::Result<()> {
        let written = match self.fence() {
            Some((pool, epoch)) => fence::finish_match(pool, &self.room, match_id, result, epoch).await?,
            None => matches::finish_match(&self.db, match_id, MatchStatus::Finished, result).await.map(|()| true)?,
        };
        self.unless_fenced(written, "the game's result")
    }

    /// A write the fence refused is counted with the fenced appends and marks the room for a stand-down.
    fn unless_fenced(&mut self, written: bool, what: &str) -> anyhow::Result<()> {
        if written {
            return Ok(());
        }
        metrics::counter!("gb_append_fenced_total").increment(1);
        self.fenced = true;
        anyhow::bail!("{what} not written: the write was fenced, another node owns the room")
    }

    /// Records how the append of version `v` went; `Err` carries the failure to tell its sender. Fenced: another
    /// node has claimed the room, this version never existed, nobody is told of it (a deposed owner never says
    /// `not_saved`) and the room stands down. Failed: memory is now ahead of the log (or the write landed after
    /// all), so the supervisor rebuilds the room from the log, which decides.
    pub(super) fn appended(&mut self, v: u32, result: Result<(), AppendError>) -> Result<(), Option<String>> {
        match result {
            Ok(()) => Ok(()),
            Err(AppendError::Fenced) => {
                self.fenced = true;
                Err(None)
            }
            Err(AppendError::Failed(e)) => {
                self.broken = Some(format!("append of version {v} failed: {e}"));
                Err(Some(e))
            }
        }
    }

    /// The version an intent with this idempotency key already became in this room's log, if any.
    pub(super) async fn intent_by_key(&self, key: &str) -> Result<Option<i64>, sqlx::Error> {
        matches::intent_by_key(&self.db, &self.room, key).await
    }

    /// Whether a stand-down hands the room over with its clocks: a drain, unless a write was fenced (memory may
    /// then be ahead of the log, so nothing is handed over).
    pub(super) fn hands_over(&self) -> bool {
        self.lease.as_ref().is_some_and(Lease::is_handover) && !self.fenced
    }

    /// The database side of a stand-down: on a drain the lease goes to the least-loaded other node with the
    /// settled clocks (`handover_json`); otherwise it is released only if this claim somehow still holds it (a
    /// duplicate version rather than a newer epoch), so that a sweeper rebuilds the room from the log. Waits
    /// [`RELEASE_TIMEOUT`] at most, then leaves the lease to expire.
    pub(super) async fn release(&self, lease: &Lease, handover: Option<&Handover>) {
        let release = async {
            let next = match lease.is_handover() {
                true => lease::least_loaded(&self.db, Some(&lease.node)).await?,
                false => None,
            };
            lease::release(&self.db, &self.room, &lease.node, lease.epoch, handover, next.as_deref()).await
        };
        match tokio::time::timeout(RELEASE_TIMEOUT, release).await {
            Ok(Ok(released)) => tracing::debug!(room = %self.room, released, "lease released"),
            Ok(Err(e)) => tracing::warn!(room = %self.room, error = %e, "lease not released; it will expire"),
            Err(_) => tracing::warn!(room = %self.room, "lease release timed out; it will expire"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::Cluster;

    /// A database handle that never connects: these tests only reach the part's own logic.
    fn pg() -> Db {
        Db::Pg(sqlx::postgres::PgPoolOptions::new().connect_lazy("postgres://nowhere.invalid/none").expect("url"))
    }

    fn sqlite() -> Db {
        Db::Sqlite(sqlx::sqlite::SqlitePoolOptions::new().connect_lazy("sqlite::memory:").expect("url"))
    }

    fn leased(cluster: &Cluster, epoch: i64) -> Option<Lease> {
        Some(cluster.hold("r1", "node-a".to_owned(), epoch))
    }

    #[tokio::test]
    async fn writes_are_fenced_only_under_a_lease_on_postgres() {
        let cluster = Cluster::new(Default::default(), String::new());
        assert!(Storage::new("r1", pg(), None).fence().is_none(), "a single node fences nothing");
        assert!(Storage::new("r1", sqlite(), leased(&cluster, 3)).fence().is_none(), "SQLite is never clustered");
        assert!(Storage::new("r1", pg(), leased(&cluster, 0)).fence().is_none(), "epoch 0 is no claim");
        let s = Storage::new("r1", pg(), leased(&cluster, 3));
        assert_eq!(s.fence().map(|(_, epoch)| epoch), Some(3));
        assert_eq!(s.epoch(), 3);
        assert_eq!(Storage::new("r1", pg(), None).epoch(), 0);
    }

    #[tokio::test]
    async fn a_refused_write_fences_the_room() {
        let mut s = Storage::new("r1", sqlite(), None);
        assert!(s.unless_fenced(true, "the room's seats").is_ok());
        assert!(!s.fenced);
        let e = s.unless_fenced(false, "a new game").expect_err("refused");
        assert!(s.fenced);
        assert!(e.to_string().starts_with("a new game not written"), "{e}");
        assert!(s.broken.is_none(), "a fenced room stands down; it is not rebuilt");
    }

    #[tokio::test]
    async fn an_append_fenced_or_failed_marks_the_room() {
        let mut s = Storage::new("r1", sqlite(), None);
        assert_eq!(s.appended(4, Ok(())), Ok(()));
        assert!(!s.fenced && s.broken.is_none());
        assert_eq!(s.appended(5, Err(AppendError::Fenced)), Err(None), "nobody is told of a fenced version");
        assert!(s.fenced && s.broken.is_none());
        let mut s = Storage::new("r1", sqlite(), None);
        assert_eq!(s.appended(6, Err(AppendError::Failed("disk full".into()))), Err(Some("disk full".into())));
        assert!(!s.fenced);
        assert_eq!(s.broken.as_deref(), Some("append of version 6 failed: disk full"));
    }

    #[tokio::test]
    async fn only_a_drain_of_an_unfenced_room_hands_it_over() {
        let cluster = Cluster::new(Default::default(), String::new());
        assert!(!Storage::new("r1", pg(), None).hands_over());
        let mut s = Storage::new("r1", pg(), leased(&cluster, 2));
        assert!(!s.hands_over(), "a lost lease is no drain");
        cluster.stop_all(true);
        assert!(s.hands_over());
        s.fenced = true;
        assert!(!s.hands_over(), "memory may be ahead of the log");
    }
}
