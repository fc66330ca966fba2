//! Room leases (docs/multi-node.md): what only rooms do with theirs (mod.rs has what they share with
//! tournaments): the clocks a drain hands over, placement on the least-loaded node, the lobby's directory, and
//! deletion when a room closes for good. Every append of the owner carries the epoch (db/matches.rs
//! `fenced_append`), its other writes too (db/fence.rs).
use super::{PLACEMENT_GRACE, ROOMS, pool, safe};
use crate::db::Db;
use crate::protocol::Clocks;
use serde::{Deserialize, Serialize};

/// What a draining owner leaves in `room_leases.handover_json`: the clocks settled at release, for the game
/// and version they belong to (a claimer restores them only if the log is still there).
#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Handover {
    pub match_id: String,
    pub version: u32,
    pub clocks: Clocks,
}

impl Handover {
    fn to_json(&self) -> Option<String> {
        serde_json::to_string(self).ok()
    }

    /// `None` for anything else in the column: unlike a room's or a game's row, a handover that does not read
    /// fails nothing (the claim has already landed), and the rebuild's own clocks stand.
    fn from_json(json: &str) -> Option<Handover> {
        serde_json::from_str(json).ok()
    }
}

/// A successful claim: the new epoch, and what the previous owner left behind.
#[derive(Debug)]
pub struct Claimed {
    pub epoch: i64,
    /// Clocks settled by a draining owner, restored exactly (docs/multi-node.md, "Clocks").
    pub handover: Option<Handover>,
    /// The last heartbeat of the previous owner, if it died holding the lease (ms since the Unix epoch).
    pub prev_heartbeat_ms: Option<i64>,
    /// Seconds between the previous owner's lease expiry and this claim (database clock); `None` if released.
    pub takeover_secs: Option<f64>,
}

impl Claimed {
    pub(super) fn new(epoch: i64, handover_json: Option<String>, hb: Option<i64>, takeover: Option<f64>) -> Claimed {
        // A released lease has no owner (so no heartbeat): nothing to charge, no takeover to time. A handover
        // that does not read is still one (its owner drained), so no outage is charged either.
        let died = handover_json.is_none() && hb.is_some();
        Claimed {
            epoch,
            handover: handover_json.as_deref().and_then(Handover::from_json),
            prev_heartbeat_ms: hb.filter(|_| died),
            takeover_secs: takeover.filter(|_| died),
        }
    }
}

/// Claims `room` for `node` if nobody holds it (mod.rs `Kind::claim`).
pub async fn claim(db: &Db, room: &str, node: &str) -> Result<Option<Claimed>, sqlx::Error> {
    ROOMS.claim(db, room, node).await
}

/// Gives the room up (drain, stand-down) if this claim still holds it: the owner clears, the clocks it settled
/// travel in `handover_json`, and `placed_on` names who should claim it first. False if the lease had moved on.
pub async fn release(
    db: &Db,
    room: &str,
    node: &str,
    epoch: i64,
    handover: Option<&Handover>,
    placed_on: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let handover = handover.and_then(Handover::to_json);
    ROOMS.release(db, room, (node, epoch), handover.as_deref(), placed_on).await
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
    ROOMS.exists(db, room).await
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

/// Rooms a node could claim now, its own placements first; at most `⌈orphans / live nodes⌉` of them
/// (mod.rs `orphans_sql`). The same rooms a restarted single node brings back (db/rooms.rs `recent_rooms`):
/// unfinished ones, and finished ones of the last day (they may rematch; idle eviction deletes their lease). A
/// tournament table's room is left to its event's owner, which claims it with the event (tournament/tables.rs)
/// and watches it.
pub async fn orphans(db: &Db, me: &str) -> Result<Vec<String>, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(Vec::new()) };
    let filter = concat!(
        "(r.status IN ",
        crate::db::status::sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing),
        " OR (r.status = ",
        crate::db::status::sql_status!(RoomRowStatus::Finished),
        " AND r.updated_at > $3)) \
         AND NOT EXISTS (SELECT 1 FROM tournament_pairings tp JOIN event_leases e ON e.event_id = tp.tournament_id \
              WHERE tp.room_id = l.room_id AND e.owner_node IS DISTINCT FROM $1) AND"
    );
    sqlx::query_scalar(safe(ROOMS.orphans_sql("JOIN rooms r ON r.id = l.room_id", filter)))
        .bind(me)
        .bind(PLACEMENT_GRACE.as_secs_f64())
        .bind(crate::db::now_ms() - 24 * 3600 * 1000)
        .fetch_all(pool)
        .await
}

/// Rooms a single node left behind (no lease row yet) get one, unowned, so the sweep claims them.
pub async fn lease_unleased(db: &Db) -> Result<u64, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(0) };
    let done = sqlx::query(concat!(
        "INSERT INTO room_leases (room_id) SELECT id FROM rooms WHERE status IN ",
        crate::db::status::sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing),
        " OR (status = ",
        crate::db::status::sql_status!(RoomRowStatus::Finished),
        " AND updated_at > $1) ON CONFLICT (room_id) DO NOTHING"
    ))
    .bind(crate::db::now_ms() - 24 * 3600 * 1000)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn handover() -> Handover {
        let clocks = Clocks { remaining_ms: vec![61_000, 58_500], bank_ms: vec![30_000, 12_000], running: None };
        Handover { match_id: "m1".into(), version: 17, clocks }
    }

    #[test]
    fn a_handover_survives_the_lease_row() {
        let h = handover();
        let json = h.to_json().expect("serializes");
        assert_eq!(Handover::from_json(&json), Some(h));
        assert_eq!(Handover::from_json("{\"clocks\":1}"), None);
    }

    #[test]
    fn a_claim_reads_the_handover_as_stored_today() {
        let stored = r#"{"match_id":"m1","version":17,"clocks":{"remaining_ms":[61000,58500],"bank_ms":[30000,12000],"running":null}}"#;
        assert_eq!(handover().to_json().as_deref(), Some(stored), "the column's text is unchanged");
        let claimed = Claimed::new(4, Some(stored.to_owned()), Some(1_000), Some(0.5));
        assert_eq!(claimed.handover, Some(handover()));
        assert_eq!((claimed.prev_heartbeat_ms, claimed.takeover_secs), (None, None), "a drain, not a death");
    }

    #[test]
    fn a_handover_that_does_not_read_is_no_clocks_and_no_death() {
        let claimed = Claimed::new(4, Some("{oops".to_owned()), Some(1_000), Some(0.5));
        assert_eq!(claimed.handover, None);
        assert_eq!((claimed.prev_heartbeat_ms, claimed.takeover_secs), (None, None));
        let died = Claimed::new(4, None, Some(1_000), Some(0.5));
        assert_eq!((died.prev_heartbeat_ms, died.takeover_secs), (Some(1_000), Some(0.5)));
    }
}
