//! The SQLite writer on a real database file: every acknowledged row is in the log, a bad row fails alone, a
//! finishing row lands with its result or not at all, shutdown writes what was queued, an idle writer's row is
//! written by its room, and the WITHOUT ROWID migration keeps an existing log.
use super::{AppendError, Persist};
use crate::db::Db;
use crate::db::matches::{AppendRow, find_match, insert_match, intents_since};
use crate::db::status::MatchStatus;
use crate::protocol::GameEndReason;
use crate::seed::{StoredResult, StoredSetup};
use futures_util::future::join_all;
use std::future::Future;
use std::path::{Path, PathBuf};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

struct TempDir(PathBuf);

impl TempDir {
    fn new() -> TempDir {
        let dir = std::env::temp_dir().join(format!("gb-persist-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    fn url(&self) -> String {
        format!("sqlite://{}/gb.sqlite?mode=rwc", self.0.display())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Writer {
    persist: Persist,
    tracker: TaskTracker,
    shutdown: CancellationToken,
}

impl Writer {
    fn spawn(db: &Db) -> Writer {
        let (tracker, shutdown) = (TaskTracker::new(), CancellationToken::new());
        let persist = Persist::spawn(db.clone(), &tracker, shutdown.clone());
        Writer { persist, tracker, shutdown }
    }
    async fn stop(self) {
        self.shutdown.cancel();
        self.tracker.close();
        self.tracker.wait().await;
    }
}

fn row(match_id: &str, version: i64) -> AppendRow {
    AppendRow {
        match_id: match_id.to_owned(),
        version,
        seat: version % 2,
        intent_json: format!(r#"{{"kind":"pass","n":{version}}}"#),
        meta_json: (version % 3 == 0).then(|| r#"{"remaining_ms":[1000,2000]}"#.to_owned()),
        finish: None,
        epoch: 0,
        intent_key: None,
        rated: None,
    }
}

/// A new database file with the migrations run and a writer on it (the directory goes when the first is dropped).
async fn fresh() -> (TempDir, Db, Writer) {
    let dir = TempDir::new();
    let db = Db::connect(&dir.url()).await.unwrap();
    let w = Writer::spawn(&db);
    (dir, db, w)
}

async fn new_match(db: &Db) -> String {
    insert_match(db, "room", "hash", StoredSetup::undealt(), MatchStatus::Playing).await.unwrap().id
}

async fn two_matches(db: &Db) -> (String, String) {
    (new_match(db).await, new_match(db).await)
}

async fn versions(db: &Db, match_id: &str) -> Vec<i64> {
    intents_since(db, match_id, 0).await.unwrap().iter().map(|r| r.version).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_append_is_in_the_log_in_order() {
    let (_dir, db, w) = fresh().await;
    let matches = [new_match(&db).await, new_match(&db).await, new_match(&db).await];
    // Many rooms at once, so rows share groups; each room appends its versions one after another, as a room does.
    let rooms = matches.iter().map(|m| {
        let persist = w.persist.clone();
        async move {
            for v in 1..=40 {
                persist.append(row(m, v)).await.unwrap();
            }
        }
    });
    join_all(rooms).await;
    for m in &matches {
        assert_eq!(versions(&db, m).await, (1..=40).collect::<Vec<_>>());
        let log = intents_since(&db, m, 0).await.unwrap();
        assert_eq!(log[9].intent_json, r#"{"kind":"pass","n":10}"#);
    }
    w.stop().await;
}

/// Appends `first` while another connection holds SQLite's write lock, so the writer takes it and waits on the
/// lock (the busy timeout); then `rest`, which queue behind it; then releases the lock. Returns each row's result
/// (`first` first) and the commits the rows took: two, if the writer groups what queued. Waits on the queue
/// itself, not on time, and nothing can be written meanwhile (checked).
async fn queued_behind_a_lock(
    db: &Db,
    w: &Writer,
    first: AppendRow,
    rest: Vec<AppendRow>,
) -> (Vec<Result<(), AppendError>>, u64) {
    let Db::Sqlite(pool) = db else { unreachable!("a SQLite file") };
    let mut blocker = pool.acquire().await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut *blocker).await.unwrap();
    let before = w.persist.batches_committed();
    let mut appends = vec![queue(w, first)];
    while w.persist.queued() != 0 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await; // until the writer takes it
    }
    for r in rest {
        appends.push(queue(w, r));
    }
    assert_eq!(w.persist.batches_committed(), before, "nothing commits while another connection holds the lock");
    sqlx::query("ROLLBACK").execute(&mut *blocker).await.unwrap();
    let mut results = Vec::new();
    for a in appends {
        results.push(a.await.unwrap());
    }
    (results, w.persist.batches_committed() - before)
}

/// Runs `row`'s append until it is on the writer's queue (its first poll sends it and waits for the ack), then
/// hands it to a task to finish.
fn queue(w: &Writer, row: AppendRow) -> tokio::task::JoinHandle<Result<(), AppendError>> {
    let persist = w.persist.clone();
    let mut append = Box::pin(async move { persist.append(row).await });
    let mut first_poll = std::task::Context::from_waker(std::task::Waker::noop());
    assert!(append.as_mut().poll(&mut first_poll).is_pending(), "acked while the writer cannot commit");
    tokio::spawn(append)
}

/// Group commit: what queues while a commit waits is written by the next one, all of it (the writer needs no
/// timer): 49 rooms' appends queued behind a commit waiting on a lock land in the next one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_queued_behind_a_waiting_commit_share_the_next_one() {
    let (_dir, db, w) = fresh().await;
    let mut matches = Vec::new();
    for _ in 0..50 {
        matches.push(new_match(&db).await);
    }
    let rest = matches[1..].iter().map(|m| row(m, 1)).collect();
    let (results, commits) = queued_behind_a_lock(&db, &w, row(&matches[0], 1), rest).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(commits, 2, "the row that waited, then the 49 queued behind it");
    for m in &matches {
        assert_eq!(versions(&db, m).await, [1]);
    }
    w.stop().await;
}

/// An append that finds the writer idle and SQLite's write lock free is written by the appending room itself,
/// with no hand-off to the writer's thread (sqlite.rs `try_inline`); one that finds the lock held elsewhere goes
/// to the writer, which waits for it. Either way the row is in the log once acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_append_that_finds_the_writer_idle_is_written_by_its_room() {
    let (_dir, db, w) = fresh().await;
    let m = new_match(&db).await;
    // The first goes to the writer, which opens its connection.
    w.persist.append(row(&m, 1)).await.unwrap();
    assert_eq!(w.persist.written_inline(), 0);
    for v in 2..=20 {
        w.persist.append(row(&m, v)).await.unwrap();
        assert_eq!(versions(&db, &m).await.last(), Some(&v));
    }
    assert_eq!(w.persist.written_inline(), 19, "nothing else was writing");
    let (results, commits) = queued_behind_a_lock(&db, &w, row(&m, 21), vec![row(&m, 22)]).await;
    assert_eq!(results, [Ok(()), Ok(())]);
    assert_eq!(commits, 2, "each waited for the lock, in the writer");
    assert_eq!(w.persist.written_inline(), 19);
    assert_eq!(versions(&db, &m).await, (1..=22).collect::<Vec<_>>());
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_version_fails_alone_and_forks_nothing() {
    let (_dir, db, w) = fresh().await;
    let (a, b) = two_matches(&db).await;
    w.persist.append(row(&a, 1)).await.unwrap();
    let mut second = row(&a, 1);
    second.intent_json = r#"{"kind":"forked"}"#.to_owned();
    // The duplicate queues behind a waiting commit with two other rows, so the three share the next group, and
    // those two must still land (a failed INSERT undoes only itself).
    let (results, commits) = queued_behind_a_lock(&db, &w, row(&b, 1), vec![second, row(&b, 2), row(&a, 2)]).await;
    assert_eq!(commits, 2, "the row that waited, then one group of three");
    assert_eq!(results[0], Ok(()));
    assert!(matches!(&results[1], Err(AppendError::Failed(e)) if e.contains("UNIQUE")), "{:?}", results[1]);
    assert_eq!(results[2], Ok(()));
    assert_eq!(results[3], Ok(()));
    assert_eq!(versions(&db, &a).await, [1, 2]);
    assert_eq!(intents_since(&db, &a, 0).await.unwrap()[0].intent_json, r#"{"kind":"pass","n":1}"#);
    assert_eq!(versions(&db, &b).await, [1, 2]);
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finishing_append_lands_with_its_result_or_not_at_all() {
    let (_dir, db, w) = fresh().await;
    let (a, b) = two_matches(&db).await;
    w.persist.append(row(&a, 1)).await.unwrap();
    w.persist.append(row(&b, 1)).await.unwrap();
    // A finishing row whose intent cannot land (its version is taken) must not finish the match either.
    let mut stale = row(&a, 1);
    stale.finish = Some(r#"{"winner":"A","reason":"concession"}"#.to_owned());
    let mut last = row(&b, 2);
    last.finish = Some(r#"{"winner":"B","reason":"concession"}"#.to_owned());
    let results = join_all([w.persist.append(stale), w.persist.append(last)]).await;
    assert!(matches!(results[0], Err(AppendError::Failed(_))), "{:?}", results[0]);
    assert_eq!(results[1], Ok(()));
    let (ma, mb) = (find_match(&db, &a).await.unwrap().unwrap(), find_match(&db, &b).await.unwrap().unwrap());
    assert_eq!((ma.status.as_str(), ma.result), ("playing", None));
    let won = StoredResult { winner: Some(gb_core::Seat::B), reason: GameEndReason::Concession, places: None };
    assert_eq!((mb.status.as_str(), mb.result), ("finished", Some(won)));
    assert_eq!(versions(&db, &b).await, [1, 2]);
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_writes_what_was_queued_and_refuses_what_comes_after() {
    let (_dir, db, w) = fresh().await;
    let m = new_match(&db).await;
    w.persist.append(row(&m, 1)).await.unwrap();
    // Queue 200 more appends, then shut down before awaiting any of them.
    let queued: Vec<_> = (2..=201)
        .map(|v| {
            let persist = w.persist.clone();
            let row = row(&m, v);
            tokio::spawn(async move { persist.append(row).await })
        })
        .collect();
    let persist = w.persist.clone();
    w.stop().await;
    let results: Vec<_> = join_all(queued).await.into_iter().map(Result::unwrap).collect();
    // Each was either written and acknowledged or refused at the door; none was taken and then dropped.
    let stopped = Err(AppendError::Failed("the writer has stopped".to_owned()));
    assert!(results.iter().all(|r| r.is_ok() || *r == stopped), "{results:?}");
    let acked = results.iter().filter(|r| r.is_ok()).count();
    assert_eq!(versions(&db, &m).await.len(), 1 + acked);
    assert_eq!(persist.append(row(&m, 1000)).await, stopped);
}

/// The log of a database made before the WITHOUT ROWID migration survives it, and the table then has no rowid.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_without_rowid_migration_keeps_the_log() {
    let dir = TempDir::new();
    let older = dir.0.join("older-migrations");
    std::fs::create_dir_all(&older).unwrap();
    let all = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/sqlite");
    for entry in std::fs::read_dir(&all).unwrap() {
        let path = entry.unwrap().path();
        if !path.file_name().unwrap().to_str().unwrap().contains("without_rowid") {
            std::fs::copy(&path, older.join(path.file_name().unwrap())).unwrap();
        }
    }
    let opts: sqlx::sqlite::SqliteConnectOptions = dir.url().parse().unwrap();
    let pool = sqlx::SqlitePool::connect_with(opts.foreign_keys(true)).await.unwrap();
    sqlx::migrate::Migrator::new(older.as_path()).await.unwrap().run(&pool).await.unwrap();
    let old = Db::Sqlite(pool.clone());
    let m = new_match(&old).await;
    for v in 1..=3 {
        crate::db::matches::append_intent(&old, &m, v, v % 2, &format!(r#"{{"n":{v}}}"#)).await.unwrap();
    }
    pool.close().await;

    let db = Db::connect(&dir.url()).await.unwrap();
    assert_eq!(versions(&db, &m).await, [1, 2, 3]);
    assert_eq!(intents_since(&db, &m, 0).await.unwrap()[2].intent_json, r#"{"n":3}"#);
    let Db::Sqlite(pool) = &db else { unreachable!() };
    let (without_rowid,): (i64,) =
        sqlx::query_as("SELECT wr FROM pragma_table_list WHERE name = 'match_intents'").fetch_one(pool).await.unwrap();
    assert_eq!(without_rowid, 1);
    // And the writer appends after the migrated rows.
    let w = Writer::spawn(&db);
    w.persist.append(row(&m, 4)).await.unwrap();
    assert_eq!(versions(&db, &m).await, [1, 2, 3, 4]);
    w.stop().await;
}
