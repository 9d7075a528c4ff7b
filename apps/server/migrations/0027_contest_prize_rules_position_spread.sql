-- Issue "Money that cannot be gamed" (items 2 and 13).
--
-- 2. Idle entrants win no prizes: only entries with at least `min_closed_trades` closed
--    contest trades (futures positions closed, spot orders filled; the operator sets it,
--    default 1) are ranked for prizes, and with `prize_needs_profit` (the default, shown to
--    customers before joining) a prize needs a positive yield. The end job stores each
--    entry's count in `closed_trades`.
ALTER TABLE contests ADD COLUMN min_closed_trades integer NOT NULL DEFAULT 1 CHECK (min_closed_trades >= 1);
ALTER TABLE contests ADD COLUMN prize_needs_profit boolean NOT NULL DEFAULT true;
ALTER TABLE contest_entries ADD COLUMN closed_trades integer NOT NULL DEFAULT 0;

-- 13. A spread change does not close positions: a futures position is valued and settled
--     with the spread recorded at its open. Positions opened before this migration keep
--     the spread their symbol has now (NULL never remains; code treats NULL as the
--     symbol's current spread).
ALTER TABLE futures_positions ADD COLUMN spread numeric(36, 18) CHECK (spread IS NULL OR spread >= 0);
UPDATE futures_positions p SET spread = s.spread FROM market_symbols s WHERE s.symbol = p.symbol AND p.spread IS NULL;
