//! `matches` and `match_intents` rows: a game's setup and its append-only log of intents.
//! Appends normally go through `crate::persist` (group commit); `append_batch` is its primitive.
//!
//! A game's setup and result are read and written typed; the log's `intent_json`, `meta_json` and a finishing
//! append's result stay text: the append is the hot path, and persist/ hands its batches over already encoded.
use super::json::{JsonText, NullableJsonText, encode};
use super::ratings::RateOn;
use super::status::MatchStatus;
use super::status::sql_status;
use super::{Conn, Db, now_ms, with_conn, with_pool};
use crate::seed::{StoredResult, StoredSetup};
use sqlx::Connection;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MatchRow {
    pub id: String,
    pub room: String,
    /// Hash of the RNG seed, published at start; the seed itself is revealed after the game.
    pub seed_hash: String,
    /// The engine's setup and the commitment's nonce: secret until the game ends.
    #[sqlx(rename = "setup_json", try_from = "JsonText<StoredSetup>")]
    pub setup: StoredSetup,
    #[sqlx(try_from = "String")]
    pub status: MatchStatus,
    /// Set once the game is over.
    #[sqlx(rename = "result_json", try_from = "NullableJsonText<StoredResult>")]
    pub result: Option<StoredResult>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct IntentRow {
    pub match_id: String,
    pub version: i64,
    pub seat: i64,
    pub intent_json: String,
    pub created_at: i64,
}

pub async fn insert_match(
    db: &Db,
    room: &str,
    seed_hash: &str,
    setup: StoredSetup,
    status: MatchStatus,
) -> Result<MatchRow, sqlx::Error> {
    let row = MatchRow::new(room, seed_hash, setup, status);
    let (setup, result) = row.columns()?;
    with_pool!(db, p => sqlx::query(
        "INSERT INTO matches (id, room, seed_hash, setup_json, status, result_json, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(&row.id).bind(&row.room).bind(&row.seed_hash).bind(&setup)
        .bind(row.status.as_str()).bind(&result).bind(row.created_at).bind(row.updated_at)
        .execute(p).await.map(|_| ()))?;
    Ok(row)
}

impl MatchRow {
    /// A new game's row, not yet written.
    pub fn new(room: &str, seed_hash: &str, setup: StoredSetup, status: MatchStatus) -> MatchRow {
        let now = now_ms();
        MatchRow {
            id: uuid::Uuid::now_v7().to_string(),
            room: room.to_owned(),
            seed_hash: seed_hash.to_owned(),
            setup,
            status,
            result: None,
            created_at: now,
            updated_at: now,
        }
    }

    /// The row's `setup_json` and `result_json` as stored.
    pub(super) fn columns(&self) -> Result<(String, Option<String>), sqlx::Error> {
        Ok((encode(&self.setup)?, self.result.as_ref().map(encode).transpose()?))
    }
}

pub async fn find_match(db: &Db, id: &str) -> Result<Option<MatchRow>, sqlx::Error> {
    let sql = "SELECT id, room, seed_hash, setup_json, status, result_json, created_at, updated_at FROM matches WHERE id = $1";
    with_pool!(db, p => sqlx::query_as::<_, MatchRow>(sql).bind(id).fetch_optional(p).await)
}

pub async fn finish_match(db: &Db, id: &str, status: MatchStatus, result: &StoredResult) -> Result<(), sqlx::Error> {
    let result = encode(result)?;
    with_pool!(db, p => sqlx::query("UPDATE matches SET status = $2, result_json = $3, updated_at = $4 WHERE id = $1")
        .bind(id).bind(status.as_str()).bind(&result).bind(now_ms()).execute(p).await.map(|_| ()))?;
    Ok(())
}

/// Appends one intent. A duplicate `(match_id, version)` is a unique violation
/// (see [`super::is_unique_violation`]): the caller lost a race and must not fork the log.
pub async fn append_intent(
    db: &Db,
    match_id: &str,
    version: i64,
    seat: i64,
    intent_json: &str,
) -> Result<(), sqlx::Error> {
    with_pool!(db, p => sqlx::query(
        "INSERT INTO match_intents (match_id, version, seat, intent_json, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(match_id).bind(version).bind(seat).bind(intent_json).bind(now_ms())
        .execute(p).await.map(|_| ()))?;
    Ok(())
}

/// Intents after `after_version`, in order (for replay and reconnect catch-up).
pub async fn intents_since(db: &Db, match_id: &str, after_version: i64) -> Result<Vec<IntentRow>, sqlx::Error> {
    let sql = "SELECT match_id, version, seat, intent_json, created_at FROM match_intents \
               WHERE match_id = $1 AND version > $2 ORDER BY version";
    with_pool!(db, p => sqlx::query_as::<_, IntentRow>(sql).bind(match_id).bind(after_version).fetch_all(p).await)
}

/// One accepted intent to make durable; `finish` also closes the match in the same transaction. Its JSON comes
/// already encoded (the hot append path: persist/ writes many rooms' rows in one batch, encoding nothing).
#[derive(Clone, Debug)]
pub struct AppendRow {
    pub match_id: String,
    pub version: i64,
    pub seat: i64,
    pub intent_json: String,
    pub meta_json: Option<String>,
    /// The game's `result_json` (a [`StoredResult`] as [`encode`] writes it), when this intent ends the game.
    pub finish: Option<String>,
    /// The room's lease epoch (cluster mode, fencing token); 0 = unfenced (SQLite, single-node PostgreSQL).
    pub epoch: i64,
    /// Cluster mode: the sending socket's idempotency key (`"{node}:{conn}:{seq}"`), so a retry that reaches a
    /// later owner is recognised (`intent_by_key`). Stored only by the fenced append: SQLite has no such
    /// column, and a single node never changes owner.
    pub intent_key: Option<String>,
    /// Set with `finish` when this game decides a rated result (docs/ratings.md): both ratings change in the
    /// same transaction as the last intent and the result, so the result is rated once or not at all.
    pub rated: Option<super::ratings::RatedGame>,
}

/// Appends every row at once (group commit): one statement, one commit, for many rooms' intents, and says for
/// each row whether it landed. Unfenced rows always land (or the whole call fails); a fenced row (epoch > 0)
/// lands only while its room's lease still has that epoch and its owner node's lease has not expired. Runs on
/// the caller's held connection (the persist writer's own, [`Conn`]).
pub async fn append_batch(conn: &mut Conn, rows: &[AppendRow]) -> Result<Vec<bool>, sqlx::Error> {
    if let Conn::Pg(pg) = conn
        && rows.iter().any(|r| r.epoch > 0)
    {
        return fenced_append(pg, rows).await;
    }
    plain_append(conn, rows).await.map(|()| vec![true; rows.len()])
}

/// A single INSERT is atomic on its own, so a transaction is opened only when a row also finishes its match.
async fn plain_append(conn: &mut Conn, rows: &[AppendRow]) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let finishing = rows.iter().any(|r| r.finish.is_some());
    with_conn!(conn, p => {
        let mut q = sqlx::QueryBuilder::new(
            "INSERT INTO match_intents (match_id, version, seat, intent_json, created_at, meta_json) ");
        q.push_values(rows, |mut b, r| {
            b.push_bind(&r.match_id).push_bind(r.version).push_bind(r.seat).push_bind(&r.intent_json)
                .push_bind(now).push_bind(&r.meta_json);
        });
        if !finishing {
            return q.build().execute(&mut *p).await.map(|_| ());
        }
        let mut tx = p.begin().await?;
        q.build().execute(&mut *tx).await?;
        for r in rows {
            if let Some(result) = &r.finish {
                sqlx::query(FINISH_SQL).bind(&r.match_id).bind(result).bind(now).execute(&mut *tx).await?;
            }
            if let Some(game) = &r.rated {
                RateOn::rate_game(&mut *tx, &r.match_id, game, now).await?;
            }
        }
        tx.commit().await
    })
}

/// The fenced append (docs/multi-node.md, "Fencing"): the lease row is read `FOR SHARE`, so a claim
/// (`epoch + 1`) waits for this statement and a statement racing a claim re-checks the row and inserts nothing
/// (a join without the row lock let a late zombie commit land after the new owner read the log). Duplicates
/// and stale epochs are skipped, not errors, so one room's fenced row never aborts the others' batch; a row
/// missing from `RETURNING` did not land.
async fn fenced_append(pg: &mut sqlx::PgConnection, rows: &[AppendRow]) -> Result<Vec<bool>, sqlx::Error> {
    let now = now_ms();
    let mut q = sqlx::QueryBuilder::new(
        "INSERT INTO match_intents (match_id, version, seat, intent_json, created_at, meta_json, epoch, intent_key) \
         SELECT v.match_id, v.version, v.seat, v.intent_json, v.created_at, v.meta_json, v.epoch, v.intent_key FROM (",
    );
    q.push_values(rows, |mut b, r| {
        b.push_bind(&r.match_id)
            .push_bind(r.version)
            .push_bind(r.seat)
            .push_bind(&r.intent_json)
            .push_bind(now)
            .push_bind(&r.meta_json)
            .push_bind(r.epoch)
            .push_bind(&r.intent_key);
    });
    q.push(
        ") AS v (match_id, version, seat, intent_json, created_at, meta_json, epoch, intent_key) \
         JOIN matches m ON m.id = v.match_id \
         JOIN room_leases l ON l.room_id = m.room AND l.epoch = v.epoch ",
    );
    q.push(super::lease_held!());
    q.push(" FOR SHARE OF l ON CONFLICT DO NOTHING RETURNING match_id, version");
    // One statement is one transaction of its own, its row lock held to its commit: a group that finishes no
    // match takes one round trip, not three (BEGIN, INSERT, COMMIT were ~2/3 of a cluster node's appends).
    if rows.iter().all(|r| r.finish.is_none()) {
        let landed: Vec<(String, i64)> = q.build_query_as().fetch_all(&mut *pg).await?;
        return Ok(which_landed(rows, &landed));
    }
    let mut tx = pg.begin().await?;
    let landed: Vec<(String, i64)> = q.build_query_as().fetch_all(&mut *tx).await?;
    let landed = which_landed(rows, &landed);
    for (r, _) in rows.iter().zip(&landed).filter(|(_, did)| **did) {
        if let Some(result) = &r.finish {
            sqlx::query(FINISH_SQL).bind(&r.match_id).bind(result).bind(now).execute(&mut *tx).await?;
        }
        if let Some(game) = &r.rated {
            RateOn::rate_game(&mut *tx, &r.match_id, game, now).await?;
        }
    }
    tx.commit().await?;
    Ok(landed)
}

/// Per row, whether `RETURNING` named it (a row it does not name was fenced or a duplicate).
fn which_landed(rows: &[AppendRow], returned: &[(String, i64)]) -> Vec<bool> {
    rows.iter().map(|r| returned.iter().any(|(m, v)| *m == r.match_id && *v == r.version)).collect()
}

/// The version an intent with this idempotency key became in any game of `room` (cluster mode, PostgreSQL):
/// a relay's retry after an owner change is answered with it instead of being applied again. The key is unique
/// per match (`match_intents_key_idx`), and carries a random per-process node id, so one room has it at most once.
pub async fn intent_by_key(db: &Db, room: &str, key: &str) -> Result<Option<i64>, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(None) };
    let sql = "SELECT i.version FROM match_intents i JOIN matches m ON m.id = i.match_id \
               WHERE m.room = $1 AND i.intent_key = $2";
    let row: Option<(i64,)> = sqlx::query_as(sql).bind(room).bind(key).fetch_optional(pool).await?;
    Ok(row.map(|r| r.0))
}

/// Closes a match in the same transaction as its last intent.
const FINISH_SQL: &str = concat!(
    "UPDATE matches SET status = ",
    sql_status!(MatchStatus::Finished),
    ", result_json = $2, updated_at = $3 WHERE id = $1"
);

/// The games of a room, oldest first.
pub async fn room_matches(db: &Db, room: &str) -> Result<Vec<MatchRow>, sqlx::Error> {
    let sql = "SELECT id, room, seed_hash, setup_json, status, result_json, created_at, updated_at FROM matches \
               WHERE room = $1 ORDER BY created_at, id";
    with_pool!(db, p => sqlx::query_as::<_, MatchRow>(sql).bind(room).fetch_all(p).await)
}

/// The clock metadata stored with the last accepted intent of a match.
pub async fn last_meta(db: &Db, match_id: &str) -> Result<Option<String>, sqlx::Error> {
    let sql = "SELECT meta_json FROM match_intents WHERE match_id = $1 ORDER BY version DESC LIMIT 1";
    let row: Option<(Option<String>,)> =
        with_pool!(db, p => sqlx::query_as(sql).bind(match_id).fetch_optional(p).await)?;
    Ok(row.and_then(|r| r.0))
}

/// One accepted intent with its clock metadata and when it was written (recovery rebuilds frames and the
/// spectator delay from these).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LogRow {
    pub version: i64,
    pub seat: i64,
    pub intent_json: String,
    pub meta_json: Option<String>,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// The whole log of a match, in order.
pub async fn log_with_meta(db: &Db, match_id: &str) -> Result<Vec<LogRow>, sqlx::Error> {
    let sql = "SELECT version, seat, intent_json, meta_json, created_at FROM match_intents \
               WHERE match_id = $1 ORDER BY version";
    with_pool!(db, p => sqlx::query_as::<_, LogRow>(sql).bind(match_id).fetch_all(p).await)
}

/// When the match last moved: its last intent's time, or its start (ms since the Unix epoch).
pub async fn last_activity_ms(db: &Db, match_id: &str) -> Result<Option<i64>, sqlx::Error> {
    let sql = "SELECT COALESCE((SELECT MAX(created_at) FROM match_intents WHERE match_id = $1), \
               (SELECT created_at FROM matches WHERE id = $1))";
    let row: Option<(Option<i64>,)> = with_pool!(db, p => sqlx::query_as(sql).bind(match_id).fetch_optional(p).await)?;
    Ok(row.and_then(|r| r.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::GameEndReason;
    use gb_core::Seat;

    /// A game's setup as written before it was typed, its seed in hex.
    fn setup_text() -> String {
        format!(r#"{{"setup":{{"decks":[],"seed":"{}","chooser":"B"}},"nonce":"ab"}}"#, "07".repeat(32))
    }

    async fn read(setup: &str, result: Option<&str>) -> Result<MatchRow, sqlx::Error> {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        sqlx::query_as(
            "SELECT 'm1' AS id, 'r1' AS room, 'h' AS seed_hash, $1 AS setup_json, 'finished' AS status, \
             $2 AS result_json, 0 AS created_at, 0 AS updated_at",
        )
        .bind(setup)
        .bind(result)
        .fetch_one(&pool)
        .await
    }

    #[tokio::test]
    async fn a_game_stored_today_reads_typed_and_writes_back_the_same_text() {
        let places = r#"{"winner":"C","reason":"last_standing","places":["C","A","B"]}"#;
        let row = read(&setup_text(), Some(places)).await.unwrap();
        assert_eq!((row.setup.setup.chooser, row.setup.nonce.as_str()), (Some(Seat::B), "ab"));
        let result = row.result.as_ref().expect("finished");
        assert_eq!((result.winner, result.reason), (Some(Seat::C), GameEndReason::LastStanding));
        assert_eq!(result.places.as_deref(), Some(&[Seat::C, Seat::A, Seat::B][..]));
        assert_eq!(row.columns().unwrap(), (setup_text(), Some(places.to_owned())));
        let drawn = r#"{"winner":null,"reason":"drawn"}"#;
        let row = read(&setup_text(), Some(drawn)).await.unwrap();
        assert_eq!(row.result.as_ref().map(|r| (r.winner, r.reason)), Some((None, GameEndReason::Drawn)));
        assert_eq!(row.columns().unwrap().1.as_deref(), Some(drawn));
        let playing = read(&setup_text(), None).await.unwrap();
        assert!(playing.result.is_none());
        assert_eq!(playing.columns().unwrap().1, None);
    }

    #[tokio::test]
    async fn a_setup_stored_with_an_integer_seed_still_reads() {
        let row = read(r#"{"setup":{"decks":[],"seed":77},"nonce":"00"}"#, None).await.unwrap();
        assert_eq!((row.setup.setup.seed, row.setup.setup.chooser), (gb_core::Seed::from_u64(77), None));
    }

    #[tokio::test]
    async fn a_malformed_column_is_a_decode_error_naming_it() {
        let cases =
            [("{oops".to_owned(), None, "setup_json"), (setup_text(), Some(r#"{"winner":"A"}"#), "result_json")];
        for (setup, result, column) in cases {
            let e = read(&setup, result).await.unwrap_err();
            assert!(matches!(e, sqlx::Error::ColumnDecode { ref index, .. } if index.contains(column)), "{e}");
        }
    }
}
