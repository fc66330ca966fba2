//! The public replay, computed once per (match, released version) and shared: the probe's 16 anonymous clients
//! recomputing it on every request slowed a live match from ~29 to 1.6 versions/s. Computing runs on the
//! blocking pool behind a semaphore sized to the cores, never on the executor the rooms and sockets run on.
//! Concurrent requests for one key wait for the one computation (single flight).
use crate::error::ApiError;
use axum::body::Bytes;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OnceCell, Semaphore};

/// Replays kept. A whole match's replay is up to about a megabyte (a view per version), so few are kept; a live
/// match keeps only its newest version.
const KEEP: usize = 64;

/// What a public replay is a function of.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    pub match_id: String,
    /// The last version shown (`u32::MAX`: all of a finished match).
    pub upto: u32,
    pub finished: bool,
    /// Whether the record (deck lists) is still withheld because the room is open.
    pub room_open: bool,
    /// Whether the record is withheld by the room's event (its deck lists are secret until it is over).
    pub tournament_holds: bool,
}

pub struct ReplayCache {
    entries: Mutex<HashMap<Key, Arc<OnceCell<Bytes>>>>,
    pool: Semaphore,
    computed: AtomicU64,
}

impl ReplayCache {
    /// At most `threads` replays computed at once.
    pub fn new(threads: usize) -> ReplayCache {
        ReplayCache { entries: Mutex::default(), pool: Semaphore::new(threads.max(1)), computed: AtomicU64::new(0) }
    }

    /// How many replays have been computed (cache misses), for tests and `/metrics`.
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// Runs `work` on the blocking pool, at most `threads` at once, off the async executor.
    pub async fn compute<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let _permit = self.pool.acquire().await.map_err(ApiError::internal)?;
        self.computed.fetch_add(1, Ordering::Relaxed);
        metrics::counter!("gb_replays_computed_total").increment(1);
        tokio::task::spawn_blocking(work).await.map_err(ApiError::internal)
    }

    /// The cached bytes for `key`, or `make`'s, computed once however many ask at the same time. A failure is
    /// not kept: the next request tries again.
    pub async fn get_or_make<F>(&self, key: Key, make: impl FnOnce() -> F) -> Result<Bytes, ApiError>
    where
        F: Future<Output = Result<Bytes, ApiError>>,
    {
        let cell = {
            let mut entries = self.entries.lock().expect("replay cache lock");
            // A newer version of a live match replaces the older ones; past the bound, start afresh.
            entries.retain(|k, _| k.match_id != key.match_id || *k == key);
            if entries.len() >= KEEP && !entries.contains_key(&key) {
                entries.clear();
            }
            entries.entry(key).or_default().clone()
        };
        cell.get_or_try_init(make).await.cloned()
    }
}
