-- Monthly account statements (issue 34 §3, docs/contract.md "Consumer protection"): the PDF of
-- a closed month, made the first time it is asked for and kept, one per customer, month and
-- language, so the same file is returned again. The running month's is made afresh each time
-- and not kept.
CREATE TABLE account_statements (
  user_id bigint NOT NULL REFERENCES users(id),
  month text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  lang text NOT NULL,
  pdf bytea NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT business_now(),
  PRIMARY KEY (user_id, month, lang)
);
