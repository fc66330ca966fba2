//! The intent writer on PostgreSQL, one node (unfenced rows): a group is one multi-row INSERT, so one bad row
//! fails the statement; the writer then writes the group's rows one by one, and only the bad row fails. The
//! rows are made to share a group by queueing them while another connection locks `match_intents`.
use crate::helpers::{Backend, test_database};
use gb_server::Db;
use gb_server::db::matches::{self, AppendRow};
use gb_server::db::status::MatchStatus;
use gb_server::persist::{AppendError, Persist};
use gb_server::seed::StoredSetup;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

fn row(game: &str, version: i64, text: &str) -> AppendRow {
    AppendRow {
        match_id: game.to_owned(),
        version,
        seat: 0,
        intent_json: text.to_owned(),
        meta_json: None,
        finish: None,
        epoch: 0,
        intent_key: None,
        rated: None,
    }
}

/// Runs `row`'s append until it is on the writer's queue (its first poll sends it and waits for the ack), then
/// hands it to a task to finish.
fn queue(persist: &Persist, row: AppendRow) -> tokio::task::JoinHandle<Result<(), AppendError>> {
    let persist = persist.clone();
    let mut append = Box::pin(async move { persist.append(row).await });
    let mut first_poll = std::task::Context::from_waker(std::task::Waker::noop());
    assert!(append.as_mut().poll(&mut first_poll).is_pending(), "acked while the log is locked");
    tokio::spawn(append)
}

async fn log(db: &Db, game: &str) -> Vec<(i64, String)> {
    matches::intents_since(db, game, 0).await.unwrap().into_iter().map(|r| (r.version, r.intent_json)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_duplicate_in_a_group_fails_alone() {
    let test_db = test_database(Backend::Postgres).await;
    let db = Db::connect(&test_db.url).await.unwrap();
    let (tracker, shutdown) = (TaskTracker::new(), CancellationToken::new());
    let persist = Persist::spawn(db.clone(), &tracker, shutdown.clone());
    let a =
        matches::insert_match(&db, "room-a", "hash", StoredSetup::undealt(), MatchStatus::Playing).await.unwrap().id;
    let b =
        matches::insert_match(&db, "room-b", "hash", StoredSetup::undealt(), MatchStatus::Playing).await.unwrap().id;
    persist.append(row(&a, 1, "first")).await.unwrap();
    let before = persist.batches_committed();

    // Another transaction locks the log, so the writer's next INSERT waits and the other rows queue behind it.
    let Db::Pg(pool) = &db else { unreachable!("a PostgreSQL test database") };
    let mut blocker = pool.begin().await.unwrap();
    sqlx::query("LOCK TABLE match_intents IN EXCLUSIVE MODE").execute(&mut *blocker).await.unwrap();
    // The writer takes the first row and waits on the lock; the other three queue behind it, one group.
    let mut appends = vec![queue(&persist, row(&b, 1, "b1"))];
    while persist.queued() != 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    for r in [row(&a, 1, "forked"), row(&b, 2, "b2"), row(&a, 2, "a2")] {
        appends.push(queue(&persist, r));
    }
    assert_eq!(persist.batches_committed(), before, "nothing is written while the log is locked");
    blocker.rollback().await.unwrap();
    let mut results = Vec::new();
    for append in appends {
        results.push(append.await.unwrap());
    }

    // Counted once per group: the first row's, then the group of three that failed and was written row by row.
    assert_eq!(persist.batches_committed() - before, 2);
    assert_eq!(results[0], Ok(()));
    assert!(matches!(&results[1], Err(AppendError::Failed(e)) if e.contains("duplicate")), "{:?}", results[1]);
    assert_eq!(results[2], Ok(()));
    assert_eq!(results[3], Ok(()));
    assert_eq!(log(&db, &a).await, [(1, "first".to_owned()), (2, "a2".to_owned())], "the log did not fork");
    assert_eq!(log(&db, &b).await, [(1, "b1".to_owned()), (2, "b2".to_owned())]);
    shutdown.cancel();
    tracker.close();
    tracker.wait().await;
}
