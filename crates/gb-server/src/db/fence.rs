//! Fencing (docs/multi-node.md, "Fencing" and "Tournaments"): every write a room's or a tournament's owner makes
//! in cluster mode lands only while its lease row still has the writer's epoch and its owner node's lease has
//! not expired (database clock), with the lease row read `FOR SHARE` ([`held_at`]): a claim (`FOR UPDATE`,
//! cluster/lease) waits for a write in flight, and a write racing a claim re-checks the row and writes nothing.
//! A room's writes besides its appends (matches.rs `fenced_append`) are single statements that read the lease
//! in a `WITH held` clause: its seats and status (`rooms`), a new game's row, a drawn game's result
//! (`Ok(false)` = fenced: another node owns the room). A tournament's writes run in a transaction that checks
//! the lease first ([`tournament_write`]). On SQLite and on a single node the statements run unfenced.
use super::Db;
use super::json::encode;
use super::matches::MatchRow;
use super::now_ms;
use super::room_config::SeatEntry;
use super::status::RoomRowStatus;
use super::status::sql_status;
use crate::seed::StoredResult;
use sqlx::PgPool;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The one lease check: the row of `$table` keyed `$key = $id`, at epoch `$epoch`, with a live owner, locked
/// `FOR SHARE` until the statement's (or the transaction's) end. Selects the key.
macro_rules! held_at {
    ($table:literal, $key:literal, $id:literal, $epoch:literal) => {
        concat!(
            "SELECT l.",
            $key,
            " FROM ",
            $table,
            " l ",
            super::lease_held!(),
            " WHERE l.",
            $key,
            " = ",
            $id,
            " AND l.epoch = ",
            $epoch,
            " FOR SHARE OF l"
        )
    };
}

/// `rooms.seats_json` and `status`, under lease `epoch`.
pub async fn update_room(
    pool: &PgPool,
    id: &str,
    seats: &[Option<SeatEntry>],
    status: RoomRowStatus,
    epoch: i64,
) -> Result<bool, sqlx::Error> {
    let seats = encode(seats)?;
    let sql = concat!(
        "WITH held AS (",
        held_at!("room_leases", "room_id", "$1", "$5"),
        ") UPDATE rooms SET seats_json = $2, status = $3, updated_at = $4 WHERE id IN (SELECT room_id FROM held)"
    );
    let done =
        sqlx::query(sql).bind(id).bind(&seats).bind(status.as_str()).bind(now_ms()).bind(epoch).execute(pool).await?;
    Ok(done.rows_affected() == 1)
}

/// A game's row finished with its result outside the intent log (a draw, room/leaving.rs), under lease `epoch`.
pub async fn finish_match(
    pool: &PgPool,
    room: &str,
    match_id: &str,
    result: &StoredResult,
    epoch: i64,
) -> Result<bool, sqlx::Error> {
    let result = encode(result)?;
    let sql = concat!(
        "WITH held AS (",
        held_at!("room_leases", "room_id", "$5", "$4"),
        ") UPDATE matches SET status = ",
        sql_status!(MatchStatus::Finished),
        ", result_json = $2, updated_at = $3 WHERE id = $1 AND room IN (SELECT room_id FROM held)"
    );
    let done =
        sqlx::query(sql).bind(match_id).bind(&result).bind(now_ms()).bind(epoch).bind(room).execute(pool).await?;
    Ok(done.rows_affected() == 1)
}

/// A new game's row, under lease `epoch`.
pub async fn insert_match(pool: &PgPool, row: &MatchRow, epoch: i64) -> Result<bool, sqlx::Error> {
    let sql = concat!(
        "WITH held AS (",
        held_at!("room_leases", "room_id", "$2", "$9"),
        ") INSERT INTO matches (id, room, seed_hash, setup_json, status, result_json, created_at, updated_at) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8 FROM held"
    );
    let (setup, result) = row.columns()?;
    let done = sqlx::query(sql)
        .bind(&row.id)
        .bind(&row.room)
        .bind(&row.seed_hash)
        .bind(&setup)
        .bind(row.status.as_str())
        .bind(&result)
        .bind(row.created_at)
        .bind(row.updated_at)
        .bind(epoch)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Who writes an event's rows: the database itself (single node, SQLite, and the event's creation), or an owner
/// holding the event's lease at `epoch`.
#[derive(Clone, Debug)]
pub enum TournamentDb {
    Plain(Db),
    Fenced(Arc<Fence>),
}

#[derive(Debug)]
pub struct Fence {
    pub pool: PgPool,
    pub event: String,
    pub epoch: i64,
    /// Set when a write found the lease moved on: the event's actor stands down after the command.
    refused: AtomicBool,
}

/// A write refused by the fence: another node owns the event now.
#[derive(Debug)]
pub struct FencedOut;

impl std::fmt::Display for FencedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the write was fenced: another node owns the event")
    }
}

impl std::error::Error for FencedOut {}

impl Fence {
    /// Counts a refused write and remembers it, for the actor to stand down.
    pub fn refuse(&self) -> FencedOut {
        metrics::counter!("gb_event_fenced_total").increment(1);
        self.refused.store(true, Ordering::SeqCst);
        FencedOut
    }
}

impl TournamentDb {
    pub fn fenced(pool: PgPool, event: &str, epoch: i64) -> TournamentDb {
        TournamentDb::Fenced(Arc::new(Fence { pool, event: event.to_owned(), epoch, refused: AtomicBool::new(false) }))
    }

    /// True once a write of this owner was refused: it must stop driving the event.
    pub fn fenced_out(&self) -> bool {
        matches!(self, TournamentDb::Fenced(f) if f.refused.load(Ordering::SeqCst))
    }
}

/// What an event write function takes: a plain database (tests, the event's creation) or an event's writer.
pub enum Writer<'a> {
    Plain(&'a Db),
    Fenced(&'a Fence),
}

impl<'a> From<&'a Db> for Writer<'a> {
    fn from(db: &'a Db) -> Writer<'a> {
        Writer::Plain(db)
    }
}

impl<'a> From<&'a TournamentDb> for Writer<'a> {
    fn from(db: &'a TournamentDb) -> Writer<'a> {
        match db {
            TournamentDb::Plain(db) => Writer::Plain(db),
            TournamentDb::Fenced(f) => Writer::Fenced(f),
        }
    }
}

/// Whether the event's lease is still at `fence.epoch` with a live owner, locked `FOR SHARE` until the
/// transaction ends.
pub async fn held(conn: &mut sqlx::PgConnection, fence: &Fence) -> Result<bool, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(held_at!("event_leases", "event_id", "$1", "$2"))
        .bind(&fence.event)
        .bind(fence.epoch)
        .fetch_optional(conn)
        .await?;
    Ok(row.is_some())
}

/// Runs `$body` with `$p` bound to the writer's executor: the pool as [`crate::db::with_pool!`] does, or, for a
/// fenced writer, a transaction that holds the event's lease row at its epoch (else the enclosing function
/// returns [`FencedOut`]). Bodies that begin their own transaction get a savepoint inside the fenced one
/// (`sqlx::Connection` in scope).
#[macro_export]
macro_rules! tournament_write {
    ($w:expr, $p:ident => $body:expr) => {{
        let writer: $crate::db::fence::Writer<'_> = ($w).into();
        match writer {
            $crate::db::fence::Writer::Plain(db) => $crate::db::with_pool!(db, $p => $body),
            $crate::db::fence::Writer::Fenced(fence) => {
                let mut fence_tx = fence.pool.begin().await?;
                if !$crate::db::fence::held(&mut *fence_tx, fence).await? {
                    return Err(fence.refuse().into());
                }
                let done = {
                    let $p: &mut sqlx::PgConnection = &mut *fence_tx;
                    $body
                };
                fence_tx.commit().await?;
                done
            }
        }
    }};
}
pub use tournament_write;
