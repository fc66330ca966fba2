-- The intent log as a WITHOUT ROWID table: each row lives in its primary key's B-tree, so an append changes one
-- B-tree, not two (a rowid table plus the (match_id, version) autoindex), and a commit writes fewer pages to the
-- WAL. Appends are the server's hottest write (BENCHMARKS.md, sixteenth session). Same columns, same key, so a
-- second writer for one version still fails instead of forking the log.
CREATE TABLE match_intents_by_key (
    match_id    TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    version     BIGINT NOT NULL,
    seat        BIGINT NOT NULL,
    intent_json TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    meta_json   TEXT,
    PRIMARY KEY (match_id, version)
) WITHOUT ROWID;
INSERT INTO match_intents_by_key (match_id, version, seat, intent_json, created_at, meta_json)
    SELECT match_id, version, seat, intent_json, created_at, meta_json FROM match_intents;
DROP TABLE match_intents;
ALTER TABLE match_intents_by_key RENAME TO match_intents;
