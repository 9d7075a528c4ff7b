-- Data rights (issue 34 §4, docs/contract.md "Consumer protection"): "Download my data"
-- (a zip prepared by a job, offered for 7 days, then deleted by a daily clean-up) and
-- "Close my account" (the closed user's row stays for the ledger and KYC retention, its
-- personal data erased or anonymised; the e-mail can register again).
CREATE TABLE data_exports (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  status text NOT NULL DEFAULT 'preparing' CHECK (status IN ('preparing', 'ready', 'expired')),
  -- The zip's file name under DATA_DIR/exports (random, never derived from the user).
  file_name text,
  size_bytes bigint,
  created_at timestamptz NOT NULL DEFAULT business_now(),
  ready_at timestamptz,
  expires_at timestamptz
);
-- One export in preparation at a time per customer.
CREATE UNIQUE INDEX data_exports_one_preparing ON data_exports (user_id) WHERE status = 'preparing';
CREATE INDEX data_exports_user ON data_exports (user_id, id DESC);

CREATE TABLE account_closures (
  user_id bigint PRIMARY KEY REFERENCES users(id),
  closed_at timestamptz NOT NULL DEFAULT business_now(),
  -- Personal data kept for the law until then (KYC retention), erased by the daily job.
  kyc_erase_after timestamptz NOT NULL,
  kyc_erased_at timestamptz,
  -- The ledger rows are kept (linked to the anonymised id) until this date.
  ledger_keep_until timestamptz NOT NULL
);
