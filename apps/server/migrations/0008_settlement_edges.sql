-- Settlement edges (issue 18): when each take-profit / stop-loss level was set, so a replay
-- after a failover never applies a level to ticks from before it existed, and an index the
-- settlement leader uses to find positions changed on any node.

-- The tick time (of the quote the level was checked against) at which the take-profit /
-- stop-loss was last set or cleared. NULL: set when the position opened (it applies from
-- the open tick).
ALTER TABLE futures_positions
  ADD COLUMN take_profit_set_at timestamptz,
  ADD COLUMN stop_loss_set_at timestamptz;

-- Existing open positions changed after they opened (an open row changes only by a TP/SL
-- edit): their levels count from that change, the latest time they can have been set.
UPDATE futures_positions
SET take_profit_set_at = CASE WHEN take_profit IS NOT NULL THEN updated_at END,
    stop_loss_set_at = CASE WHEN stop_loss IS NOT NULL THEN updated_at END
WHERE status <> 'closed' AND updated_at > opened_at;

-- The leader reconciles its in-memory index with rows changed since its last look.
CREATE INDEX futures_positions_updated ON futures_positions (updated_at);
