-- Tournaments on several nodes (docs/multi-node.md, "Tournaments"): each event has one owner node, like a room.
-- The epoch is the fencing token of every write the event makes (db/event_fence.rs); expiry is the owner's node
-- row (`nodes.expires_at`), so one heartbeat renews every room and event a node holds.
-- PostgreSQL only, like 20261125000001_cluster.sql: SQLite stays single-node.
CREATE TABLE event_leases (
    event_id    TEXT PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    owner_node  TEXT,                       -- NULL: released, claimable now
    epoch       BIGINT NOT NULL DEFAULT 0,  -- fencing token, +1 on every claim
    claimed_at  TIMESTAMPTZ,
    released_at TIMESTAMPTZ,
    placed_on   TEXT,                       -- the node a drain handed it to; it claims first
    placed_at   TIMESTAMPTZ
);
CREATE INDEX event_leases_owner_idx ON event_leases (owner_node);
