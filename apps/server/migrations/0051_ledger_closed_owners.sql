-- Closed accounts take no more money (issue 34 §4). Closing an account checks that every
-- balance is zero and anonymises the customer, who can never log in again; money credited
-- after that would sit where nobody can reach it. The close therefore closes the customer's
-- ledger accounts in its own transaction (ledger service closeOwner): it locks them (a
-- credit in flight is waited for and then seen by the close's balance check) and records
-- each account's credit total at that moment. From then on:
--   - the ledger refuses a credit to any of them (AccountClosedError, 409), and this check
--     constraint refuses one that would get past it (the one-statement path then goes the
--     ordinary way, which reports the error);
--   - a new account for a closed owner cannot be created (trigger below).
-- Debits are not limited: a closed account holds nothing to debit.
ALTER TABLE ledger_accounts ADD COLUMN closed_credits numeric(36, 18);
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_closed_take_nothing
  CHECK (closed_credits IS NULL OR credits_posted + credits_pending <= closed_credits);

CREATE TABLE ledger_closed_owners (
  user_id bigint PRIMARY KEY,
  closed_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION ledger_accounts_open_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM ledger_closed_owners WHERE user_id = NEW.user_id) THEN
    RAISE EXCEPTION 'the account''s owner is closed' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'ledger_accounts_closed_take_nothing';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_accounts_open_owner BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_open_owner();
