//! Counts behind the per-account quotas (`api/quota.rs`): `room_creators` rows (who made which room) for open
//! rooms, `tournaments.organizer_id` for open events.
use super::status::sql_status;
use super::{Db, now_ms, with_pool};

/// How long a claim counts before its room row exists (the create call writes the room right after the claim).
const CLAIM_GRACE_MS: i64 = 60_000;

/// Rooms `account_id` created that are not over: waiting for a player or playing, or claimed a moment ago.
pub async fn open_rooms_created_by(db: &Db, account_id: &str) -> Result<i64, sqlx::Error> {
    let since = now_ms() - CLAIM_GRACE_MS;
    with_pool!(db, p => sqlx::query_scalar::<_, i64>(concat!(
        "SELECT COUNT(*) FROM room_creators c LEFT JOIN rooms r ON r.id = c.room_id WHERE c.account_id = $1 AND (r.status IN ",
        sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing), " OR (r.id IS NULL AND c.created_at > $2))"))
        .bind(account_id).bind(since).fetch_one(p).await)
}

pub async fn record_creator(db: &Db, room_id: &str, account_id: &str) -> Result<(), sqlx::Error> {
    with_pool!(db, p => sqlx::query("INSERT INTO room_creators (room_id, account_id, created_at) VALUES ($1, $2, $3)")
        .bind(room_id).bind(account_id).bind(now_ms())
        .execute(p).await.map(|_| ()))
}

/// Tournaments `account_id` organizes that are not finished.
pub async fn open_events_organized_by(db: &Db, account_id: &str) -> Result<i64, sqlx::Error> {
    with_pool!(db, p => sqlx::query_scalar::<_, i64>(concat!(
        "SELECT COUNT(*) FROM tournaments WHERE organizer_id = $1 AND status <> ", sql_status!(EventStatus::Finished)))
        .bind(account_id).fetch_one(p).await)
}
