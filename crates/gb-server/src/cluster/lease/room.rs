//! Room leases (docs/multi-node.md): a room's lease row names its owner node and the epoch of the claim, the
//! fencing token every append of that owner carries (db/matches.rs `fenced_append`). Claims and releases are
//! single statements judged on the database clock.
use crate::db::Db;

/// A successful claim: the new epoch, and what the previous owner left behind.
#[derive(Debug)]
pub struct Claimed {
    pub epoch: i64,
    /// Clocks settled by a draining owner, restored exactly (docs/multi-node.md, "Clocks").
    pub handover_json: Option<String>,
    /// The last heartbeat of the previous owner, if it died holding the lease (ms since the Unix epoch).
    pub prev_heartbeat_ms: Option<i64>,
    /// Seconds between the previous owner's lease expiry and this claim (database clock); `None` if released.
    pub takeover_secs: Option<f64>,
}

/// How long `placed_on` is a preference: a room its placed node has not claimed by then (a node alive in the
/// table but not sweeping: wedged, or its sweeps failing) is claimed by the next sweep of any node.
pub const PLACEMENT_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

fn pool(db: &Db) -> &sqlx::PgPool {
    match db {
        Db::Pg(p) => p,
        Db::Sqlite(_) => unreachable!("cluster mode refuses SQLite at startup"),
    }
}

/// Claims `room` for `node` if nobody holds it (released, or its owner's node lease has expired): `epoch + 1`.
/// The row lock makes two claimers serialize; the second re-checks the owner and gets nothing. The claim waits
/// for appends in flight under the old epoch (they hold the row `FOR SHARE`), and no later one can land.
pub async fn claim(db: &Db, room: &str, node: &str) -> Result<Option<Claimed>, sqlx::Error> {
    // epoch, handover_json, the previous owner's heartbeat (ms), seconds since its expiry
    type ClaimRow = (i64, Option<String>, Option<i64>, Option<f64>);
    let row: Option<ClaimRow> = sqlx::query_as(
        "WITH prev AS ( \
           SELECT l.room_id, l.handover_json, n.heartbeat_at, n.expires_at FROM room_leases l \
           LEFT JOIN nodes n ON n.node_id = l.owner_node WHERE l.room_id = $1 FOR UPDATE OF l) \
         UPDATE room_leases l SET owner_node = $2, epoch = l.epoch + 1, claimed_at = clock_timestamp(), \
           handover_json = NULL, placed_on = NULL \
         FROM prev WHERE l.room_id = prev.room_id AND (l.owner_node IS NULL OR NOT EXISTS \
           (SELECT 1 FROM nodes n WHERE n.node_id = l.owner_node AND n.expires_at > clock_timestamp())) \
         RETURNING l.epoch, prev.handover_json, \
           (extract(epoch FROM prev.heartbeat_at) * 1000)::bigint, \
           extract(epoch FROM clock_timestamp() - prev.expires_at)::float8",
    )
    .bind(room)
    .bind(node)
    .fetch_optional(pool(db))
    .await?;
    Ok(row.map(|(epoch, handover_json, hb, takeover)| {
        // A released lease has no owner (so no heartbeat): nothing to charge, no takeover to time.
        let died = handover_json.is_none() && hb.is_some();
        Claimed {
            epoch,
            handover_json,
            prev_heartbeat_ms: hb.filter(|_| died),
            takeover_secs: takeover.filter(|_| died),
        }
    }))
}

/// Gives the room up (drain, stand-down) if this claim still holds it: the owner clears, the clocks it settled
/// travel in `handover_json`, and `placed_on` names who should claim it first. False if the lease had moved on.
pub async fn release(
    db: &Db,
    room: &str,
    node: &str,
    epoch: i64,
    handover_json: Option<&str>,
    placed_on: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE room_leases SET owner_node = NULL, released_at = clock_timestamp(), handover_json = $4, \
         placed_on = $5, placed_at = clock_timestamp() WHERE room_id = $1 AND owner_node = $2 AND epoch = $3",
    )
    .bind(room)
    .bind(node)
    .bind(epoch)
    .bind(handover_json)
    .bind(placed_on)
    .execute(pool(db))
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The room has closed for good (idle eviction): its lease row goes, so no node ever claims it again.
pub async fn delete(db: &Db, room: &str, node: &str, epoch: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM room_leases WHERE room_id = $1 AND owner_node = $2 AND epoch = $3")
        .bind(room)
        .bind(node)
        .bind(epoch)
        .execute(pool(db))
        .await
        .map(|_| ())
}

/// The live, non-draining node with the lowest `rooms_owned / capacity`, other than `except`.
pub async fn least_loaded(db: &Db, except: Option<&str>) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT node_id FROM nodes WHERE state = 'live' AND expires_at > clock_timestamp() \
         AND node_id IS DISTINCT FROM $1 \
         ORDER BY rooms_owned::float8 / greatest(capacity, 1), random() LIMIT 1",
    )
    .bind(except)
    .fetch_optional(pool(db))
    .await?;
    Ok(row.map(|r| r.0))
}

/// Whether `room` has a lease row (a live room of the cluster, owned or about to be claimed).
pub async fn exists(db: &Db, room: &str) -> Result<bool, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(false) };
    let row: Option<(i32,)> =
        sqlx::query_as("SELECT 1 FROM room_leases WHERE room_id = $1").bind(room).fetch_optional(pool).await?;
    Ok(row.is_some())
}

/// Placement of a new room (no owner yet): its lease row names the least-loaded live node (or `fallback` if
/// none is known), whose sweeper claims it; after [`PLACEMENT_GRACE`] any node's sweep may (sweep.rs). Returns the
/// node chosen.
pub async fn place(db: &Db, room: &str, fallback: &str) -> Result<String, sqlx::Error> {
    let node = least_loaded(db, None).await?.unwrap_or_else(|| fallback.to_owned());
    sqlx::query("INSERT INTO room_leases (room_id, placed_on, placed_at) VALUES ($1, $2, clock_timestamp())")
        .bind(room)
        .bind(&node)
        .execute(pool(db))
        .await?;
    Ok(node)
}

/// A new room placed on `node` itself (a tournament table opened by its event's owner, tournament/tables.rs).
pub async fn place_on(db: &Db, room: &str, node: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO room_leases (room_id, placed_on, placed_at) VALUES ($1, $2, clock_timestamp())")
        .bind(room)
        .bind(node)
        .execute(pool(db))
        .await
        .map(|_| ())
}

/// Gives a room a lease row, unowned, if it has none (one idle eviction closed), so it can be claimed.
pub async fn ensure(db: &Db, room: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO room_leases (room_id) VALUES ($1) ON CONFLICT (room_id) DO NOTHING")
        .bind(room)
        .execute(pool(db))
        .await
        .map(|_| ())
}

/// The lobby's rooms in cluster mode (bus/lobby.rs): every public room waiting or playing that has a lease row,
/// with its owner if that node is live and awake (`None`: nobody holds it now, e.g. mid-takeover, or its owner
/// has not renewed for `awake_ms`: two missed heartbeats, dead or paused, so the lobby does not wait for its
/// answer). One query, on the database clock.
pub async fn public_rooms(db: &Db, awake_ms: u64) -> Result<Vec<(String, Option<String>)>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT r.id, n.node_id FROM rooms r JOIN room_leases l ON l.room_id = r.id \
         LEFT JOIN nodes n ON n.node_id = l.owner_node AND n.expires_at > clock_timestamp() \
           AND n.heartbeat_at > clock_timestamp() - make_interval(secs => $1) \
         WHERE r.status IN ",
        crate::db::status::sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing),
        " AND r.config_json::jsonb ->> 'visibility' = 'public'"
    ))
    .bind(awake_ms as f64 / 1000.0)
    .fetch_all(pool(db))
    .await
}
