-- Who created each room, for the per-account quota of open rooms (docs/limits.md). A claim is written just
-- before its room; a claim whose room never appeared stops counting after a minute.
CREATE TABLE room_creators (
    room_id    TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX room_creators_account_idx ON room_creators (account_id);
