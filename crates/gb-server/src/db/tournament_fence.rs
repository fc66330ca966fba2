//! An event's writes, fenced by its lease epoch in cluster mode (docs/multi-node.md, "Tournaments"), as a room's
//! appends are: each write runs in a transaction that first reads the event's lease row `FOR SHARE` and finds it
//! still at the writer's epoch with its owner node's lease unexpired (database clock). A claim (`FOR UPDATE`)
//! waits for a write in flight, and a write racing a claim re-checks the row and writes nothing: a deposed owner
//! (paused, partitioned) can never pair a round or record a result again. On SQLite and on a single node the
//! statements run as before.
use super::Db;
use sqlx::PgPool;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

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
    let row: Option<(i32,)> = sqlx::query_as(concat!(
        "SELECT 1 FROM event_leases l ",
        super::lease_held!(),
        " WHERE l.event_id = $1 AND l.epoch = $2 FOR SHARE OF l"
    ))
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
        let writer: $crate::db::tournament_fence::Writer<'_> = ($w).into();
        match writer {
            $crate::db::tournament_fence::Writer::Plain(db) => $crate::db::with_pool!(db, $p => $body),
            $crate::db::tournament_fence::Writer::Fenced(fence) => {
                let mut fence_tx = fence.pool.begin().await?;
                if !$crate::db::tournament_fence::held(&mut *fence_tx, fence).await? {
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
