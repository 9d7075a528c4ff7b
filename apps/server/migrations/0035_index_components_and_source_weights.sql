-- The index feed (issue 32 §2). Each recorded tick of MARKET_FEED=index keeps the venues'
-- readings it was made of (source, price, sourceTime, weight, used, reason), so the evidence
-- of a trade settled at it names its sources; simulated, replayed and single-venue ticks have
-- none (NULL).
ALTER TABLE market_ticks ADD COLUMN components jsonb;

-- The operator's weight of a venue in every symbol's index ("0" leaves it out); a venue without
-- a row weighs 1. Every node reads it at start and on "market.source_weights".
CREATE TABLE market_source_weights (
  source text PRIMARY KEY,
  weight numeric(36, 18) NOT NULL CHECK (weight >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A futures position's evidence: the readings of the index ticks it opened and closed at.
ALTER TABLE futures_positions
  ADD COLUMN open_tick_sources jsonb,
  ADD COLUMN close_tick_sources jsonb;
