//! `play_queue` rows (docs/protocol.md, "Play now"): a waiting player's place, kept by their heartbeat. The
//! matcher's claim of pairs is queue/claim.rs.
use super::json::{self, JsonText};
use super::{Db, now_ms, with_pool};
use gb_core::DeckList;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct QueueRow {
    pub account_id: String,
    pub display_name: String,
    pub format: String,
    pub rated: i64,
    #[sqlx(rename = "deck_json", try_from = "JsonText<DeckList>")]
    pub deck: DeckList,
    pub rating: f64,
    pub computer_after_ms: Option<i64>,
    pub joined_at: i64,
    pub expires_at: i64,
    pub room_id: Option<String>,
    pub opponent: Option<String>,
    pub matched_at: Option<i64>,
    pub seated: i64,
}

/// Every column of a [`QueueRow`], as a literal for `concat!` (sqlx takes only static SQL).
macro_rules! queue_columns {
    () => {
        "account_id, display_name, format, rated, deck_json, rating, computer_after_ms, joined_at, expires_at, \
         room_id, opponent, matched_at, seated"
    };
}
pub(crate) use queue_columns;

/// Puts the player in the queue, or starts their search again (a new format, deck, or after a match).
pub async fn join(db: &Db, r: &QueueRow) -> Result<(), sqlx::Error> {
    let sql = "INSERT INTO play_queue (account_id, display_name, format, rated, deck_json, rating, computer_after_ms, \
               joined_at, expires_at, room_id, opponent, matched_at, seated) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL, NULL, 0) \
               ON CONFLICT (account_id) DO UPDATE SET display_name = excluded.display_name, \
               format = excluded.format, rated = excluded.rated, deck_json = excluded.deck_json, \
               rating = excluded.rating, computer_after_ms = excluded.computer_after_ms, \
               joined_at = excluded.joined_at, expires_at = excluded.expires_at, room_id = NULL, opponent = NULL, \
               matched_at = NULL, seated = 0";
    with_pool!(db, p => sqlx::query(sql).bind(&r.account_id).bind(&r.display_name).bind(&r.format).bind(r.rated)
        .bind(json::encode(&r.deck)?).bind(r.rating).bind(r.computer_after_ms).bind(r.joined_at).bind(r.expires_at)
        .execute(p).await.map(|_| ()))
}

/// Leaves the queue; a player already matched has a room to go to instead (`Ok(false)`, the row is kept).
pub async fn leave(db: &Db, account_id: &str) -> Result<Option<bool>, sqlx::Error> {
    let Some(row) = find(db, account_id).await? else { return Ok(None) };
    if row.room_id.is_some() {
        return Ok(Some(false));
    }
    let sql = "DELETE FROM play_queue WHERE account_id = $1 AND room_id IS NULL";
    let n = with_pool!(db, p => sqlx::query(sql).bind(account_id).execute(p).await.map(|r| r.rows_affected()))?;
    Ok(Some(n > 0))
}

pub async fn find(db: &Db, account_id: &str) -> Result<Option<QueueRow>, sqlx::Error> {
    let sql = concat!("SELECT ", queue_columns!(), " FROM play_queue WHERE account_id = $1");
    with_pool!(db, p => sqlx::query_as::<_, QueueRow>(sql).bind(account_id).fetch_optional(p).await)
}

/// The heartbeat: a waiting player's place is kept until `expires_at`. The row as it is now, if any.
pub async fn beat(db: &Db, account_id: &str, expires_at: i64) -> Result<Option<QueueRow>, sqlx::Error> {
    let sql = "UPDATE play_queue SET expires_at = $2 WHERE account_id = $1 AND room_id IS NULL AND expires_at > $3";
    with_pool!(db, p => sqlx::query(sql).bind(account_id).bind(expires_at).bind(now_ms()).execute(p).await.map(|_| ()))?;
    find(db, account_id).await
}

/// Players waiting (not matched, not expired) in `format`.
pub async fn looking(db: &Db, format: &str) -> Result<i64, sqlx::Error> {
    let sql = "SELECT COUNT(*) FROM play_queue WHERE format = $1 AND room_id IS NULL AND expires_at > $2";
    let (n,): (i64,) = with_pool!(db, p => sqlx::query_as(sql).bind(format).bind(now_ms()).fetch_one(p).await)?;
    Ok(n)
}

/// The matcher seated the player in their room (or the player's own call did, after the matcher's node died).
pub async fn mark_seated(db: &Db, account_id: &str, room_id: &str) -> Result<(), sqlx::Error> {
    let sql = "UPDATE play_queue SET seated = 1 WHERE account_id = $1 AND room_id = $2";
    with_pool!(db, p => sqlx::query(sql).bind(account_id).bind(room_id).execute(p).await.map(|_| ()))
}
