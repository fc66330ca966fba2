//! The single writer task: every room hands it accepted intents, it appends them in batches (one transaction
//! per batch: group commit) and acks each one. A room tells nobody about an intent before its ack, so an
//! acknowledged intent survives `kill -9` (reliability.md §3.3).
use crate::db::matches::{AppendRow, append_batch};
use crate::db::{Conn, Db};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
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

/// Cheap to clone; every room holds one.
#[derive(Clone)]
pub struct Persist {
    tx: mpsc::Sender<Job>,
    batches: Arc<AtomicU64>,
}

impl Persist {
    /// Spawns the writer on `tracker`. It drains its queue after `shutdown` so no accepted intent is dropped.
    pub fn spawn(db: Db, tracker: &TaskTracker, shutdown: CancellationToken) -> Persist {
        let (tx, rx) = mpsc::channel(4096);
        let batches = Arc::new(AtomicU64::new(0));
        if let Db::Sqlite(pool) = &db {
            tracker.spawn(checkpointer(pool.clone(), shutdown.clone()));
        }
        tracker.spawn(writer(db, rx, shutdown, batches.clone()));
        Persist { tx, batches }
    }

    /// Makes `row` durable; returns once it is committed.
    pub async fn append(&self, row: AppendRow) -> Result<(), AppendError> {
        let (ack, done) = oneshot::channel();
        let job = Job { row, queued: Instant::now(), ack };
        self.tx.send(job).await.map_err(|_| AppendError::Failed("the writer has stopped".to_owned()))?;
        done.await.map_err(|_| AppendError::Failed("the writer dropped the append".to_owned()))?
    }

    /// Transactions committed so far (benchmarks divide rows by it for the mean group size).
    pub fn batches_committed(&self) -> u64 {
        self.batches.load(Ordering::Relaxed)
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

async fn writer(db: Db, mut rx: mpsc::Receiver<Job>, shutdown: CancellationToken, batches: Arc<AtomicU64>) {
    let mut batch = Batch::default();
    let mut conn = Held { db, conn: None };
    loop {
        let first = tokio::select! {
            job = rx.recv() => job,
            // On shutdown stop taking new work but flush what is queued (rooms stop sending first).
            _ = shutdown.cancelled() => { rx.close(); rx.recv().await }
        };
        let Some(first) = first else { break };
        batch.push(first);
        // Everything that queued up during the previous commit joins this one (group commit needs no timer:
        // the busier the writer, the bigger its groups).
        while batch.rows.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        write(&mut conn, &mut batch).await;
        batches.fetch_add(1, Ordering::Relaxed);
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

async fn write(conn: &mut Held, batch: &mut Batch) {
    let started = Instant::now();
    let result = conn.append(&batch.rows).await;
    metrics::histogram!("gb_persist_batch_seconds").record(started.elapsed().as_secs_f64());
    metrics::histogram!("gb_persist_batch_size").record(batch.rows.len() as f64);
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

fn ack(row: &AppendRow, (queued, tx): (Instant, Ack), result: Result<(), AppendError>) {
    metrics::histogram!("gb_persist_latency_seconds").record(queued.elapsed().as_secs_f64());
    match &result {
        Ok(()) => {}
        Err(AppendError::Fenced) => {
            metrics::counter!("gb_append_fenced_total").increment(1);
            tracing::warn!(match_id = %row.match_id, version = row.version, epoch = row.epoch, "append fenced");
        }
        Err(e) => tracing::error!(error = %e, match_id = %row.match_id, version = row.version, "append failed"),
    }
    let _ = tx.send(result);
}
