-- Ledger (DESIGN.md §4): accounts that carry their balances, and immutable double-entry
-- transfers. Only modules/ledger reads or writes these tables; the triggers below make a
-- direct write to a balance, or any edit of a transfer, fail in the database itself.

CREATE TABLE ledger_accounts (
  id               bigserial PRIMARY KEY,
  -- NULL = a platform account (treasury, clearing, …); otherwise the customer who owns it.
  user_id          bigint REFERENCES users(id),
  currency         text NOT NULL CHECK (currency ~ '^[A-Z][A-Z0-9]{1,15}$'),
  kind             text NOT NULL,
  -- Running totals in the TigerBeetle style; they only ever change together with the
  -- transfer rows that explain them (same transaction, ledger module only).
  debits_posted    numeric(36,18) NOT NULL DEFAULT 0 CHECK (debits_posted >= 0),
  credits_posted   numeric(36,18) NOT NULL DEFAULT 0 CHECK (credits_posted >= 0),
  debits_pending   numeric(36,18) NOT NULL DEFAULT 0 CHECK (debits_pending >= 0),
  credits_pending  numeric(36,18) NOT NULL DEFAULT 0 CHECK (credits_pending >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_kind_check CHECK (
    (user_id IS NOT NULL AND kind IN ('spot', 'frozen', 'margin', 'options', 'earn', 'collateral', 'contest', 'demo'))
    OR (user_id IS NULL AND kind IN ('treasury', 'clearing', 'fees', 'house', 'rewards', 'interest'))
  ),
  -- A customer's available balance (posted credits − posted debits − held debits) is never
  -- negative. Platform accounts may go negative: they are the other side of every customer
  -- balance, so each currency sums to zero.
  CONSTRAINT ledger_accounts_user_not_negative CHECK (
    user_id IS NULL OR credits_posted - debits_posted - debits_pending >= 0
  ),
  -- Target of the transfers' (account, currency) foreign keys: both legs share one currency.
  CONSTRAINT ledger_accounts_id_currency_key UNIQUE (id, currency)
);
-- One account per (owner, currency, kind); platform accounts use owner 0 (no user has id 0).
CREATE UNIQUE INDEX ledger_accounts_owner_key ON ledger_accounts ((coalesce(user_id, 0)), currency, kind);

CREATE TABLE ledger_transfers (
  id                 bigserial PRIMARY KEY,
  -- The caller's idempotency key: applying the same key twice returns the first result.
  idempotency_key    text NOT NULL CONSTRAINT ledger_transfers_idempotency_key_key UNIQUE
                     CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- posted: moves funds at once. pending: reserves them (a hold). post / void: resolves
  -- the pending transfer named by pending_id (post may move less than was held).
  phase              text NOT NULL CHECK (phase IN ('posted', 'pending', 'post', 'void')),
  pending_id         bigint CONSTRAINT ledger_transfers_pending_id_key UNIQUE REFERENCES ledger_transfers(id),
  debit_account_id   bigint NOT NULL,
  credit_account_id  bigint NOT NULL,
  currency           text NOT NULL,
  amount             numeric(36,18) NOT NULL CHECK (amount > 0),
  -- Reason code (deposit, withdrawal, exchange, …) and the business record it belongs to.
  kind               text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_.]{0,63}$'),
  reference_type     text NOT NULL CHECK (length(reference_type) BETWEEN 1 AND 64),
  reference_id       text NOT NULL CHECK (length(reference_id) BETWEEN 1 AND 128),
  memo               text NOT NULL DEFAULT '' CHECK (length(memo) <= 500),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_transfers_distinct_accounts CHECK (debit_account_id <> credit_account_id),
  CONSTRAINT ledger_transfers_pending_link CHECK ((phase IN ('post', 'void')) = (pending_id IS NOT NULL)),
  -- Same-currency legs, enforced by the database: each account must hold the transfer's currency.
  CONSTRAINT ledger_transfers_debit_fk FOREIGN KEY (debit_account_id, currency)
    REFERENCES ledger_accounts (id, currency),
  CONSTRAINT ledger_transfers_credit_fk FOREIGN KEY (credit_account_id, currency)
    REFERENCES ledger_accounts (id, currency)
);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id);
CREATE INDEX ledger_transfers_reference_idx ON ledger_transfers (reference_type, reference_id);

-- Transfers are immutable: a mistake is corrected by a reversing transfer, never edited away.
CREATE FUNCTION ledger_history_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % rejected: ledger history is immutable (correct a mistake with a reversing transfer)',
    TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER ledger_transfers_no_update_delete BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_history_immutable();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_history_immutable();

-- Accounts are never deleted; owner, currency and kind never change; posted totals only grow;
-- and balances change only inside a ledger batch, which marks its transaction with the
-- transaction-local setting candor.ledger_writer (a guard against stray UPDATEs, operators included).
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.currency <> OLD.currency
     OR NEW.kind <> OLD.kind OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'a ledger account''s owner, currency and kind never change' USING ERRCODE = 'restrict_violation';
  END IF;
  IF coalesce(current_setting('candor.ledger_writer', true), '') <> 'on' THEN
    RAISE EXCEPTION 'balances change only through ledger transfers' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.debits_posted < OLD.debits_posted OR NEW.credits_posted < OLD.credits_posted THEN
    RAISE EXCEPTION 'posted totals never decrease' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_history_immutable();
