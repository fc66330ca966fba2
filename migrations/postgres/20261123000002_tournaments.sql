-- Tournaments (docs/tournaments.md): the log gb-tournament computes standings and pairings from, as rows, so a
-- restarted server recovers an event mid-round. Settings and results are JSON in the tournament file's own
-- format; nothing derived (standings, next pairing) is stored. Times are unix milliseconds.
CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    organizer_id  TEXT,
    seed          BIGINT NOT NULL,
    settings_json TEXT NOT NULL,
    status        TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

-- ordinal: registration order, which is the file's player order (the tie lottery is drawn over it).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id     TEXT NOT NULL,
    ordinal       INTEGER NOT NULL,
    account_id    TEXT,
    name          TEXT NOT NULL,
    entered_round INTEGER NOT NULL,
    deck          TEXT,
    PRIMARY KEY (tournament_id, player_id),
    UNIQUE (tournament_id, ordinal)
);

CREATE TABLE tournament_roster (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    before_round  INTEGER NOT NULL,
    player_id     TEXT NOT NULL,
    change_kind   TEXT NOT NULL,
    reason        TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

CREATE TABLE tournament_rounds (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    paired_at     BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, number)
);

-- One row per table or bye, in the round's order (bracket order in a playoff). player_b and table_no are NULL
-- for a bye; result_json is the table's TableResult ('{}' while it is being played); room_id the hosting room.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL,
    round         INTEGER NOT NULL,
    slot          INTEGER NOT NULL,
    table_no      INTEGER,
    player_a      TEXT NOT NULL,
    player_b      TEXT,
    room_id       TEXT,
    result_json   TEXT NOT NULL,
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, slot),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number) ON DELETE CASCADE
);
CREATE INDEX tournament_pairings_room_idx ON tournament_pairings (room_id);

CREATE TABLE tournament_corrections (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    result_json   TEXT NOT NULL,
    reason        TEXT NOT NULL,
    before_round  INTEGER,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

-- Every organizer and judge action, in order, for the event page (who, what, and the details as JSON).
CREATE TABLE tournament_audit (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    actor         TEXT NOT NULL,
    action        TEXT NOT NULL,
    detail_json   TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
