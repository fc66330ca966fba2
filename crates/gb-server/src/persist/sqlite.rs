//! The SQLite writer: a thread of its own with a connection of its own (rusqlite), so a group commit is one
//! blocking call where it was an async task handing each statement to sqlx's worker thread and waiting for the
//! answer: two thread hand-offs and their futex wake-ups per group, ~6 % of the server's CPU at 1,000 matches
//! (BENCHMARKS.md, fifteenth and sixteenth sessions). Reads and every other write stay on the sqlx pool; both
//! link the one bundled SQLite (`libsqlite3-sys`), so its file locks see each other.
use super::{AppendError, Batch, Counters, Msg, ack, gather, record_group};
use crate::db::matches::AppendRow;
use crate::db::{SQLITE_BUSY_TIMEOUT, SQLITE_WAL_AUTOCHECKPOINT, now_ms};
use rusqlite::{Connection, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::time::Instant;
use tokio::sync::mpsc;

/// `?N` placeholders: the sqlx queries' `$N` are named parameters to SQLite, numbered by first appearance.
const INSERT_SQL: &str = "INSERT INTO match_intents (match_id, version, seat, intent_json, created_at, meta_json) \
                          VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
const FINISH_SQL: &str = concat!(
    "UPDATE matches SET status = ",
    crate::db::status::sql_status!(MatchStatus::Finished),
    ", result_json = ?2, updated_at = ?3 WHERE id = ?1"
);

/// Runs until the queue is closed and drained (`Msg::Close`), on a thread of the blocking pool that it keeps.
pub(super) fn run(path: PathBuf, mut rx: mpsc::Receiver<Msg>, counters: Counters) {
    let mut conn: Option<Connection> = None;
    let mut batch = Batch::default();
    while let Some(first) = rx.blocking_recv() {
        gather(&mut rx, first, &mut batch, &counters.queued);
        if batch.rows.is_empty() {
            continue; // a lone `Close`
        }
        write(&path, &mut conn, &mut batch, &counters.batches);
    }
    tracing::debug!("SQLite writer stopped");
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

/// Writes one group and acks each row. A connection that failed is dropped and opened again for the next group.
fn write(path: &Path, conn: &mut Option<Connection>, batch: &mut Batch, batches: &AtomicU64) {
    let started = Instant::now();
    let result = match conn {
        Some(c) => append(c, &batch.rows),
        None => open(path).and_then(|c| append(conn.insert(c), &batch.rows)),
    };
    record_group(started, batch.rows.len(), batches);
    let waiting = batch.waiting.drain(..);
    match result {
        Ok(landed) => {
            for ((row, w), landed) in batch.rows.iter().zip(waiting).zip(landed) {
                ack(row, w, landed);
            }
        }
        Err(e) => {
            tracing::warn!(error = %e, "SQLite append failed; reopening the writer's connection");
            *conn = None;
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
fn append(conn: &mut Connection, rows: &[AppendRow]) -> rusqlite::Result<Vec<Result<(), AppendError>>> {
    let now = now_ms();
    let failed = |e: rusqlite::Error| AppendError::Failed(e.to_string());
    // A lone INSERT is atomic on its own: at 1,000 matches most groups are one row, and BEGIN and COMMIT were
    // a third of the writer's time.
    if let [r] = rows
        && r.finish.is_none()
    {
        return Ok(vec![insert(conn, r, now).map_err(failed)]);
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
        landed.push(result.map_err(failed));
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
