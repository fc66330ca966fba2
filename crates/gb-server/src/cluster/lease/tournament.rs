//! Event leases (docs/multi-node.md, "Tournaments"): each tournament has one owner node, recorded in
//! `event_leases` with an epoch (the fencing token of every write the event makes, db/fence.rs) and
//! expiring with its owner's node row, like a room's lease (claims, releases and sweeps share mod.rs's SQL). Only the owner runs the event's actor:
//! pairs rounds, opens its tables' rooms, records results. Other nodes forward commands to it over NATS
//! (api/tournament_calls.rs).
use super::{PLACEMENT_GRACE, TOURNAMENTS, pool, safe};
use crate::cluster::Owner;
use crate::db::Db;

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
    Ok(TOURNAMENTS.claim(db, event, node).await?.map(|c| c.epoch))
}

/// Gives the event up (drain, stand-down) if this claim still holds it; `placed_on` claims it first.
pub async fn release(
    db: &Db,
    event: &str,
    node: &str,
    epoch: i64,
    placed_on: Option<&str>,
) -> Result<bool, sqlx::Error> {
    TOURNAMENTS.release(db, event, (node, epoch), None, placed_on).await
}

/// The event's live owner, if any; `Ok(None)` also when the event has no lease row.
pub async fn owner_of(db: &Db, event: &str) -> Result<Option<Owner>, sqlx::Error> {
    TOURNAMENTS.owner_of(db, event).await
}

/// Whether `event` has a lease row (every stored event has one in cluster mode).
pub async fn exists(db: &Db, event: &str) -> Result<bool, sqlx::Error> {
    TOURNAMENTS.exists(db, event).await
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

/// Events this node could claim now (owner released or expired), as rooms are found (mod.rs `orphans_sql`).
pub async fn orphans(db: &Db, me: &str) -> Result<Vec<String>, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(Vec::new()) };
    sqlx::query_scalar(safe(TOURNAMENTS.orphans_sql("", "")))
        .bind(me)
        .bind(PLACEMENT_GRACE.as_secs_f64())
        .fetch_all(pool)
        .await
}

/// The key an event's lease has in the node's owned map (cluster/mod.rs), beside its rooms': a drain or a
/// self-fence stops events and rooms alike.
pub fn owned_key(event: &str) -> String {
    format!("event:{event}")
}
