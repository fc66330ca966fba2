//! The single writer: every room hands it accepted intents, it appends them in batches (one transaction per
//! batch: group commit) and acks each one. A room tells nobody about an intent before its ack, so an
//! acknowledged intent survives `kill -9` (reliability.md §3.3). On a SQLite file the writer is a thread with
//! its own connection ([`sqlite`]), and a room that finds that connection idle appends on it itself; on
//! PostgreSQL the writer is a task on a held pool connection.
mod sqlite;
#[cfg(test)]
mod tests;

use crate::db::matches::{AppendRow, append_batch};
use crate::db::{Conn, Db};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Most rows written in one statement (6 binds a row: far below SQLite's 32,766-variable limit).
const MAX_BATCH: usize = 1024;

/// Why an append was not acknowledged. `Fenced` is not a failure to retry: another node has claimed the room
/// (or this node's lease lapsed), so the room stands down instead of rebuilding (docs/multi-node.md).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AppendError {
    #[error("fenced: the room's lease has moved on")]
    Fenced,
    #[error("{0}")]
    Failed(String),
}

type Ack = oneshot::Sender<Result<(), AppendError>>;

struct Job {
    row: AppendRow,
    queued: Instant,
    ack: Ack,
}

/// What the writer's queue carries. `Close` is how shutdown reaches a writer blocked on the queue: it stops
/// taking new work and writes what is already queued. `Close` is sent once per writer, so the size it wastes
/// beside `Append` costs nothing worth a box on every append.
#[allow(clippy::large_enum_variant)]
enum Msg {
    Append(Job),
    Close,
}

/// Cheap to clone; every room holds one.
#[derive(Clone)]
pub struct Persist {
    tx: mpsc::Sender<Msg>,
    batches: Arc<AtomicU64>,
    /// Rows sent and not yet in a group whose gathering is over (`queued`).
    queued: Arc<AtomicUsize>,
    /// A SQLite file's writer connection, which an append that finds it free writes on itself (sqlite.rs).
    inline: Option<sqlite::Shared>,
    /// Rows so written (`written_inline`).
    inlined: Arc<AtomicU64>,
}

impl Persist {
    /// Spawns the writer on `tracker`. It drains its queue after `shutdown` so no accepted intent is dropped.
    pub fn spawn(db: Db, tracker: &TaskTracker, shutdown: CancellationToken) -> Persist {
        let (tx, rx) = mpsc::channel(4096);
        let batches = Arc::new(AtomicU64::new(0));
        let queued = Arc::new(AtomicUsize::new(0));
        let (closer, stop) = (tx.clone(), shutdown.clone());
        tracker.spawn(async move {
            stop.cancelled().await;
            let _ = closer.send(Msg::Close).await;
        });
        let file = match &db {
            Db::Sqlite(pool) => {
                tracker.spawn(checkpointer(pool.clone(), shutdown));
                sqlite_file(pool)
            }
            Db::Pg(_) => None,
        };
        let counted = Counters { batches: batches.clone(), queued: queued.clone() };
        let inline = file.is_some().then(sqlite::Shared::default);
        match (file, &inline) {
            (Some(path), Some(shared)) => {
                let shared = shared.clone();
                drop(tracker.spawn_blocking(move || sqlite::run(path, shared, rx, counted)))
            }
            _ => drop(tracker.spawn(writer(db, rx, counted))),
        }
        Persist { tx, batches, queued, inline, inlined: Arc::default() }
    }

    /// Makes `row` durable; returns once it is committed: on this thread if the SQLite writer is idle (sqlite.rs
    /// `try_inline`), else by the writer, in its next group.
    pub async fn append(&self, row: AppendRow) -> Result<(), AppendError> {
        // Once the writer has stopped taking work (shutdown), nothing more is written, inline or not.
        if let Some(shared) = &self.inline
            && !self.tx.is_closed()
        {
            let queued = Instant::now();
            if let Some(result) = sqlite::try_inline(shared, &row, &self.batches) {
                self.inlined.fetch_add(1, Ordering::Relaxed);
                // Beside `gb_persist_batch_size_count` (every group, these included): the share of appends that
                // cost the room no hand-off to the writer thread and no wake-up back (issue 47).
                metrics::counter!("gb_persist_inline_total").increment(1);
                report(&row, queued, &result);
                return result;
            }
        }
        let (ack, done) = oneshot::channel();
        let job = Job { row, queued: Instant::now(), ack };
        // Counted before it is on the queue, so the writer's gathering never takes it uncounted.
        self.queued.fetch_add(1, Ordering::Relaxed);
        if self.tx.send(Msg::Append(job)).await.is_err() {
            self.queued.fetch_sub(1, Ordering::Relaxed);
            return Err(AppendError::Failed("the writer has stopped".to_owned()));
        }
        done.await.map_err(|_| AppendError::Failed("the writer dropped the append".to_owned()))?
    }

    /// Rows sent to the writer and not yet in a group it has finished gathering: once this is 0, a row sent
    /// next goes into a later group (tests wait on it instead of sleeping; the queue's own length drops as
    /// the writer receives a row, before it has gathered what follows).
    pub fn queued(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    /// Groups written so far, each counted before its rows are acked (benchmarks divide rows by it for the mean
    /// group size).
    pub fn batches_committed(&self) -> u64 {
        self.batches.load(Ordering::Relaxed)
    }

    /// Rows the appending room wrote itself, without the writer (each also counts as a group).
    pub fn written_inline(&self) -> u64 {
        self.inlined.load(Ordering::Relaxed)
    }
}

/// One group: the rows to write, and who waits for each (same order).
#[derive(Default)]
struct Batch {
    rows: Vec<AppendRow>,
    waiting: Vec<(Instant, Ack)>,
}

impl Batch {
    fn push(&mut self, job: Job) {
        self.rows.push(job.row);
        self.waiting.push((job.queued, job.ack));
    }
}

/// The file a SQLite pool writes, for the writer's own connection; `None` for an in-memory database, which
/// another connection cannot open (that one keeps the pool's writer task).
fn sqlite_file(pool: &sqlx::SqlitePool) -> Option<std::path::PathBuf> {
    let opts = pool.connect_options();
    let file = opts.get_filename();
    (!file.as_os_str().is_empty() && file.to_str() != Some(":memory:")).then(|| file.to_path_buf())
}

/// Adds `first` and everything queued behind it to `batch`: what queued up during the previous commit joins
/// this one (group commit needs no timer: the busier the writer, the bigger its groups).
fn gather(rx: &mut mpsc::Receiver<Msg>, first: Msg, batch: &mut Batch, queued: &AtomicUsize) {
    let taken = batch.rows.len();
    let mut next = Some(first);
    while let Some(msg) = next {
        match msg {
            Msg::Append(job) => batch.push(job),
            // Stop taking new work; what is queued is still received and written (rooms stop sending first).
            Msg::Close => rx.close(),
        }
        if batch.rows.len() >= MAX_BATCH {
            break;
        }
        next = rx.try_recv().ok();
    }
    queued.fetch_sub(batch.rows.len() - taken, Ordering::Relaxed);
}

/// What a writer reports to its `Persist`.
struct Counters {
    batches: Arc<AtomicU64>,
    queued: Arc<AtomicUsize>,
}

async fn writer(db: Db, mut rx: mpsc::Receiver<Msg>, counters: Counters) {
    let mut batch = Batch::default();
    let mut conn = Held { db, conn: None };
    while let Some(first) = rx.recv().await {
        gather(&mut rx, first, &mut batch, &counters.queued);
        if batch.rows.is_empty() {
            continue; // a lone `Close`
        }
        write(&mut conn, &mut batch, &counters.batches).await;
    }
    tracing::debug!("persistence writer stopped");
}

/// How often the SQLite WAL is copied back into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// SQLite only: checkpoints the WAL from its own connection every [`CHECKPOINT_EVERY`]. A PASSIVE checkpoint
/// never blocks the writer, whereas SQLite's automatic one runs inside the commit that fills the WAL, and its
/// fsync was the server's latency tail under load (BENCHMARKS.md).
async fn checkpointer(pool: sqlx::SqlitePool, shutdown: CancellationToken) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = shutdown.cancelled() => break,
        }
        let started = Instant::now();
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
            tracing::warn!(error = %e, "WAL checkpoint failed");
        }
        metrics::histogram!("gb_persist_checkpoint_seconds").record(started.elapsed().as_secs_f64());
    }
}

/// The writer's own connection, checked out at its first group and kept: a checkout per group cost a release
/// task and a ping round trip on every commit (`db::Conn`). After a failed statement the connection is handed
/// back (the pool's release test drops it if it is broken) and the next append checks out another one.
struct Held {
    db: Db,
    conn: Option<Conn>,
}

impl Held {
    async fn append(&mut self, rows: &[AppendRow]) -> Result<Vec<bool>, sqlx::Error> {
        let mut conn = match self.conn.take() {
            Some(conn) => conn,
            None => self.db.acquire().await?,
        };
        let result = append_batch(&mut conn, rows).await;
        if result.is_ok() {
            self.conn = Some(conn);
        }
        result
    }
}

async fn write(conn: &mut Held, batch: &mut Batch, batches: &AtomicU64) {
    let started = Instant::now();
    let result = conn.append(&batch.rows).await;
    record_group(started, batch.rows.len(), batches);
    let rows = std::mem::take(&mut batch.rows);
    let waiting = batch.waiting.drain(..);
    match result {
        Ok(landed) => {
            for ((row, w), landed) in rows.iter().zip(waiting).zip(landed) {
                ack(row, w, if landed { Ok(()) } else { Err(AppendError::Fenced) });
            }
        }
        // One bad row (e.g. a duplicate version) must not fail the other rooms' intents: retry one by one.
        Err(e) if rows.len() > 1 => {
            tracing::warn!(error = %e, n = rows.len(), "batch append failed; retrying rows singly");
            for (row, w) in rows.iter().zip(waiting) {
                let r = match conn.append(std::slice::from_ref(row)).await {
                    Ok(landed) if landed == [true] => Ok(()),
                    Ok(_) => Err(AppendError::Fenced),
                    Err(e) => Err(AppendError::Failed(e.to_string())),
                };
                ack(row, w, r);
            }
        }
        Err(e) => {
            for (row, w) in rows.iter().zip(waiting) {
                ack(row, w, Err(AppendError::Failed(e.to_string())));
            }
        }
    }
    // Reuse the allocation for the next group.
    batch.rows = rows;
    batch.rows.clear();
}

/// A group written (or failed), whichever writer wrote it: counted before any of its rows is acked, so whoever
/// holds an ack sees its group in [`Persist::batches_committed`]; and its time and size.
fn record_group(started: Instant, rows: usize, batches: &AtomicU64) {
    batches.fetch_add(1, Ordering::Relaxed);
    metrics::histogram!("gb_persist_batch_seconds").record(started.elapsed().as_secs_f64());
    metrics::histogram!("gb_persist_batch_size").record(rows as f64);
}

fn ack(row: &AppendRow, (queued, tx): (Instant, Ack), result: Result<(), AppendError>) {
    report(row, queued, &result);
    let _ = tx.send(result);
}

/// An append's latency, and what became of it if it did not land.
fn report(row: &AppendRow, queued: Instant, result: &Result<(), AppendError>) {
    metrics::histogram!("gb_persist_latency_seconds").record(queued.elapsed().as_secs_f64());
    match result {
        Ok(()) => {}
        Err(AppendError::Fenced) => {
            metrics::counter!("gb_append_fenced_total").increment(1);
            tracing::warn!(match_id = %row.match_id, version = row.version, epoch = row.epoch, "append fenced");
        }
        Err(e) => tracing::error!(error = %e, match_id = %row.match_id, version = row.version, "append failed"),
    }
}
