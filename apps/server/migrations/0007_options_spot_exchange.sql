-- Short-term options ("second contract"), spot orders and flash exchange. Money moves
-- only through the ledger; these tables hold the business records, and every settled
-- record keeps the tick(s) that decided it (price and time) as evidence.

-- Periods, payout rates and stake limits per symbol (operator-editable; seeded).
CREATE TABLE option_settings (
  id              serial PRIMARY KEY,
  symbol          text NOT NULL REFERENCES market_symbols(symbol),
  period_seconds  integer NOT NULL CHECK (period_seconds BETWEEN 5 AND 86400),
  -- Profit share of a win: a winning stake s returns s × (1 + payout_rate).
  payout_rate     numeric(36,18) NOT NULL CHECK (payout_rate > 0 AND payout_rate <= 5),
  min_amount      numeric(36,18) NOT NULL CHECK (min_amount > 0),
  max_amount      numeric(36,18) NOT NULL CHECK (max_amount >= min_amount),
  enabled         boolean NOT NULL DEFAULT true,
  sort_order      integer NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (symbol, period_seconds)
);

CREATE TABLE option_orders (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  -- real: USDT from the "spot" account; demo: VUSDT from the "demo" account.
  mode               text NOT NULL CHECK (mode IN ('real', 'demo')),
  currency           text NOT NULL,
  symbol             text NOT NULL REFERENCES market_symbols(symbol),
  setting_id         integer NOT NULL REFERENCES option_settings(id),
  -- Terms copied from the setting at purchase (an operator's later edit does not change them).
  period_seconds     integer NOT NULL CHECK (period_seconds > 0),
  payout_rate        numeric(36,18) NOT NULL CHECK (payout_rate > 0),
  direction          text NOT NULL CHECK (direction IN ('up', 'down')),
  amount             numeric(36,18) NOT NULL CHECK (amount > 0),
  -- The tick the order opened at (mid price) and the first recorded tick at or after expiry.
  open_price         numeric(36,18) NOT NULL CHECK (open_price > 0),
  open_tick_at       timestamptz NOT NULL,
  close_price        numeric(36,18) CHECK (close_price > 0),
  close_tick_at      timestamptz,
  -- cancelled: only demo orders, refunded when the customer resets demo trading.
  status             text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'cancelled')),
  result             text CHECK (result IN ('win', 'lose', 'draw')),
  -- Total returned to the customer (stake included); 0 for a loss.
  payout             numeric(36,18) CHECK (payout >= 0),
  client_request_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  settled_at         timestamptz,
  CHECK ((status = 'settled') = (result IS NOT NULL)),
  CHECK (status <> 'cancelled' OR mode = 'demo'),
  CHECK (status <> 'settled' OR (close_price IS NOT NULL AND close_tick_at IS NOT NULL AND payout IS NOT NULL
                             AND settled_at IS NOT NULL AND close_tick_at >= expires_at)),
  UNIQUE (user_id, client_request_id)
);
CREATE INDEX option_orders_user_idx ON option_orders (user_id, id DESC);
CREATE INDEX option_orders_open_idx ON option_orders (expires_at) WHERE status = 'open';

CREATE TABLE spot_orders (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  mode               text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol             text NOT NULL REFERENCES market_symbols(symbol),
  -- Ledger currencies of the two legs (demo: V-prefixed virtual currencies).
  base_currency      text NOT NULL,
  quote_currency     text NOT NULL,
  side               text NOT NULL CHECK (side IN ('buy', 'sell')),
  type               text NOT NULL CHECK (type IN ('market', 'limit')),
  quantity           numeric(36,18) NOT NULL CHECK (quantity > 0),
  limit_price        numeric(36,18) CHECK (limit_price > 0),
  fee_rate           numeric(36,18) NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 0.1),
  -- Limit orders: what is held until the fill or cancel (quote incl. fee for a buy, base for a sell).
  held_amount        numeric(36,18),
  hold_transfer_id   bigint,
  status             text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  fill_price         numeric(36,18),
  notional           numeric(36,18),
  fee                numeric(36,18),
  -- The tick that filled the order (mid price) and the bid/ask it gave.
  fill_tick_price    numeric(36,18),
  fill_tick_at       timestamptz,
  fill_bid           numeric(36,18),
  fill_ask           numeric(36,18),
  client_request_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  filled_at          timestamptz,
  cancelled_at       timestamptz,
  CHECK ((type = 'limit') = (limit_price IS NOT NULL)),
  CHECK (status <> 'filled' OR (fill_price IS NOT NULL AND notional IS NOT NULL AND fee IS NOT NULL
                                AND filled_at IS NOT NULL)),
  UNIQUE (user_id, client_request_id)
);
CREATE INDEX spot_orders_user_idx ON spot_orders (user_id, id DESC);
CREATE INDEX spot_orders_open_idx ON spot_orders (symbol) WHERE status = 'open';

CREATE TABLE flash_exchanges (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  from_currency      text NOT NULL,
  to_currency        text NOT NULL CHECK (to_currency <> from_currency),
  amount             numeric(36,18) NOT NULL CHECK (amount > 0),
  -- Units of TO per unit of FROM after the spread, the mid rate, and what was received.
  rate               numeric(36,18) NOT NULL CHECK (rate > 0),
  mid_rate           numeric(36,18) NOT NULL CHECK (mid_rate > 0),
  received           numeric(36,18) NOT NULL CHECK (received > 0),
  spread_cost        numeric(36,18) NOT NULL,
  spread_cost_amount numeric(36,18) NOT NULL,
  -- USDT prices of each leg at execution (USDT itself is 1/1).
  from_bid           numeric(36,18) NOT NULL,
  from_ask           numeric(36,18) NOT NULL,
  to_bid             numeric(36,18) NOT NULL,
  to_ask             numeric(36,18) NOT NULL,
  client_request_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, client_request_id)
);
CREATE INDEX flash_exchanges_user_idx ON flash_exchanges (user_id, id DESC);
