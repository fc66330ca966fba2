-- Ratings (issue 44, docs/ratings.md): one Glicko-2 rating per account and format ("bo1": best of one, "bo3": best
-- of three), changed only by rated games between two people. Each rated game adds one history row per player,
-- keyed by the match row of the game that decided it, in the same transaction as that game's last intent and
-- result: a rated result is rated once, or not at all until its last intent lands.
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    format     TEXT NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games      BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, format)
);
CREATE INDEX ratings_board_idx ON ratings (format, rating);

CREATE TABLE rating_history (
    match_id         TEXT NOT NULL,
    account_id       TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    format           TEXT NOT NULL,
    room_id          TEXT NOT NULL,
    opponent_id      TEXT NOT NULL,
    won              BIGINT NOT NULL,           -- 1 won, 0 lost
    rating_before    DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    rating_after     DOUBLE PRECISION NOT NULL,
    deviation_after  DOUBLE PRECISION NOT NULL,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (match_id, account_id)
);
CREATE INDEX rating_history_account_idx ON rating_history (account_id, format, created_at);

-- The "Play now" queue (docs/protocol.md, "Play now"): one row per waiting player, in the database so every node
-- matches from the same queue and a pair is claimed exactly once. A row lives while its player's heartbeat
-- (GET /api/queue) keeps `expires_at` ahead; `room_id` is set once matched, in the transaction that claims the pair.
CREATE TABLE play_queue (
    account_id        TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    display_name      TEXT NOT NULL,
    format            TEXT NOT NULL,
    rated             BIGINT NOT NULL,          -- 1 rated, 0 casual
    deck_json         TEXT NOT NULL,
    rating            DOUBLE PRECISION NOT NULL,
    computer_after_ms BIGINT,                   -- NULL: never the computer
    joined_at         BIGINT NOT NULL,
    expires_at        BIGINT NOT NULL,
    room_id           TEXT,
    opponent          TEXT,
    matched_at        BIGINT,
    seated            BIGINT NOT NULL DEFAULT 0 -- 1 once the matcher has seated the player in `room_id`
);
CREATE INDEX play_queue_waiting_idx ON play_queue (format, joined_at);
