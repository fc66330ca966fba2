//! The orphan sweep: every sweep interval a node claims rooms nobody holds (released by a drain, placed on it
//! at creation, or left by a node whose lease expired); the room side (room/adopt.rs) rebuilds each from its log
//! with the supervisor's function (`room::recover::load_room`) and runs it. Rooms placed on another live node are left to it for a
//! second (`lease::PLACEMENT_GRACE`), then taken by whichever sweep comes first; each node takes at most its fair share per round (orphans / live nodes), so a dead node's rooms spread out.
use super::Cluster;
use crate::db::Db;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// Rooms a node could claim now, its own placements first; at most `⌈orphans / live nodes⌉` of them. Another
/// node's placement counts once that node is gone or has let it lie for `PLACEMENT_GRACE` (lease.rs).
pub async fn orphans(db: &Db, me: &str) -> Result<Vec<String>, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(Vec::new()) };
    // The same rooms a restarted single node brings back (db/rooms.rs `recent_rooms`): unfinished ones, and
    // finished ones of the last day (they may rematch; idle eviction deletes their lease). A tournament table's
    // room is left to its event's owner, which claims it with the event (tournament/tables.rs) and watches it.
    let rows: Vec<(String,)> = sqlx::query_as(concat!(
        "WITH o AS ( \
           SELECT l.room_id, l.placed_on FROM room_leases l JOIN rooms r ON r.id = l.room_id \
           WHERE (r.status IN ",
        crate::db::status::sql_status!(RoomRowStatus::Waiting | RoomRowStatus::Playing),
        " OR (r.status = ",
        crate::db::status::sql_status!(RoomRowStatus::Finished),
        " AND r.updated_at > $2)) \
           AND (l.owner_node IS NULL OR NOT EXISTS (SELECT 1 FROM nodes n \
                WHERE n.node_id = l.owner_node AND n.expires_at > clock_timestamp())) \
           AND (l.placed_on IS NULL OR l.placed_on = $1 \
                OR l.placed_at < clock_timestamp() - make_interval(secs => $3) \
                OR NOT EXISTS (SELECT 1 FROM nodes p \
                WHERE p.node_id = l.placed_on AND p.state = 'live' AND p.expires_at > clock_timestamp())) \
           AND NOT EXISTS (SELECT 1 FROM tournament_pairings tp JOIN event_leases e ON e.event_id = tp.tournament_id \
                WHERE tp.room_id = l.room_id AND e.owner_node IS DISTINCT FROM $1)), \
         live AS (SELECT greatest(count(*), 1) AS n FROM nodes \
                  WHERE state = 'live' AND expires_at > clock_timestamp()) \
         SELECT room_id FROM o ORDER BY (placed_on IS NOT DISTINCT FROM $1) DESC, random() \
         LIMIT (SELECT ceil((SELECT count(*) FROM o)::float8 / (SELECT n FROM live))::bigint)"
    ))
    .bind(me)
    .bind(crate::db::now_ms() - 24 * 3600 * 1000)
    .bind(super::lease::PLACEMENT_GRACE.as_secs_f64())
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// One sweep loop for rooms (room/adopt.rs) and events (tournament/lease.rs): every `sweep_ms` until `shutdown`, the
/// orphans this node may take (`find`, given the node id), each handed to `claim`. Skipped while the node
/// drains or its own lease is in doubt (its self-fence is due): a claim then would only be stood down.
pub async fn every_sweep<Found, Claimed>(
    cluster: &Cluster,
    shutdown: &CancellationToken,
    what: &'static str,
    find: impl Fn(String) -> Found,
    claim: impl Fn(String, String) -> Claimed,
) where
    Found: Future<Output = Result<Vec<String>, sqlx::Error>>,
    Claimed: Future<Output = ()>,
{
    let mut tick = tokio::time::interval(Duration::from_millis(cluster.settings.sweep_ms));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => break,
            _ = tick.tick() => {}
        }
        if cluster.is_draining() || cluster.fence_due(Instant::now()) {
            continue;
        }
        let me = cluster.node_id();
        match find(me.clone()).await {
            Ok(orphans) => {
                for id in orphans {
                    claim(id, me.clone()).await;
                }
            }
            Err(e) => tracing::warn!(what, error = %e, "orphan sweep failed"),
        }
    }
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
