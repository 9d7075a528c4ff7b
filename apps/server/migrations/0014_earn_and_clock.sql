-- The business clock (CONTRACT.md "Sandbox test clock"): one row; its offset from real time
-- is moved only by POST /dev/clock/advance in sandbox. Every node reads it, so scheduled
-- jobs fall due on the same business time everywhere.
CREATE TABLE business_clock (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO business_clock (id, offset_ms) VALUES (1, 0);
-- Business time in SQL (job claims, due checks): the same on every node at any moment.
CREATE FUNCTION business_now() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT now() + (SELECT offset_ms FROM business_clock WHERE id = 1) * interval '1 millisecond'
$$;

-- Earn products (CONTRACT.md "Earn"): fixed-term ("arbitrage"), automated strategies ("quant"),
-- mining and debt claims. Texts are per language ({"en-us": …, "ko": …}).
CREATE TABLE earn_products (
  id bigserial PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('arbitrage', 'quant', 'mining', 'debt')),
  name jsonb NOT NULL,
  description jsonb NOT NULL DEFAULT '{}'::jsonb,
  risk_notice jsonb NOT NULL,
  currency text NOT NULL,
  term_days integer NOT NULL CHECK (term_days > 0),
  daily_rate numeric(36, 18) CHECK (daily_rate IS NULL OR daily_rate > 0),
  min_amount numeric(36, 18) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(36, 18) NOT NULL CHECK (max_amount >= min_amount),
  per_customer_limit numeric(36, 18) CHECK (per_customer_limit IS NULL OR per_customer_limit > 0),
  vip_level integer NOT NULL DEFAULT 0 CHECK (vip_level >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paused', 'ended')),
  early_redemption boolean NOT NULL DEFAULT false,
  sale_start_at timestamptz,
  sale_end_at timestamptz,
  -- total that can be sold (debt: the borrower's claim; others optional) and what is sold
  total_amount numeric(36, 18) CHECK (total_amount IS NULL OR total_amount > 0),
  sold_amount numeric(36, 18) NOT NULL DEFAULT 0 CHECK (sold_amount >= 0),
  -- type-specific settings: mining machine, pricePerTh, electricityPrice; quant strategy,
  -- symbol, params; debt borrower and default policy texts
  config jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- debt only: raising → running (loan started) → repaid | defaulted; cancelled before start
  debt_state text CHECK (debt_state IN ('raising', 'running', 'overdue', 'repaid', 'defaulted', 'cancelled')),
  loan_start_at timestamptz,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (total_amount IS NULL OR sold_amount <= total_amount),
  CHECK ((type = 'debt') = (debt_state IS NOT NULL))
);
CREATE INDEX earn_products_type_idx ON earn_products (type, sort, id);

CREATE TABLE earn_orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  product_id bigint NOT NULL REFERENCES earn_products (id),
  type text NOT NULL CHECK (type IN ('arbitrage', 'quant', 'mining', 'debt')),
  currency text NOT NULL,
  amount numeric(36, 18) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('running', 'ended', 'frozen', 'not_started', 'cancelled')),
  -- terms copied from the product at purchase (the operator may edit the product later)
  term_days integer NOT NULL,
  daily_rate numeric(36, 18),
  early_redemption boolean NOT NULL,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  accrued_days integer NOT NULL DEFAULT 0 CHECK (accrued_days >= 0),
  last_accrual_date date,
  total_income numeric(36, 18) NOT NULL DEFAULT 0,
  end_reason text CHECK (end_reason IN ('term', 'stopped', 'redeemed', 'repaid', 'defaulted', 'cancelled')),
  ended_at timestamptz,
  returned_amount numeric(36, 18),
  -- mining: TH/s bought
  hashrate numeric(36, 18),
  -- quant: the strategy's cash (in currency) and holdings (base), and its decision state
  quant_cash numeric(36, 18),
  quant_qty numeric(36, 18),
  quant_state jsonb,
  client_request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, client_request_id)
);
CREATE INDEX earn_orders_user_idx ON earn_orders (user_id, id DESC);
CREATE INDEX earn_orders_product_idx ON earn_orders (product_id, status);
CREATE INDEX earn_orders_accrual_idx ON earn_orders (type, status, id) WHERE status = 'running';

-- Every income credited to an order (interest day, mining payout, debt repayment share,
-- recovery, forfeit on early redemption) with the inputs that produced it.
CREATE TABLE earn_incomes (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES earn_orders (id),
  user_id bigint NOT NULL REFERENCES users (id),
  income_key text NOT NULL UNIQUE,
  income_date date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('interest', 'mining', 'repayment', 'recovery', 'forfeit')),
  amount numeric(36, 18) NOT NULL,
  inputs jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX earn_incomes_order_idx ON earn_incomes (order_id, id DESC);
CREATE INDEX earn_incomes_user_date_idx ON earn_incomes (user_id, income_date);

-- Automated strategies: every fill with the tick it executed at.
CREATE TABLE quant_fills (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES earn_orders (id),
  user_id bigint NOT NULL REFERENCES users (id),
  fill_key text NOT NULL UNIQUE,
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  price numeric(36, 18) NOT NULL,
  quantity numeric(36, 18) NOT NULL CHECK (quantity > 0),
  fee numeric(36, 18) NOT NULL CHECK (fee >= 0),
  reason text NOT NULL,
  tick_bid numeric(36, 18) NOT NULL,
  tick_ask numeric(36, 18) NOT NULL,
  tick_ts bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quant_fills_order_idx ON quant_fills (order_id, id DESC);
