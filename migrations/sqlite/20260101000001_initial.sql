-- Accounts, sessions, decks, and the (still empty) match tables.
-- Common SQL subset for SQLite and PostgreSQL: TEXT ids, BIGINT unix-ms times, JSON stored as TEXT.

-- A guest has no username and no password; registering fills both in on the same row.
CREATE TABLE accounts (
    id            TEXT PRIMARY KEY,
    username      TEXT,
    -- lower-cased username: uniqueness is case-insensitive on both engines
    username_key  TEXT UNIQUE,
    password_hash TEXT,
    display_name  TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

-- Only the SHA-256 of the session token is stored, so a leaked table cannot log anyone in.
CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);
CREATE INDEX sessions_account_idx ON sessions (account_id);

-- list_json is gb_core::deck::DeckList as JSON; it was valid (CR 101) when saved.
CREATE TABLE decks (
    id          TEXT PRIMARY KEY,
    account_id  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    list_json   TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX decks_account_idx ON decks (account_id, updated_at);

-- One row per game. seed_hash commits to the RNG seed without revealing it during play.
CREATE TABLE matches (
    id          TEXT PRIMARY KEY,
    room        TEXT NOT NULL,
    seed_hash   TEXT NOT NULL,
    setup_json  TEXT NOT NULL,
    status      TEXT NOT NULL,
    result_json TEXT,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX matches_room_idx ON matches (room);

-- Append-only: every accepted intent, in order. Replaying setup + intents rebuilds the game.
-- The primary key makes a second writer for the same version fail instead of forking the log.
CREATE TABLE match_intents (
    match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    version     BIGINT NOT NULL,
    seat        BIGINT NOT NULL,
    intent_json TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (match_id, version)
);
