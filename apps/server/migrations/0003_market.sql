-- Market data: symbols, stored candle tiers (1m, 15m, 1h, 1d; other intervals are
-- derived) and recorded ticks (kept for a retention window; settlement copies the
-- ticks it used into its own records).
CREATE TABLE market_symbols (
  symbol           text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9]+$'),
  base             text NOT NULL,
  quote            text NOT NULL,
  asset_class      text NOT NULL CHECK (asset_class IN ('crypto', 'metal', 'forex')),
  price_precision  integer NOT NULL CHECK (price_precision BETWEEN 0 AND 12),
  qty_precision    integer NOT NULL CHECK (qty_precision BETWEEN 0 AND 12),
  -- Full bid-ask width as a fraction of the mid price, disclosed to customers.
  spread           numeric(36,18) NOT NULL CHECK (spread >= 0 AND spread < 0.1),
  max_leverage     integer NOT NULL CHECK (max_leverage BETWEEN 1 AND 100),
  trading_hours    jsonb NOT NULL,
  -- Simulator parameters: the level the walk reverts to, annualised volatility, base volume per day.
  reference_price  numeric(36,18) NOT NULL CHECK (reference_price > 0),
  volatility       numeric(36,18) NOT NULL CHECK (volatility > 0),
  daily_volume     numeric(36,18) NOT NULL CHECK (daily_volume >= 0),
  sort_order       integer NOT NULL DEFAULT 0,
  enabled          boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE market_candles (
  symbol     text NOT NULL REFERENCES market_symbols(symbol),
  tier       text NOT NULL CHECK (tier IN ('1m', '15m', '1h', '1d')),
  open_time  timestamptz NOT NULL,
  open       numeric(36,18) NOT NULL,
  high       numeric(36,18) NOT NULL,
  low        numeric(36,18) NOT NULL,
  close      numeric(36,18) NOT NULL,
  volume     numeric(36,18) NOT NULL DEFAULT 0,
  PRIMARY KEY (symbol, tier, open_time),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close AND volume >= 0)
);
-- Retention pruning and the 24 h statistics scan one tier by time.
CREATE INDEX market_candles_tier_time_idx ON market_candles (tier, open_time);

CREATE TABLE market_ticks (
  id      bigserial PRIMARY KEY,
  symbol  text NOT NULL REFERENCES market_symbols(symbol),
  ts      timestamptz NOT NULL,
  price   numeric(36,18) NOT NULL CHECK (price > 0),
  volume  numeric(36,18) NOT NULL DEFAULT 0,
  -- Which feed produced it: sim, replay, binance, manual (tests/tools).
  source  text NOT NULL
);
CREATE INDEX market_ticks_symbol_ts_idx ON market_ticks (symbol, ts);
CREATE INDEX market_ticks_ts_idx ON market_ticks (ts);
