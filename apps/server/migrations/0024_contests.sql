-- Trading contests (CONTRACT.md "Contests", issue 14): contests set up by operators,
-- customers' entries with their live/frozen results, daily equity snapshots, and the
-- contest tag on futures positions and spot orders traded with contest money.
-- Contest money is virtual CUSDT in the customer's "contest" ledger account (keys
-- contest:<id>:grant:<entryId> / :return:<entryId>); prizes are real USDT paid from the
-- platform's rewards account (keys contest:<id>:prize:<entryId>).
CREATE TABLE contests (
  id bigserial PRIMARY KEY,
  name jsonb NOT NULL,
  rules jsonb NOT NULL DEFAULT '{}'::jsonb,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  entry_start timestamptz NOT NULL,
  entry_end timestamptz NOT NULL,
  prize numeric(36, 18) NOT NULL CHECK (prize >= 0),
  -- Fractions of the prize by rank, e.g. ["0.5", "0.3", "0.2"] (sum ≤ 1).
  prize_split jsonb NOT NULL,
  entry_funds numeric(36, 18) NOT NULL CHECK (entry_funds > 0),
  currency text NOT NULL DEFAULT 'CUSDT',
  symbols jsonb NOT NULL,
  -- 0 to start, 1 in progress, -2 ended.
  status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, -2)),
  prizes_paid numeric(36, 18) NOT NULL DEFAULT 0,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_at < end_at),
  CHECK (entry_start < entry_end AND entry_end <= end_at)
);
CREATE INDEX contests_status_idx ON contests (status, start_at DESC);

CREATE TABLE contest_entries (
  id bigserial PRIMARY KEY,
  contest_id bigint NOT NULL REFERENCES contests(id),
  user_id bigint NOT NULL REFERENCES users(id),
  -- 0 joined (contest not started), 1 running, -2 ended, -3 exited.
  status integer NOT NULL CHECK (status IN (0, 1, -2, -3)),
  entry_funds numeric(36, 18) NOT NULL,
  joined_at timestamptz NOT NULL,
  exited_at timestamptz,
  -- Last computed result (persisted periodically while running; frozen at exit/end).
  equity numeric(36, 18) NOT NULL,
  yield_rate numeric(36, 18) NOT NULL DEFAULT 0,
  rank integer,
  -- Equity at the last 00:00 UTC snapshot (daily profit = equity − day_equity).
  day_equity numeric(36, 18) NOT NULL,
  day_date date,
  prize numeric(36, 18),
  prize_transfer_id bigint,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contest_id, user_id)
);
-- Contest money is kept apart by allowing one live (joined or running) entry per customer.
CREATE UNIQUE INDEX contest_entries_one_live ON contest_entries (user_id) WHERE status IN (0, 1);
CREATE INDEX contest_entries_contest_idx ON contest_entries (contest_id, status);

ALTER TABLE futures_positions DROP CONSTRAINT IF EXISTS futures_positions_mode_check;
ALTER TABLE futures_positions ADD CONSTRAINT futures_positions_mode_check CHECK (mode IN ('real', 'demo', 'contest'));
ALTER TABLE futures_positions DROP CONSTRAINT IF EXISTS futures_positions_currency_check;
ALTER TABLE futures_positions ADD CONSTRAINT futures_positions_currency_check CHECK (currency IN ('USDT', 'VUSDT', 'CUSDT'));
ALTER TABLE futures_positions ADD COLUMN contest_id bigint REFERENCES contests(id);
ALTER TABLE futures_positions ADD CONSTRAINT futures_positions_contest_tag CHECK ((mode = 'contest') = (contest_id IS NOT NULL));
CREATE INDEX futures_positions_contest_open ON futures_positions (contest_id, user_id) WHERE status <> 'closed';

ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_mode_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_mode_check CHECK (mode IN ('real', 'demo', 'contest'));
ALTER TABLE spot_orders ADD COLUMN contest_id bigint REFERENCES contests(id);
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_contest_tag CHECK ((mode = 'contest') = (contest_id IS NOT NULL));
ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_cancel_reason_check;
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_cancel_reason_check
  CHECK (cancel_reason IN ('customer', 'expired', 'demoReset', 'contestEnd'));
