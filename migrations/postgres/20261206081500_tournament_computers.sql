-- Computer players in an event (docs/tournaments.md, "Computer players"): the level the server's computer plays
-- the player at (`random`, `greedy` or `search`, as rooms name it); NULL for a person. A computer has no account.
ALTER TABLE tournament_players ADD COLUMN computer_level TEXT;
