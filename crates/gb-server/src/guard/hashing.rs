//! Password hashing (Argon2id) on a bounded pool. Each hash is tens of milliseconds of a core; unbounded, a
//! sign-up flood took ~1.4 cores and a control match fell from 30 to 0.6 versions a second. At most
//! `hash_workers` hashes run at once (half the cores by default), `hash_queue` more may wait, and beyond that
//! the call is answered `503 busy` at once instead of queueing without end.
use crate::error::{ApiError, ApiResult};
use crate::settings::Limits;
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::http::StatusCode;
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::Semaphore;

pub struct Hashing {
    /// One permit per hash allowed to run.
    workers: Semaphore,
    /// One permit per hash running or waiting.
    places: Semaphore,
}

impl Hashing {
    pub fn new(limits: &Limits) -> Hashing {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let workers = match limits.hash_workers {
            0 => (cores / 2).max(1),
            n => n,
        };
        Hashing { workers: Semaphore::new(workers), places: Semaphore::new(workers + limits.hash_queue) }
    }

    /// Argon2id with default parameters, for a new password.
    pub async fn hash(&self, password: String) -> ApiResult<String> {
        self.run(move || Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()))
            .await?
            .map_err(ApiError::internal)
    }

    /// Checks `password` against the account's hash; with none (unknown user, guest) against a dummy hash of the
    /// same cost, and answers false, so both cases take as long.
    pub async fn verify(&self, password: String, hash: Option<String>) -> ApiResult<bool> {
        let known = if hash.is_some() { "known" } else { "unknown" };
        metrics::counter!("login_password_checks_total", "account" => known).increment(1);
        self.run(move || {
            let against = hash.as_deref().unwrap_or_else(|| dummy_hash());
            Argon2::default().verify_password(password.as_bytes(), against).is_ok() && hash.is_some()
        })
        .await
    }

    /// Runs `work` on a blocking thread once a worker is free, or refuses at once when the queue is full.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> ApiResult<T> {
        let Ok(_place) = self.places.try_acquire() else {
            metrics::counter!("password_hashes_refused_total").increment(1);
            let mut e = ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the server is busy checking passwords; try again in a moment",
            );
            e.retry_after = Some(Duration::from_secs(1));
            return Err(e);
        };
        let _worker = self.workers.acquire().await.map_err(ApiError::internal)?;
        tokio::task::spawn_blocking(work).await.map_err(ApiError::internal)
    }
}

/// A hash made like every stored one (default Argon2id parameters) of a password nobody knows.
fn dummy_hash() -> &'static str {
    static DUMMY: LazyLock<String> = LazyLock::new(|| {
        Argon2::default().hash_password(b"no account has this password").expect("argon2 hashes").to_string()
    });
    &DUMMY
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::PasswordHash;

    /// The dummy must be a real hash with the stored hashes' cost: an unparsable one would fail at once and
    /// make unknown names answer faster again.
    #[test]
    fn dummy_hash_costs_what_a_real_one_does() {
        let dummy = PasswordHash::new(dummy_hash()).expect("a PHC string");
        let real_hash = Argon2::default().hash_password(b"hunter22").unwrap().to_string();
        let real = PasswordHash::new(&real_hash).unwrap();
        assert_eq!((dummy.algorithm, dummy.version), (real.algorithm, real.version));
        assert_eq!(dummy.params, real.params);
    }

    #[tokio::test]
    async fn no_hash_never_verifies() {
        let pool = Hashing::new(&Limits::default());
        assert!(!pool.verify("no account has this password".into(), None).await.unwrap());
        let hash = pool.hash("hunter22".into()).await.unwrap();
        assert!(pool.verify("hunter22".into(), Some(hash)).await.unwrap());
    }

    /// One worker, no queue: while one hash runs, the next call is refused at once, not queued.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_queue_answers_busy_at_once() {
        let pool = std::sync::Arc::new(Hashing::new(&Limits { hash_workers: 1, hash_queue: 0, ..Limits::default() }));
        let (started, release) = (std::sync::Arc::new(tokio::sync::Notify::new()), std::sync::mpsc::channel::<()>());
        let (go, wait) = (started.clone(), release.1);
        let busy = {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.run(move || {
                    go.notify_one();
                    wait.recv().ok();
                })
                .await
            })
        };
        started.notified().await;
        let e = pool.hash("hunter22".into()).await.unwrap_err();
        assert_eq!((e.status.as_u16(), e.code), (503, "busy"));
        release.0.send(()).unwrap();
        busy.await.unwrap().unwrap();
        pool.hash("hunter22".into()).await.expect("a free worker hashes again");
    }
}
