-- Issue 38: a single transfer is one statement outside any explicit transaction (lock the
-- accounts in id order, insert the transfers, add to the balances), so the invariants the
-- ordinary path asserts in Node between its write and COMMIT are asserted inside that
-- statement instead: a failed ledger_assert aborts the statement, so nothing commits.
-- Nothing about the tables, their constraints or triggers changes.
CREATE FUNCTION ledger_assert(ok boolean, what text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'ledger assertion failed: %', what USING ERRCODE = 'LA001';
  END IF;
  RETURN true;
END
$$;
