-- A username's look (its UTS #39 confusable skeleton after NFKC, case-folded, marks dropped: api/validate.rs),
-- unique, so a new name that looks like an existing one is refused (issue 45). Older rows are filled in at start.
ALTER TABLE accounts ADD COLUMN username_look TEXT;
CREATE UNIQUE INDEX accounts_username_look ON accounts (username_look);
