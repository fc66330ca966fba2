//! `rooms` rows: what a restarted server needs to rebuild a room (its settings and seats) around its games.
use super::status::RoomRowStatus;
use super::status::sql_status;
use super::{Db, now_ms, with_pool};

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RoomRow {
    pub id: String,
    pub config_json: String,
    pub seats_json: String,
    #[sqlx(try_from = "String")]
    pub status: RoomRowStatus,
}

pub async fn insert_room(db: &Db, id: &str, config_json: &str, seats_json: &str) -> Result<(), sqlx::Error> {
    let now = now_ms();
    with_pool!(db, p => sqlx::query(concat!(
        "INSERT INTO rooms (id, config_json, seats_json, status, created_at, updated_at) VALUES ($1, $2, $3, ",
        sql_status!(RoomRowStatus::Waiting), ", $4, $4)"))
        .bind(id).bind(config_json).bind(seats_json).bind(now)
        .execute(p).await.map(|_| ()))
}

pub async fn update_room(db: &Db, id: &str, seats_json: &str, status: RoomRowStatus) -> Result<(), sqlx::Error> {
    with_pool!(db, p => sqlx::query("UPDATE rooms SET seats_json = $2, status = $3, updated_at = $4 WHERE id = $1")
        .bind(id).bind(seats_json).bind(status.as_str()).bind(now_ms())
        .execute(p).await.map(|_| ()))
}

pub async fn find_room(db: &Db, id: &str) -> Result<Option<RoomRow>, sqlx::Error> {
    with_pool!(db, p => sqlx::query_as::<_, RoomRow>("SELECT id, config_json, seats_json, status FROM rooms WHERE id = $1")
        .bind(id).fetch_optional(p).await)
}

/// Every room a restarted server must bring back. Finished rooms come back too (they may rematch), but only
/// those updated in the last day, so the list stays bounded; abandoned (idle, never started) rooms do not.
pub async fn recent_rooms(db: &Db) -> Result<Vec<RoomRow>, sqlx::Error> {
    let since = now_ms() - 24 * 3600 * 1000;
    with_pool!(db, p => sqlx::query_as::<_, RoomRow>(concat!(
        "SELECT id, config_json, seats_json, status FROM rooms WHERE status IN ",
        sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing), " OR (status = ",
        sql_status!(RoomRowStatus::Finished), " AND updated_at > $1) ORDER BY created_at"))
        .bind(since).fetch_all(p).await)
}
