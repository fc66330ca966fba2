//! Several nodes against one PostgreSQL (issue #15, docs/multi-node.md). PostgreSQL is the directory: which node
//! owns which live room, under which epoch (the fencing token). NATS only carries traffic between nodes (bus/).
//! SQLite stays single-node: a clustered node refuses it.
use crate::db::Db;

/// The node that owns a room, and the epoch of its claim. An RPC for the room goes to exactly this epoch's
/// subject, so a deposed owner that wakes up never answers for its successor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub node: String,
    pub epoch: i64,
}

/// The current owner of `room` as the lease table says, if any node holds it. A lease whose holder's node row
/// has expired is not an owner (the room is claimable), judged on the database clock.
pub async fn owner_of(db: &Db, room: &str) -> Result<Option<Owner>, sqlx::Error> {
    let Db::Pg(pool) = db else { return Ok(None) };
    let row: Option<(String, i64)> = sqlx::query_as(
        "SELECT l.owner_node, l.epoch FROM room_leases l JOIN nodes n ON n.node_id = l.owner_node \
         WHERE l.room_id = $1 AND n.expires_at > clock_timestamp()",
    )
    .bind(room)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|(node, epoch)| Owner { node, epoch }))
}
