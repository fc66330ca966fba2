-- When a round was last re-paired by hand (docs/tournaments.md, "Check-in and no-shows"): the no-show grace
-- period of the new tables counts from then, not from paired_at (which stays the round clock's start). Stored so
-- a restarted server resumes the same grace period.
ALTER TABLE tournament_rounds ADD COLUMN repaired_at BIGINT;
