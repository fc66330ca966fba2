-- Each person's finished games (issue 44, a profile's recent games and favourite decks; docs/ratings.md,
-- "Profiles"): one row per seat of a person when a game ends, written once its result is durable (and again,
-- idempotently, when a room is rebuilt, so a crash between the two loses none). Rooms keep their seats only in
-- `rooms.seats_json`, which no profile could search. Only a deck's name is kept, never its list, and only for a
-- finished game: a profile shows nothing of a game in progress. A computer has no account and no row.
CREATE TABLE game_players (
    match_id    TEXT NOT NULL,
    seat        BIGINT NOT NULL,            -- 0 = A, 1 = B, …
    account_id  TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    room_id     TEXT NOT NULL,
    deck_name   TEXT NOT NULL,
    result      TEXT NOT NULL,              -- won, lost or drawn
    reason      TEXT NOT NULL,              -- GameEndReason's stable name
    opponents   TEXT NOT NULL,              -- the other seats' display names, a JSON array in seat order
    rated       BIGINT NOT NULL,            -- 1 rated, 0 casual
    vs_computer BIGINT NOT NULL,            -- 1 if a computer sat at the table
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX game_players_account_idx ON game_players (account_id, finished_at);
