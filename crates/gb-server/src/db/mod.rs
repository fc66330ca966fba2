//! Database access: one `Db` over two concrete sqlx pools (SQLite or PostgreSQL), chosen by URL.
//!
//! `sqlx::Any` is avoided on purpose (dependencies.md C8). Every query is plain runtime SQL in the
//! subset both engines accept (`$N` placeholders, TEXT ids, BIGINT unix-ms times, JSON as TEXT),
//! and [`with_pool!`] runs the same code against whichever pool is live.
pub mod accounts;
pub mod attendance;
pub mod decks;
pub mod fence;
pub mod game_players;
pub mod json;
pub mod matches;
pub mod queue;
pub mod quotas;
pub mod ratings;
pub mod room_config;
pub mod rooms;
pub mod sessions;
pub mod status;
pub mod tournament_rows;
pub mod tournaments;

use anyhow::{Context, bail};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgPool, PgPoolOptions, Postgres};
use sqlx::sqlite::{Sqlite, SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use std::str::FromStr;
use std::time::Duration;

/// The live database. Cloning is cheap (pools are reference-counted).
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Pg(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool of `$db`; the body is compiled once per backend.
/// The lease row `l` is still held: its owner node's lease has not expired (database clock). Every fenced write
/// joins it (fence.rs, matches.rs `fenced_append`).
macro_rules! lease_held {
    () => {
        "JOIN nodes n ON n.node_id = l.owner_node AND n.expires_at > clock_timestamp()"
    };
}
pub(crate) use lease_held;

#[macro_export]
macro_rules! with_pool {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Pg($pool) => $body,
        }
    };
}
pub use with_pool;

/// One connection of the live database, checked out once and held across calls (the persist writer's own), so
/// a call pays neither a checkout nor a release: sqlx tests every released connection with a ping, a round trip
/// to SQLite's worker thread or to the PostgreSQL server (BENCHMARKS.md, twelfth session).
pub enum Conn {
    Sqlite(PoolConnection<Sqlite>),
    Pg(PoolConnection<Postgres>),
}

/// Runs `$body` with `$c` bound to the concrete connection of `$conn` (`&mut Conn`), as [`with_pool!`] does for
/// pools.
#[macro_export]
macro_rules! with_conn {
    ($conn:expr, $c:ident => $body:expr) => {
        match $conn {
            $crate::db::Conn::Sqlite($c) => {
                let $c = &mut **$c;
                $body
            }
            $crate::db::Conn::Pg($c) => {
                let $c = &mut **$c;
                $body
            }
        }
    };
}
pub use with_conn;

/// How long a SQLite connection waits for another's write lock; the pool's and the intent writer's own
/// (`persist/sqlite.rs`) connection use the same settings.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// WAL pages after which a commit would checkpoint on its own (`persist::checkpointer` normally runs first).
pub const SQLITE_WAL_AUTOCHECKPOINT: u32 = 10_000;

impl Db {
    /// Connects by URL scheme and applies the embedded migrations for that engine.
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        let db = if url.starts_with("sqlite:") {
            let opts = SqliteConnectOptions::from_str(url)
                .with_context(|| format!("bad SQLite URL {url:?}"))?
                // WAL lets readers run during a write; NORMAL is durable enough under WAL and much faster.
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                // Checkpoints are run by `persist::checkpointer` on another connection, so the commit that
                // crosses the threshold does not stall every room for a checkpoint's fsync; this only bounds
                // the WAL if that task falls behind.
                .pragma("wal_autocheckpoint", SQLITE_WAL_AUTOCHECKPOINT.to_string())
                .foreign_keys(true);
            let file = opts.get_filename();
            // `sqlite://data/gb.sqlite` should work on a fresh checkout: create `data/` first.
            if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty())
                && file.to_str() != Some(":memory:")
            {
                std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
            }
            // A connection to a local file does not go stale: skip the ping sqlx sends on every checkout (a
            // round trip to the connection's worker thread, per query).
            let pool =
                SqlitePoolOptions::new().max_connections(8).test_before_acquire(false).connect_with(opts).await?;
            sqlx::migrate!("../../migrations/sqlite").run(&pool).await.context("SQLite migrations")?;
            Db::Sqlite(pool)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(5))
                .connect(url)
                .await
                .with_context(|| format!("connecting to PostgreSQL at {}", redact(url)))?;
            sqlx::migrate!("../../migrations/postgres").run(&pool).await.context("PostgreSQL migrations")?;
            Db::Pg(pool)
        } else {
            bail!("unsupported database URL {:?}: use sqlite: or postgres:", redact(url));
        };
        Ok(db)
    }

    /// Checks a connection out of the pool to hold (see [`Conn`]); dropping it returns it.
    pub async fn acquire(&self) -> Result<Conn, sqlx::Error> {
        Ok(match self {
            Db::Sqlite(p) => Conn::Sqlite(p.acquire().await?),
            Db::Pg(p) => Conn::Pg(p.acquire().await?),
        })
    }

    /// Trivial round trip for health checks.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        with_pool!(self, p => sqlx::query("SELECT 1").execute(p).await.map(|_| ()))
    }

    /// Which engine is live, for logs and `/healthz`.
    pub fn backend(&self) -> &'static str {
        match self {
            Db::Sqlite(_) => "sqlite",
            Db::Pg(_) => "postgres",
        }
    }

    /// Closes the pool, waiting for checked-out connections (shutdown).
    pub async fn close(&self) {
        with_pool!(self, p => p.close().await)
    }
}

/// Current time as unix milliseconds, the one time format stored in the database.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// True for a unique-constraint violation, which callers turn into a 409.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_unique_violation())
}

/// Hides a password in a URL before logging it.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => match url[s + 3..at].split_once(':') {
            Some((user, _)) => format!("{}{}:***{}", &url[..s + 3], user, &url[at..]),
            None => url.to_string(),
        },
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn redacts_passwords() {
        assert_eq!(super::redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
        assert_eq!(super::redact("postgres://u@h/db"), "postgres://u@h/db");
    }
}
