//! Event leases (docs/multi-node.md, "Tournaments"): each tournament has one owner node, recorded in
//! `event_leases` with an epoch (the fencing token of every write the event makes, db/tournament_fence.rs) and
//! expiring with its owner's node row, like a room's lease (lease.rs). Only the owner runs the event's actor:
//! pairs rounds, opens its tables' rooms, records results. Other nodes forward commands to it over NATS
//! (api/tournament_calls.rs).
use super::Owner;
use crate::db::Db;

fn pool(db: &Db) -> &sqlx::PgPool {
    match db {
        Db::Pg(p) => p,
        Db::Sqlite(_) => unreachable!("cluster mode refuses SQLite at startup"),
    }
}

/// A new event, owned by the node that created it (epoch 1).
pub async fn created(db: &Db, event: &str, node: &str) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO event_leases (event_id, owner_node, epoch, claimed_at) VALUES ($1, $2, 1, clock_timestamp())",
    )
    .bind(event)
    .bind(node)
    .execute(pool(db))
    .await?;
    Ok(1)
}

/// Claims `event` for `node` if nobody holds it (released, or its owner's node lease has expired): `epoch + 1`.
/// The row lock serializes claimers, and waits for the old owner's writes in flight (they hold it `FOR SHARE`).
pub async fn claim(db: &Db, event: &str, node: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "WITH prev AS (SELECT event_id FROM event_leases WHERE event_id = $1 FOR UPDATE) \
         UPDATE event_leases l SET owner_node = $2, epoch = l.epoch + 1, claimed_at = clock_timestamp(), \
           placed_on = NULL \
         FROM prev WHERE l.event_id = prev.event_id AND (l.owner_node IS NULL OR NOT EXISTS \
           (SELECT 1 FROM nodes n WHERE n.node_id = l.owner_node AND n.expires_at > clock_timestamp())) \
         RETURNING l.epoch",
    )
    .bind(event)
    .bind(node)
    .fetch_optional(pool(db))
    .await
}

/// Gives the event up (drain, stand-down) if this claim still holds it; `placed_on` claims it first.
pub async fn release(
    db: &Db,
    event: &str,
    node: &str,
    epoch: i64,
    placed_on: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE event_leases SET owner_node = NULL, released_at = clock_timestamp(), placed_on = $4, \
         placed_at = clock_timestamp() WHERE event_id = $1 AND owner_node = $2 AND epoch = $3",
    )
    .bind(event)
    .bind(node)
    .bind(epoch)
    .bind(placed_on)
    .execute(pool(db))
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The event's live owner, if any; `Ok(None)` also when the event has no lease row.
pub async fn owner_of(db: &Db, event: &str) -> Result<Option<Owner>, sqlx::Error> {
    super::live_owner(
        db,
        "SELECT l.owner_node, l.epoch FROM event_leases l JOIN nodes n ON n.node_id = l.owner_node \
         WHERE l.event_id = $1 AND n.expires_at > clock_timestamp()",
        event,
    )
    .await
}

/// Whether `event` has a lease row (every stored event has one in cluster mode).
pub async fn exists(db: &Db, event: &str) -> Result<bool, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(false) };
    let row: Option<(i32,)> =
        sqlx::query_as("SELECT 1 FROM event_leases WHERE event_id = $1").bind(event).fetch_optional(pool).await?;
    Ok(row.is_some())
}

/// Events from single-node days (or created before this migration) get a lease row, unowned, for the sweep.
pub async fn lease_unleased(db: &Db) -> Result<u64, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(0) };
    let done =
        sqlx::query("INSERT INTO event_leases (event_id) SELECT id FROM tournaments ON CONFLICT (event_id) DO NOTHING")
            .execute(pool)
            .await?;
    Ok(done.rows_affected())
}

/// Events this node could claim now (owner released or expired), its own placements first, another node's
/// placement only once that node is gone or has let it lie for `PLACEMENT_GRACE`; at most
/// `⌈orphans / live nodes⌉` per sweep, so a dead node's events spread out (as rooms do, sweep.rs).
pub async fn orphans(db: &Db, me: &str) -> Result<Vec<String>, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(Vec::new()) };
    sqlx::query_scalar(
        "WITH o AS ( \
           SELECT l.event_id, l.placed_on FROM event_leases l \
           WHERE (l.owner_node IS NULL OR NOT EXISTS (SELECT 1 FROM nodes n \
                WHERE n.node_id = l.owner_node AND n.expires_at > clock_timestamp())) \
           AND (l.placed_on IS NULL OR l.placed_on = $1 \
                OR l.placed_at < clock_timestamp() - make_interval(secs => $2) \
                OR NOT EXISTS (SELECT 1 FROM nodes p \
                WHERE p.node_id = l.placed_on AND p.state = 'live' AND p.expires_at > clock_timestamp()))), \
         live AS (SELECT greatest(count(*), 1) AS n FROM nodes \
                  WHERE state = 'live' AND expires_at > clock_timestamp()) \
         SELECT event_id FROM o ORDER BY (placed_on IS NOT DISTINCT FROM $1) DESC, random() \
         LIMIT (SELECT ceil((SELECT count(*) FROM o)::float8 / (SELECT n FROM live))::bigint)",
    )
    .bind(me)
    .bind(super::lease::PLACEMENT_GRACE.as_secs_f64())
    .fetch_all(pool)
    .await
}

/// The key an event's lease has in the node's owned map (cluster/mod.rs), beside its rooms': a drain or a
/// self-fence stops events and rooms alike.
pub fn owned_key(event: &str) -> String {
    format!("event:{event}")
}
