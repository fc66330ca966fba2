//! The SQLite writer: a thread of its own with a connection of its own (rusqlite), so a group commit is one
//! blocking call where it was an async task handing each statement to sqlx's worker thread and waiting for the
//! answer: two thread hand-offs and their futex wake-ups per group, ~6 % of the server's CPU at 1,000 matches
//! (BENCHMARKS.md, fifteenth and sixteenth sessions). Reads and every other write stay on the sqlx pool; both
//! link the one bundled SQLite (`libsqlite3-sys`), so its file locks see each other.
//!
//! A room whose append finds the writer idle writes it itself ([`try_inline`]) on the writer's connection: the
//! hand-off to the writer's thread and the wake-up that acks it cost ~25–35 µs of CPU and ~2 context switches
//! per intent at 1,000 matches, the write itself about as much (`floor --shape durable` against `durable-inline`,
//! BENCHMARKS.md, thirty-fifth session). Whatever finds the writer busy queues for it and is grouped as before.
use super::{AppendError, Batch, Counters, Msg, ack, gather, record_group};
use crate::db::matches::AppendRow;
use crate::db::{SQLITE_BUSY_TIMEOUT, SQLITE_WAL_AUTOCHECKPOINT, now_ms};
use rusqlite::{Connection, ErrorCode, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The writer's connection (`None` until its first group, and after a failure), shared with [`try_inline`]: the
/// writer holds it for each group, so an inline append only ever finds it free between groups.
pub(super) type Shared = Arc<Mutex<Option<Connection>>>;

fn held(shared: &Shared) -> MutexGuard<'_, Option<Connection>> {
    // A panic while writing leaves nothing half done that the next group must avoid: SQLite rolls back an
    // unfinished transaction, and `append` reports every row.
    shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `?N` placeholders: the sqlx queries' `$N` are named parameters to SQLite, numbered by first appearance.
const INSERT_SQL: &str = "INSERT INTO match_intents (match_id, version, seat, intent_json, created_at, meta_json) \
                          VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
const FINISH_SQL: &str = concat!(
    "UPDATE matches SET status = ",
    crate::db::status::sql_status!(MatchStatus::Finished),
    ", result_json = ?2, updated_at = ?3 WHERE id = ?1"
);

/// Runs until the queue is closed and drained (`Msg::Close`), on a thread of the blocking pool that it keeps.
pub(super) fn run(path: PathBuf, shared: Shared, mut rx: mpsc::Receiver<Msg>, counters: Counters) {
    let mut batch = Batch::default();
    while let Some(first) = rx.blocking_recv() {
        gather(&mut rx, first, &mut batch, &counters.queued);
        if batch.rows.is_empty() {
            continue; // a lone `Close`
        }
        write(&path, &shared, &mut batch, &counters.batches);
    }
    tracing::debug!("SQLite writer stopped");
}

/// Appends `row` on the caller's thread if nothing stands in the way: the writer's connection is open and free,
/// and no other connection holds SQLite's write lock (the busy timeout is 0 meanwhile, so this never waits).
/// `None` means nothing was written and the row goes to the writer's queue; an append that may have to wait
/// never blocks the runtime's thread.
pub(super) fn try_inline(shared: &Shared, row: &AppendRow, batches: &AtomicU64) -> Option<Result<(), AppendError>> {
    let mut guard = shared.try_lock().ok()?;
    let conn = guard.as_mut()?;
    conn.busy_timeout(Duration::ZERO).ok()?;
    let started = Instant::now();
    let result = append(conn, std::slice::from_ref(row));
    if conn.busy_timeout(SQLITE_BUSY_TIMEOUT).is_err() {
        *guard = None; // the writer must wait on locks: a connection that cannot is opened afresh
    }
    let landed = match result {
        Ok(mut landed) => landed.pop().expect("a result per row"),
        Err(e) if is_busy(&e) => return None,
        Err(e) => {
            *guard = None;
            Err(e)
        }
    };
    // Nothing of a row refused for the lock was written (a lone INSERT, or a savepoint rolled back).
    if landed.as_ref().is_err_and(is_busy) {
        return None;
    }
    record_group(started, 1, batches);
    Some(landed.map_err(|e| AppendError::Failed(e.to_string())))
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(e.sqlite_error_code(), Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked))
}

/// Opens the writer's connection with the pool's settings (`db::Db::connect`); `synchronous` and the
/// checkpoint threshold are per connection, and without the latter this connection's commits would run
/// SQLite's automatic checkpoint, the latency tail `persist::checkpointer` exists to avoid.
fn open(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(SQLITE_BUSY_TIMEOUT)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "wal_autocheckpoint", SQLITE_WAL_AUTOCHECKPOINT)?;
    conn.pragma_update(None, "foreign_keys", true)?;
    Ok(conn)
}

/// Writes one group and acks each row, the connection let go first (so a room woken by its ack finds it free).
/// A connection that failed is dropped and opened again for the next group.
fn write(path: &Path, shared: &Shared, batch: &mut Batch, batches: &AtomicU64) {
    let started = Instant::now();
    let result = {
        let mut conn = held(shared);
        let result = match &mut *conn {
            Some(c) => append(c, &batch.rows),
            None => open(path).and_then(|c| append(conn.insert(c), &batch.rows)),
        };
        if let Err(e) = &result {
            tracing::warn!(error = %e, "SQLite append failed; reopening the writer's connection");
            *conn = None;
        }
        result
    };
    record_group(started, batch.rows.len(), batches);
    let waiting = batch.waiting.drain(..);
    match result {
        Ok(landed) => {
            for ((row, w), landed) in batch.rows.iter().zip(waiting).zip(landed) {
                ack(row, w, landed.map_err(|e| AppendError::Failed(e.to_string())));
            }
        }
        Err(e) => {
            for (row, w) in batch.rows.iter().zip(waiting) {
                ack(row, w, Err(AppendError::Failed(e.to_string())));
            }
        }
    }
    batch.rows.clear();
}

/// A result per row, one commit for the group. A failed INSERT (say, a duplicate version) undoes only its own
/// statement in SQLite, so one room's bad row never costs the others theirs, and no row is written twice. A row
/// that also finishes its match is a savepoint, so its intent, its result and the ratings it changes
/// (docs/ratings.md) land together or not at all.
fn append(conn: &mut Connection, rows: &[AppendRow]) -> rusqlite::Result<Vec<rusqlite::Result<()>>> {
    let now = now_ms();
    // A lone INSERT is atomic on its own: at 1,000 matches most groups are one row, and BEGIN and COMMIT were
    // a third of the writer's time.
    if let [r] = rows
        && r.finish.is_none()
    {
        return Ok(vec![insert(conn, r, now)]);
    }
    // IMMEDIATE takes the write lock at BEGIN, where a busy wait is allowed, rather than at the first INSERT.
    // Cached, like the INSERT, so a group parses no SQL.
    conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
    let mut landed = Vec::with_capacity(rows.len());
    for r in rows {
        let result = match &r.finish {
            None => insert(conn, r, now),
            Some(result) => {
                let sp = conn.savepoint()?;
                let done = insert(&sp, r, now)
                    .and_then(|_| sp.execute(FINISH_SQL, params![r.match_id, result, now]))
                    .and_then(|_| match &r.rated {
                        Some(game) => crate::db::ratings::rate_game_rusqlite(&sp, &r.match_id, game, now),
                        None => Ok(()),
                    });
                // On an error `sp` is dropped unreleased, which rolls it back.
                done.and_then(|_| sp.commit())
            }
        };
        landed.push(result);
    }
    if let Err(e) = conn.prepare_cached("COMMIT")?.execute([]) {
        // Nothing of the group landed; the caller fails every row and opens a new connection.
        let _ = conn.execute_batch("ROLLBACK");
        return Err(e);
    }
    Ok(landed)
}

fn insert(conn: &Connection, r: &AppendRow, now: i64) -> rusqlite::Result<()> {
    let mut insert = conn.prepare_cached(INSERT_SQL)?;
    insert.execute(params![r.match_id, r.version, r.seat, r.intent_json, now, r.meta_json]).map(drop)
}
