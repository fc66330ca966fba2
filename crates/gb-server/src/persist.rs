//! The single writer task: every room hands it accepted intents, it appends them in batches (one transaction
//! per batch: group commit) and acks each one. A room tells nobody about an intent before its ack, so an
//! acknowledged intent survives `kill -9` (reliability.md §3.3).
use crate::db::Db;
use crate::db::matches::{AppendRow, append_batch};
use std::time::Instant;
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Most rows written in one transaction.
const MAX_BATCH: usize = 256;

struct Job {
    row: AppendRow,
    queued: Instant,
    ack: oneshot::Sender<Result<(), String>>,
}

/// Cheap to clone; every room holds one.
#[derive(Clone)]
pub struct Persist {
    tx: mpsc::Sender<Job>,
}

impl Persist {
    /// Spawns the writer on `tracker`. It drains its queue after `shutdown` so no accepted intent is dropped.
    pub fn spawn(db: Db, tracker: &TaskTracker, shutdown: CancellationToken) -> Persist {
        let (tx, rx) = mpsc::channel(4096);
        tracker.spawn(writer(db, rx, shutdown));
        Persist { tx }
    }

    /// Makes `row` durable; returns once it is committed.
    pub async fn append(&self, row: AppendRow) -> Result<(), String> {
        let (ack, done) = oneshot::channel();
        let job = Job { row, queued: Instant::now(), ack };
        self.tx.send(job).await.map_err(|_| "the writer has stopped".to_owned())?;
        done.await.map_err(|_| "the writer dropped the append".to_owned())?
    }
}

async fn writer(db: Db, mut rx: mpsc::Receiver<Job>, shutdown: CancellationToken) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        let first = tokio::select! {
            job = rx.recv() => job,
            // On shutdown stop taking new work but flush what is queued (rooms stop sending first).
            _ = shutdown.cancelled() => { rx.close(); rx.recv().await }
        };
        let Some(first) = first else { break };
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        write(&db, &mut batch).await;
    }
    tracing::debug!("persistence writer stopped");
}

async fn write(db: &Db, batch: &mut Vec<Job>) {
    let rows: Vec<AppendRow> = batch.iter().map(|j| j.row.clone()).collect();
    let started = Instant::now();
    let result = append_batch(db, &rows).await;
    metrics::histogram!("gb_persist_batch_seconds").record(started.elapsed().as_secs_f64());
    metrics::histogram!("gb_persist_batch_size").record(rows.len() as f64);
    match result {
        Ok(()) => {
            for job in batch.drain(..) {
                ack(job, Ok(()));
            }
        }
        // One bad row (e.g. a duplicate version) must not fail the other rooms' intents: retry one by one.
        Err(e) if batch.len() > 1 => {
            tracing::warn!(error = %e, n = batch.len(), "batch append failed; retrying rows singly");
            for job in batch.drain(..) {
                let r = append_batch(db, std::slice::from_ref(&job.row)).await;
                ack(job, r.map_err(|e| e.to_string()));
            }
        }
        Err(e) => {
            for job in batch.drain(..) {
                ack(job, Err(e.to_string()));
            }
        }
    }
}

fn ack(job: Job, result: Result<(), String>) {
    metrics::histogram!("gb_persist_latency_seconds").record(job.queued.elapsed().as_secs_f64());
    if let Err(e) = &result {
        tracing::error!(error = %e, match_id = %job.row.match_id, version = job.row.version, "append failed");
    }
    let _ = job.ack.send(result);
}
