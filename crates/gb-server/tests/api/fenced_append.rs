//! The fenced append on PostgreSQL (docs/multi-node.md, "Fencing"), below the room and the writer: a row lands
//! only under its room's current epoch while the owner node's lease holds, one group can mix rows that land and
//! rows that are fenced, and a fenced row that would finish its match leaves the match open. Groups that finish
//! no match take the one-statement path, groups that finish one the transaction; both are covered.
use crate::helpers::{Backend, TestDb, test_database};
use gb_server::Db;
use gb_server::cluster::lease;
use gb_server::db::Conn;
use gb_server::db::matches::{self, AppendRow, append_batch};
use gb_server::db::status::MatchStatus;
use gb_server::seed::StoredSetup;

fn pool(db: &Db) -> &sqlx::PgPool {
    let Db::Pg(pool) = db else { unreachable!("a PostgreSQL test database") };
    pool
}

/// A node whose own lease holds for a minute (database clock).
async fn live_node(db: &Db, id: &str) {
    sqlx::query(
        "INSERT INTO nodes (node_id, addr, state, heartbeat_at, expires_at) \
         VALUES ($1, 'test', 'live', clock_timestamp(), clock_timestamp() + interval '1 minute')",
    )
    .bind(id)
    .execute(pool(db))
    .await
    .unwrap();
}

/// A room with one game, its lease claimed by `node` (epoch 1); returns the game's id.
async fn leased_game(db: &Db, room: &str, node: &str) -> String {
    sqlx::query(
        "INSERT INTO rooms (id, config_json, seats_json, status, created_at, updated_at) \
         VALUES ($1, '{}', '[]', 'playing', 0, 0)",
    )
    .bind(room)
    .execute(pool(db))
    .await
    .unwrap();
    lease::place(db, room, node).await.unwrap();
    assert_eq!(lease::claim(db, room, node).await.unwrap().unwrap().epoch, 1);
    matches::insert_match(db, room, "hash", StoredSetup::undealt(), MatchStatus::Playing).await.unwrap().id
}

fn row(game: &str, version: i64, epoch: i64) -> AppendRow {
    AppendRow {
        match_id: game.to_owned(),
        version,
        seat: 0,
        intent_json: r#"{"type":"pass"}"#.to_owned(),
        meta_json: None,
        finish: None,
        epoch,
        intent_key: Some(format!("test:{version}:{epoch}")),
        rated: None,
    }
}

fn finishing(game: &str, version: i64, epoch: i64) -> AppendRow {
    AppendRow { finish: Some(r#"{"winner":"A","reason":"concession"}"#.to_owned()), ..row(game, version, epoch) }
}

async fn versions(db: &Db, game: &str) -> Vec<i64> {
    matches::intents_since(db, game, 0).await.unwrap().iter().map(|r| r.version).collect()
}

async fn status(db: &Db, game: &str) -> String {
    matches::find_match(db, game).await.unwrap().unwrap().status.to_string()
}

async fn append(conn: &mut Conn, rows: &[AppendRow]) -> Vec<bool> {
    append_batch(conn, rows).await.unwrap()
}

/// Two live nodes, "one" and "two", and two rooms with a game each, both claimed by "one" (epoch 1).
struct Two {
    _test_db: TestDb,
    db: Db,
    game: String,
    other: String,
    conn: Conn,
}

async fn two_games() -> Two {
    let test_db = test_database(Backend::Postgres).await;
    let db = Db::connect(&test_db.url).await.unwrap();
    live_node(&db, "one").await;
    live_node(&db, "two").await;
    let game = leased_game(&db, "room-1", "one").await;
    let other = leased_game(&db, "room-2", "one").await;
    let conn = db.acquire().await.unwrap();
    Two { _test_db: test_db, db, game, other, conn }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_current_epoch_lands_and_the_group_says_which_rows_did() {
    let Two { _test_db, db, game, other, mut conn } = two_games().await;

    assert_eq!(append(&mut conn, &[row(&game, 1, 1), row(&other, 1, 1)]).await, [true, true]);
    assert_eq!(append(&mut conn, &[row(&game, 1, 1)]).await, [false], "a version already in the log");

    // Node "one" hands room-1 over; "two" claims it under epoch 2 (a drain, docs/multi-node.md).
    assert!(lease::release(&db, "room-1", "one", 1, None, None).await.unwrap());
    assert_eq!(lease::claim(&db, "room-1", "two").await.unwrap().unwrap().epoch, 2);
    assert_eq!(append(&mut conn, &[row(&game, 2, 1)]).await, [false], "the deposed owner's epoch is fenced");
    assert_eq!(
        append(&mut conn, &[row(&game, 3, 1), row(&game, 2, 2), row(&other, 2, 1)]).await,
        [false, true, true],
        "one group: the stale row is skipped, the others land"
    );
    assert_eq!(versions(&db, &game).await, [1, 2]);
    assert_eq!(versions(&db, &other).await, [1, 2]);

    // The epoch still matches but its owner node's own lease has run out: nothing lands.
    sqlx::query("UPDATE nodes SET expires_at = clock_timestamp() - interval '1 second' WHERE node_id = 'two'")
        .execute(pool(&db))
        .await
        .unwrap();
    assert_eq!(append(&mut conn, &[row(&game, 3, 2), row(&other, 3, 1)]).await, [false, true]);
    assert_eq!(versions(&db, &game).await, [1, 2]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fenced_last_intent_leaves_its_match_open() {
    let Two { _test_db, db, game, other, mut conn } = two_games().await;
    assert!(lease::release(&db, "room-1", "one", 1, None, None).await.unwrap());
    assert_eq!(lease::claim(&db, "room-1", "two").await.unwrap().unwrap().epoch, 2);

    assert_eq!(append(&mut conn, &[finishing(&game, 1, 1), row(&other, 1, 1)]).await, [false, true]);
    assert_eq!(status(&db, &game).await, "playing", "a fenced row finishes nothing");
    assert!(versions(&db, &game).await.is_empty());

    assert_eq!(append(&mut conn, &[finishing(&game, 1, 2), finishing(&other, 2, 1)]).await, [true, true]);
    assert_eq!(status(&db, &game).await, "finished");
    assert_eq!(status(&db, &other).await, "finished");
    assert_eq!(versions(&db, &other).await, [1, 2]);
}
