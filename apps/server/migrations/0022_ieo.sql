-- IEO (CONTRACT.md "IEO", issue 14): token projects with a provably fair lottery, the
-- customers' applications (orders) and a per-customer counter that keeps the sum of a
-- customer's applications within the project's maximum under concurrent applies.
-- Money moves only through the ledger (keys ieo:pay:<orderId>, ieo:deliver:<orderId>).
CREATE TABLE ieo_projects (
  id bigserial PRIMARY KEY,
  name jsonb NOT NULL,
  description jsonb NOT NULL DEFAULT '{}'::jsonb,
  risk_text jsonb NOT NULL DEFAULT '{}'::jsonb,
  symbol text NOT NULL UNIQUE CHECK (symbol ~ '^[A-Z][A-Z0-9]{1,9}$'),
  estimated_price numeric(36, 18) NOT NULL CHECK (estimated_price > 0),
  draw_price numeric(36, 18),
  total_quantity bigint NOT NULL CHECK (total_quantity > 0),
  max_per_customer bigint NOT NULL CHECK (max_per_customer > 0),
  apply_start timestamptz NOT NULL,
  apply_end timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  pay_end timestamptz NOT NULL,
  list_at timestamptz NOT NULL,
  -- The secret seed (64 hex) is never returned before drawn_at is set.
  seed text NOT NULL,
  seed_hash text NOT NULL,
  drawn_at timestamptz,
  expired_at timestamptz,
  listed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (apply_start < apply_end AND apply_end < draw_at AND draw_at < pay_end AND pay_end < list_at)
);

CREATE TABLE ieo_orders (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES ieo_projects(id),
  user_id bigint NOT NULL REFERENCES users(id),
  quantity bigint NOT NULL CHECK (quantity > 0),
  won_quantity bigint NOT NULL DEFAULT 0 CHECK (won_quantity >= 0 AND won_quantity <= quantity),
  amount numeric(36, 18) NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('applied', 'won', 'lost', 'paid', 'expired', 'delivered')),
  request_id text,
  paid_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ieo_orders_project ON ieo_orders (project_id, id);
CREATE INDEX ieo_orders_user ON ieo_orders (user_id, id DESC);
CREATE UNIQUE INDEX ieo_orders_request ON ieo_orders (user_id, request_id) WHERE request_id IS NOT NULL;

-- Units each customer applied for per project: one row per (project, customer), updated
-- with a guarded increment so concurrent applies can never pass max_per_customer.
CREATE TABLE ieo_applicants (
  project_id bigint NOT NULL REFERENCES ieo_projects(id),
  user_id bigint NOT NULL REFERENCES users(id),
  applied bigint NOT NULL CHECK (applied >= 0),
  PRIMARY KEY (project_id, user_id)
);

-- Tokens listed by an IEO are not on any outside exchange: the simulated feed prices them
-- even when the crypto symbols follow Binance.
ALTER TABLE market_symbols ADD COLUMN sim_only boolean NOT NULL DEFAULT false;
