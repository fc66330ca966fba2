-- Rooms (lobby entries that own games) and per-intent clock metadata, for crash recovery.
-- config_json: visibility, best_of, spectator delay, clock, vs_bot. seats_json: [seat|null, seat|null] with
-- account id, display name, deck list and whether it is the bot.
CREATE TABLE rooms (
    id          TEXT PRIMARY KEY,
    config_json TEXT NOT NULL,
    seats_json  TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX rooms_status_idx ON rooms (status);

-- Clock state right after the intent was accepted ({"remaining_ms": [a, b], "bank_ms": [a, b], "flag": …}),
-- so a restarted server resumes clocks where they were. NULL for rooms without a clock.
ALTER TABLE match_intents ADD COLUMN meta_json TEXT;
