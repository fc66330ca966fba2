-- Attendance (docs/tournaments.md, "Check-in and no-shows"): when a player checked in for the event, and when
-- each seat of a table first connected to its room. A seat still NULL once the event's no-show grace period
-- has run from the round's paired_at is a no-show; the times are stored so a restarted server resumes the
-- same grace period instead of starting it again.
ALTER TABLE tournament_players ADD COLUMN checked_in_at BIGINT;
ALTER TABLE tournament_pairings ADD COLUMN arrived_a_at BIGINT;
ALTER TABLE tournament_pairings ADD COLUMN arrived_b_at BIGINT;
