-- When placement (or a drain's release) named `placed_on` (docs/multi-node.md, "Placement"): the preference lasts
-- a moment only, so a room placed on a node that never claims it is claimed by any node's sweep after that.
ALTER TABLE room_leases ADD COLUMN placed_at TIMESTAMPTZ;
