//! Leases, rooms' and tournaments' alike (docs/multi-node.md): a lease row names its owner node and the epoch of
//! the claim, the fencing token every write of that owner carries (db/fence.rs), and expires with its owner's
//! node row. Claims and releases are single statements judged on the database clock. This file holds the SQL
//! both kinds share; room.rs and tournament.rs hold what only one of them does.
use super::Owner;
use crate::db::Db;

mod room;
pub mod tournament;

pub use room::{
    Claimed, Handover, claim, delete, ensure, exists, lease_unleased, least_loaded, orphans, place, place_on,
    public_rooms, release,
};

/// How long `placed_on` is a preference: a lease its placed node has not claimed by then (a node alive in the
/// table but not sweeping: wedged, or its sweeps failing) is claimed by the next sweep of any node.
pub const PLACEMENT_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// One kind of lease: its table and key column. Rooms' leases also carry the clocks a draining owner settled.
pub(crate) struct Kind {
    table: &'static str,
    key: &'static str,
    handover: bool,
}

pub(crate) const ROOMS: Kind = Kind { table: "room_leases", key: "room_id", handover: true };
pub(crate) const TOURNAMENTS: Kind = Kind { table: "event_leases", key: "event_id", handover: false };

/// Nobody holds the lease `l`: released, or its owner's node lease has expired (database clock).
const UNOWNED: &str = "(l.owner_node IS NULL OR NOT EXISTS \
     (SELECT 1 FROM nodes n WHERE n.node_id = l.owner_node AND n.expires_at > clock_timestamp()))";

/// Lease SQL is built from [`Kind`]'s constant table and column names only; every value is a bound parameter.
fn safe(sql: String) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(sql)
}

fn pool(db: &Db) -> &sqlx::PgPool {
    match db {
        Db::Pg(p) => p,
        Db::Sqlite(_) => unreachable!("cluster mode refuses SQLite at startup"),
    }
}

impl Kind {
    /// Claims the lease for `node` if nobody holds it: `epoch + 1`. The row lock makes two claimers serialize;
    /// the second re-checks the owner and gets nothing. The claim waits for writes in flight under the old
    /// epoch (they hold the row `FOR SHARE`, db/fence.rs), and no later one can land.
    pub(crate) async fn claim(&self, db: &Db, id: &str, node: &str) -> Result<Option<Claimed>, sqlx::Error> {
        let Kind { table, key, .. } = self;
        let (kept, cleared) = match self.handover {
            true => ("l.handover_json", "handover_json = NULL, "),
            false => ("NULL::text", ""),
        };
        let sql = format!(
            "WITH prev AS ( \
               SELECT l.{key}, {kept} AS handover_json, n.heartbeat_at, n.expires_at FROM {table} l \
               LEFT JOIN nodes n ON n.node_id = l.owner_node WHERE l.{key} = $1 FOR UPDATE OF l) \
             UPDATE {table} l SET owner_node = $2, epoch = l.epoch + 1, claimed_at = clock_timestamp(), \
               {cleared}placed_on = NULL \
             FROM prev WHERE l.{key} = prev.{key} AND {UNOWNED} \
             RETURNING l.epoch, prev.handover_json, \
               (extract(epoch FROM prev.heartbeat_at) * 1000)::bigint, \
               extract(epoch FROM clock_timestamp() - prev.expires_at)::float8"
        );
        // epoch, handover_json, the previous owner's heartbeat (ms), seconds since its expiry
        type ClaimRow = (i64, Option<String>, Option<i64>, Option<f64>);
        let row: Option<ClaimRow> = sqlx::query_as(safe(sql)).bind(id).bind(node).fetch_optional(pool(db)).await?;
        Ok(row.map(|(epoch, handover_json, hb, takeover)| Claimed::new(epoch, handover_json, hb, takeover)))
    }

    /// Gives the lease up (drain, stand-down) if this claim still holds it: the owner clears, `placed_on` names
    /// who should claim it first, and a room's settled clocks travel in `handover_json`. False if the lease had
    /// moved on.
    pub(crate) async fn release(
        &self,
        db: &Db,
        id: &str,
        (node, epoch): (&str, i64),
        handover_json: Option<&str>,
        placed_on: Option<&str>,
    ) -> Result<bool, sqlx::Error> {
        let Kind { table, key, .. } = self;
        let handover = if self.handover { ", handover_json = $5" } else { "" };
        let sql = format!(
            "UPDATE {table} SET owner_node = NULL, released_at = clock_timestamp(), placed_on = $4, \
             placed_at = clock_timestamp(){handover} WHERE {key} = $1 AND owner_node = $2 AND epoch = $3"
        );
        let q = sqlx::query(safe(sql)).bind(id).bind(node).bind(epoch).bind(placed_on);
        let q = if self.handover { q.bind(handover_json) } else { q };
        Ok(q.execute(pool(db)).await?.rows_affected() == 1)
    }

    /// Whether `id` has a lease row (a live room or tournament of the cluster, owned or about to be claimed).
    pub(crate) async fn exists(&self, db: &Db, id: &str) -> Result<bool, sqlx::Error> {
        let Db::Pg(pool) = db else { return Ok(false) };
        let sql = format!("SELECT 1 FROM {} WHERE {} = $1", self.table, self.key);
        let row: Option<(i32,)> = sqlx::query_as(safe(sql)).bind(id).fetch_optional(pool).await?;
        Ok(row.is_some())
    }

    /// The lease's live owner, if any; `Ok(None)` also without a lease row, and on a single node (SQLite).
    pub(crate) async fn owner_of(&self, db: &Db, id: &str) -> Result<Option<Owner>, sqlx::Error> {
        let Db::Pg(pool) = db else { return Ok(None) };
        let Kind { table, key, .. } = self;
        let sql = format!(
            "SELECT l.owner_node, l.epoch FROM {table} l JOIN nodes n ON n.node_id = l.owner_node \
             WHERE l.{key} = $1 AND n.expires_at > clock_timestamp()"
        );
        let row: Option<(String, i64)> = sqlx::query_as(safe(sql)).bind(id).fetch_optional(pool).await?;
        Ok(row.map(|(node, epoch)| Owner { node, epoch }))
    }

    /// What `me` could claim now (`also` narrows it: a join `scope` and a `filter` ending in AND), its own
    /// placements first, another node's placement only once that node is gone or has let it lie for
    /// [`PLACEMENT_GRACE`]; at most `⌈orphans / live nodes⌉` per sweep, so a dead node's leases spread out.
    /// `$1` is `me`, `$2` the grace; the caller binds any further parameters its filter names.
    fn orphans_sql(&self, scope: &str, filter: &str) -> String {
        let Kind { table, key, .. } = self;
        format!(
            "WITH o AS ( \
               SELECT l.{key} AS id, l.placed_on FROM {table} l {scope} \
               WHERE {filter} {UNOWNED} \
               AND (l.placed_on IS NULL OR l.placed_on = $1 \
                    OR l.placed_at < clock_timestamp() - make_interval(secs => $2) \
                    OR NOT EXISTS (SELECT 1 FROM nodes p \
                    WHERE p.node_id = l.placed_on AND p.state = 'live' AND p.expires_at > clock_timestamp()))), \
             live AS (SELECT greatest(count(*), 1) AS n FROM nodes \
                      WHERE state = 'live' AND expires_at > clock_timestamp()) \
             SELECT id FROM o ORDER BY (placed_on IS NOT DISTINCT FROM $1) DESC, random() \
             LIMIT (SELECT ceil((SELECT count(*) FROM o)::float8 / (SELECT n FROM live))::bigint)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kinds_claim_with_one_statement_shape() {
        let rooms = ROOMS.orphans_sql("JOIN rooms r ON r.id = l.room_id", "r.status = 'waiting' AND");
        let events = TOURNAMENTS.orphans_sql("", "");
        assert!(rooms.contains(
            "FROM room_leases l JOIN rooms r ON r.id = l.room_id WHERE r.status = 'waiting' AND (l.owner_node IS NULL"
        ));
        assert!(
            events.contains("SELECT l.event_id AS id, l.placed_on FROM event_leases l  WHERE  (l.owner_node IS NULL")
        );
        assert_eq!(rooms.matches("$1").count(), events.matches("$1").count());
    }
}
