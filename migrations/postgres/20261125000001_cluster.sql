-- Several nodes (docs/multi-node.md): PostgreSQL is the directory of which node owns which live room.
-- A node's liveness is one heartbeat row; a room's ownership is a lease row whose epoch is the fencing token
-- (Kleppmann 2016): every append carries the epoch it was accepted under and is refused once a newer claim exists.
-- Times here are the database clock's (clock_timestamp()), never a node's.
CREATE TABLE nodes (
    node_id      TEXT PRIMARY KEY,            -- random per process start, never reused
    addr         TEXT NOT NULL,               -- advertised http address, for operators
    state        TEXT NOT NULL,               -- live | draining | dead
    heartbeat_at TIMESTAMPTZ NOT NULL,
    expires_at   TIMESTAMPTZ NOT NULL,
    rooms_owned  INT NOT NULL DEFAULT 0,
    capacity     INT NOT NULL DEFAULT 1000
);

CREATE TABLE room_leases (
    room_id       TEXT PRIMARY KEY REFERENCES rooms(id) ON DELETE CASCADE,
    owner_node    TEXT,                       -- NULL: released, claimable now
    epoch         BIGINT NOT NULL DEFAULT 0,  -- fencing token, +1 on every claim
    claimed_at    TIMESTAMPTZ,
    released_at   TIMESTAMPTZ,
    placed_on     TEXT,                       -- the node placement chose; it claims first
    handover_json TEXT                        -- clocks settled by a draining owner
);
CREATE INDEX room_leases_owner_idx ON room_leases (owner_node);

-- The epoch an intent was accepted under, and the relayed client's idempotency key ("conn:seq") so a retried
-- intent after an owner change is answered with its original acceptance instead of being applied twice.
ALTER TABLE match_intents ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
ALTER TABLE match_intents ADD COLUMN intent_key TEXT;
CREATE UNIQUE INDEX match_intents_key_idx ON match_intents (match_id, intent_key) WHERE intent_key IS NOT NULL;
