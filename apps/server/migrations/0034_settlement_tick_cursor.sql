-- Issue 32 §3: settlement consumes the recorded tick sequence, not the bus. The sequence is
-- market_ticks.id (a bigserial since 0003: monotonically increasing, indexed by the primary
-- key, so no table rewrite); the settlement leader keeps here the last one it delivered to
-- the settlers, so a new leader resumes from it (settlement/tick-sequence.ts).
CREATE TABLE settlement_cursor (
  name        text PRIMARY KEY,
  seq         bigint NOT NULL,
  -- The time of the tick at `seq` (lag in ms, logs); null when the cursor starts on no tick.
  tick_at     timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
