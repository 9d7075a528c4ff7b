-- Consumer protection (issue 34 §2, docs/contract.md "Consumer protection"): a customer's
-- deposit and loss limits (USDT, rolling windows), the reality-check interval, raises
-- waiting for their 24-hour cool-off, and a time-out or self-exclusion that cannot be
-- lifted early (no operator path changes it; a new request only lengthens it).
CREATE TABLE protection_limits (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  deposit_day numeric(36, 18),
  deposit_week numeric(36, 18),
  deposit_month numeric(36, 18),
  loss_day numeric(36, 18),
  loss_week numeric(36, 18),
  loss_month numeric(36, 18),
  reality_check_minutes integer CHECK (reality_check_minutes IN (15, 30, 60, 120)),
  updated_at timestamptz NOT NULL DEFAULT business_now()
);

-- A raised or removed limit, applied when effective_at has passed (one per field).
CREATE TABLE protection_pending (
  user_id bigint NOT NULL REFERENCES users(id),
  field text NOT NULL CHECK (field IN ('depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth')),
  value numeric(36, 18),
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT business_now(),
  PRIMARY KEY (user_id, field)
);

CREATE TABLE protection_exclusions (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('timeout', 'self_exclusion')),
  until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT business_now(),
  updated_at timestamptz NOT NULL DEFAULT business_now()
);
CREATE INDEX protection_exclusions_until ON protection_exclusions (until);
