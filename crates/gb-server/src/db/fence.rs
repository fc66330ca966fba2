//! The room owner's writes besides intent appends, fenced in cluster mode (docs/multi-node.md, "Fencing"): its
//! seats and status (`rooms`) and a new game's `matches` row. Each lands only while the room's lease still has
//! the writer's epoch and its owner node's lease has not expired, with the lease row read `FOR SHARE`, as the
//! fenced append does (matches.rs): a claim waits for a write in flight, and a write racing a claim re-checks
//! the row and writes nothing. `Ok(false)` = fenced: another node owns the room.
use super::matches::MatchRow;
use super::status::RoomRowStatus;
use super::status::sql_status;
use super::{lease_held, now_ms};
use sqlx::PgPool;

/// `rooms.seats_json` and `status`, under lease `epoch`.
pub async fn update_room(
    pool: &PgPool,
    id: &str,
    seats_json: &str,
    status: RoomRowStatus,
    epoch: i64,
) -> Result<bool, sqlx::Error> {
    let sql = concat!(
        "WITH held AS (SELECT l.room_id FROM room_leases l ",
        lease_held!(),
        " WHERE l.room_id = $1 AND l.epoch = $5 FOR SHARE OF l) \
         UPDATE rooms SET seats_json = $2, status = $3, updated_at = $4 WHERE id IN (SELECT room_id FROM held)"
    );
    let done = sqlx::query(sql)
        .bind(id)
        .bind(seats_json)
        .bind(status.as_str())
        .bind(now_ms())
        .bind(epoch)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A game's row finished with its result outside the intent log (a draw, room/leaving.rs), under lease `epoch`.
pub async fn finish_match(
    pool: &PgPool,
    room: &str,
    match_id: &str,
    result_json: &str,
    epoch: i64,
) -> Result<bool, sqlx::Error> {
    let sql = concat!(
        "WITH held AS (SELECT l.room_id FROM room_leases l ",
        lease_held!(),
        " WHERE l.room_id = $5 AND l.epoch = $4 FOR SHARE OF l) \
         UPDATE matches SET status = ",
        sql_status!(MatchStatus::Finished),
        ", result_json = $2, updated_at = $3 WHERE id = $1 AND room IN (SELECT room_id FROM held)"
    );
    let done =
        sqlx::query(sql).bind(match_id).bind(result_json).bind(now_ms()).bind(epoch).bind(room).execute(pool).await?;
    Ok(done.rows_affected() == 1)
}

/// A new game's row, under lease `epoch`.
pub async fn insert_match(pool: &PgPool, row: &MatchRow, epoch: i64) -> Result<bool, sqlx::Error> {
    let sql = concat!(
        "INSERT INTO matches (id, room, seed_hash, setup_json, status, result_json, created_at, updated_at) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8 FROM room_leases l ",
        lease_held!(),
        " WHERE l.room_id = $2 AND l.epoch = $9 FOR SHARE OF l"
    );
    let done = sqlx::query(sql)
        .bind(&row.id)
        .bind(&row.room)
        .bind(&row.seed_hash)
        .bind(&row.setup_json)
        .bind(row.status.as_str())
        .bind(&row.result_json)
        .bind(row.created_at)
        .bind(row.updated_at)
        .bind(epoch)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
