-- Background jobs (DESIGN.md §7) and the wallet: currencies, deposit addresses,
-- deposits, payout accounts, withdrawals with their tracker events, and operator
-- balance adjustments. Balances themselves live only in the ledger; these tables
-- hold the business records that ledger transfers reference.

-- A PostgreSQL-backed job queue: workers claim due jobs with FOR UPDATE SKIP LOCKED,
-- so each job is run by one worker at a time on any number of nodes. A claim is a
-- lease (locked_until): a worker that dies mid-job leaves it to be claimed again.
CREATE TABLE jobs (
  id            bigserial PRIMARY KEY,
  name          text NOT NULL CHECK (name ~ '^[a-z][a-z0-9_.-]{0,63}$'),
  -- One job per business key (e.g. deposit-confirm:42): enqueueing it twice is a no-op.
  job_key       text NOT NULL CONSTRAINT jobs_job_key_key UNIQUE CHECK (length(job_key) BETWEEN 1 AND 200),
  payload       jsonb NOT NULL DEFAULT '{}',
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  run_at        timestamptz NOT NULL DEFAULT now(),
  attempts      integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts  integer NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
  locked_by     text,
  locked_until  timestamptz,
  last_error    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);
-- The claim scan: due pending jobs, and running ones whose lease ran out.
CREATE INDEX jobs_due_idx ON jobs (run_at, id) WHERE status = 'pending';
CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE status = 'running';

-- Currencies customers can deposit and withdraw. Seeded; operators edit the rules.
CREATE TABLE wallet_currencies (
  code               text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9]{1,15}$'),
  name               text NOT NULL,
  -- Decimals an amount of this currency may have.
  precision          integer NOT NULL CHECK (precision BETWEEN 0 AND 18),
  -- Network codes (TRC20, ERC20, BTC, …), first = default.
  networks           jsonb NOT NULL,
  min_deposit        numeric(36,18) NOT NULL CHECK (min_deposit > 0),
  min_withdrawal     numeric(36,18) NOT NULL CHECK (min_withdrawal > 0),
  -- Taken out of the withdrawn amount (the customer receives amount − fee).
  withdrawal_fee     numeric(36,18) NOT NULL CHECK (withdrawal_fee >= 0),
  deposit_enabled    boolean NOT NULL DEFAULT true,
  withdrawal_enabled boolean NOT NULL DEFAULT true,
  sort               integer NOT NULL DEFAULT 0,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wallet_currencies_fee_below_minimum CHECK (withdrawal_fee < min_withdrawal)
);

-- One deposit address per customer, currency and network (stable once created).
CREATE TABLE deposit_addresses (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  currency    text NOT NULL REFERENCES wallet_currencies(code),
  network     text NOT NULL,
  address     text NOT NULL,
  provider    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_addresses_owner_key UNIQUE (user_id, currency, network),
  CONSTRAINT deposit_addresses_address_key UNIQUE (network, address)
);

-- Deposits. status: 0 under review (waiting for the provider), 1 completed (credited),
-- -1 rejected, -2 failed (CONTRACT.md "Money").
CREATE TABLE deposits (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  currency           text NOT NULL REFERENCES wallet_currencies(code),
  method             text NOT NULL CHECK (method IN ('crypto', 'bank')),
  network            text,
  address            text,
  amount             numeric(36,18) NOT NULL CHECK (amount > 0),
  status             smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, -1, -2)),
  provider           text NOT NULL,
  provider_ref       text,
  reason             text,
  client_request_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  completed_at       timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposits_crypto_network CHECK ((method = 'crypto') = (network IS NOT NULL)),
  CONSTRAINT deposits_client_request_key UNIQUE (user_id, client_request_id)
);
CREATE INDEX deposits_user_idx ON deposits (user_id, id);
CREATE INDEX deposits_status_idx ON deposits (status, id);

-- Where a customer's withdrawals go: a blockchain wallet or a bank account.
-- Deleting one hides it (withdrawals keep a copy of their destination).
CREATE TABLE payout_accounts (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  type        text NOT NULL CHECK (type IN ('wallet', 'bank')),
  currency    text REFERENCES wallet_currencies(code),
  network     text,
  address     text,
  bank_name   text,
  real_name   text,
  account     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  CONSTRAINT payout_accounts_shape CHECK (
    (type = 'wallet' AND currency IS NOT NULL AND network IS NOT NULL AND address IS NOT NULL
      AND bank_name IS NULL AND real_name IS NULL AND account IS NULL)
    OR (type = 'bank' AND currency IS NULL AND network IS NULL AND address IS NULL
      AND bank_name IS NOT NULL AND real_name IS NOT NULL AND account IS NOT NULL)
  )
);
CREATE INDEX payout_accounts_user_idx ON payout_accounts (user_id, id) WHERE deleted_at IS NULL;

-- Withdrawals. status: 0 under review, 1 approved (being paid out), 2 paid out,
-- -1 rejected or cancelled by the customer, -2 failed. The whole amount is held in the
-- ledger at request time; the fee is part of it (receive = amount − fee).
CREATE TABLE withdrawals (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  currency           text NOT NULL REFERENCES wallet_currencies(code),
  amount             numeric(36,18) NOT NULL CHECK (amount > 0),
  fee                numeric(36,18) NOT NULL CHECK (fee >= 0),
  receive            numeric(36,18) NOT NULL CHECK (receive > 0),
  -- USDT value at request time (daily limit for unverified customers) and the rate used.
  amount_usdt        numeric(36,18) NOT NULL CHECK (amount_usdt >= 0),
  usdt_rate          numeric(36,18) NOT NULL,
  account_id         bigint NOT NULL REFERENCES payout_accounts(id),
  -- A copy of the destination as it was when the customer asked.
  destination        jsonb NOT NULL,
  status             smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, -1, -2)),
  cancelled          boolean NOT NULL DEFAULT false,
  reason             text,
  -- The ledger hold reserving the amount (a transfer id).
  hold_transfer_id   bigint,
  provider           text NOT NULL,
  provider_ref       text,
  reviewed_by        bigint REFERENCES users(id),
  -- The review time limit stated to the customer when they asked.
  review_due_at      timestamptz NOT NULL,
  client_request_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT withdrawals_receive_is_amount_less_fee CHECK (receive = amount - fee),
  CONSTRAINT withdrawals_client_request_key UNIQUE (user_id, client_request_id)
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id);
CREATE INDEX withdrawals_user_time_idx ON withdrawals (user_id, created_at);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);

-- Every state change of a withdrawal, for the customer's tracker.
CREATE TABLE withdrawal_events (
  id             bigserial PRIMARY KEY,
  withdrawal_id  bigint NOT NULL REFERENCES withdrawals(id),
  event          text NOT NULL CHECK (event IN ('requested', 'cancelled', 'approved', 'paid', 'rejected', 'failed')),
  status         smallint NOT NULL,
  actor          text NOT NULL CHECK (actor IN ('customer', 'operator', 'system')),
  note           text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_events_withdrawal_idx ON withdrawal_events (withdrawal_id, id);

-- Operator corrections of a customer's balance: each is one ledger transfer (kind
-- "adjustment") with the reason as its memo, so the customer sees it in the balance log.
CREATE TABLE balance_adjustments (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users(id),
  operator_id        bigint NOT NULL REFERENCES users(id),
  currency           text NOT NULL REFERENCES wallet_currencies(code),
  -- Signed: positive credits the customer, negative debits.
  amount             numeric(36,18) NOT NULL CHECK (amount <> 0),
  reason             text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  client_request_id  text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT balance_adjustments_client_request_key UNIQUE (operator_id, client_request_id)
);
CREATE INDEX balance_adjustments_user_idx ON balance_adjustments (user_id, id);
