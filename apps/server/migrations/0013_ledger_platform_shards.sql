-- Platform accounts split into shards (modules/ledger/shards.ts): each platform kind has up
-- to LEDGER_PLATFORM_SHARDS accounts per currency, so concurrent deposits, fees and trades
-- do not all wait for one row lock. The existing single platform accounts become shard 0;
-- customer accounts are always shard 0. A platform balance is the sum over its shards.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard_check
  CHECK (shard >= 0 AND shard < 64 AND (user_id IS NULL OR shard = 0));

-- The owner key now includes the shard (same name: the engine treats a race on it as retryable).
DROP INDEX ledger_accounts_owner_key;
CREATE UNIQUE INDEX ledger_accounts_owner_key ON ledger_accounts ((coalesce(user_id, 0)), currency, kind, shard);

-- The shard, like owner, currency and kind, never changes.
CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'ledger accounts are never deleted' USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.currency <> OLD.currency
     OR NEW.kind <> OLD.kind OR NEW.shard <> OLD.shard OR NEW.created_at <> OLD.created_at THEN
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
