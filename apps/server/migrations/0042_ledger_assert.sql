-- Issue 38: a call of transfers/holds whose accounts are known is one statement outside any
-- explicit transaction (modules/ledger/one-statement.ts): lock the accounts in id order,
-- insert the transfers, add to the balances. The invariants the ordinary path asserts in
-- Node between its write and COMMIT are asserted inside that statement instead: a failed
-- ledger_assert aborts the statement, so nothing commits. Tables, constraints and triggers
-- are unchanged.
CREATE FUNCTION ledger_assert(ok boolean, what text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'ledger assertion failed: %', what USING ERRCODE = 'LA001';
  END IF;
  RETURN true;
END
$$;

-- The statement itself, as a function so that its plan is cached per connection AND generic
-- (SET plan_cache_mode): prepared from the client it is planned again on every call (the
-- custom plans of its array parameters look cheaper than the generic one, so PostgreSQL never
-- switches: half of its database CPU). Every table access in it is by primary key (or the
-- unique key index of the insert), and enable_seqscan = off keeps it so in the plan a
-- connection caches: planned while ledger_accounts held a page or two, a sequential scan
-- looks cheaper, and the connection would keep it as the table grows (issue 38).
-- e_*: per account (id order) its identity and the change to add; t_*: the transfer rows.
CREATE FUNCTION ledger_apply_moves(
  e_id bigint[], e_owner bigint[], e_currency text[], e_kind text[], e_shard smallint[],
  e_dp numeric[], e_cp numeric[], e_dpe numeric[], e_cpe numeric[],
  t_key text[], t_phase text[], t_debit bigint[], t_credit bigint[], t_currency text[], t_amount numeric[],
  t_kind text[], t_reference_type text[], t_reference_id text[], t_memo text[]
) RETURNS TABLE (id bigint, idempotency_key text, phase text, pending_id bigint, debit_account_id bigint,
                 credit_account_id bigint, currency text, amount numeric, kind text, reference_type text,
                 reference_id text, memo text, created_at text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY
  WITH writer AS MATERIALIZED (
    -- What the accounts' guard trigger requires for a balance change; this statement only.
    SELECT set_config('candor.ledger_writer', 'on', true) AS flag
  ),
  expected AS MATERIALIZED (
    SELECT * FROM unnest(e_id, e_owner, e_currency, e_kind, e_shard, e_dp, e_cp, e_dpe, e_cpe)
      AS e(id, owner, currency, kind, shard, dp, cp, dpe, cpe)
  ),
  locked AS MATERIALIZED (
    SELECT a.id, a.user_id, a.currency, a.kind, a.shard, a.debits_posted, a.credits_posted, a.debits_pending,
           a.credits_pending
    FROM ledger_accounts a WHERE a.id = ANY(e_id)
    ORDER BY a.id
    FOR UPDATE
  ),
  ins AS (
    INSERT INTO ledger_transfers AS t (idempotency_key, phase, debit_account_id, credit_account_id, currency, amount,
      kind, reference_type, reference_id, memo)
    SELECT * FROM unnest(t_key, t_phase, t_debit, t_credit, t_currency, t_amount, t_kind, t_reference_type,
      t_reference_id, t_memo)
    -- Every lock is taken (in id order) before the first row is written; the accounts are
    -- the ones the caller named.
    WHERE ledger_assert((SELECT count(*) FROM locked l JOIN expected e ON l.id = e.id
            AND coalesce(l.user_id, 0) = e.owner AND l.currency = e.currency AND l.kind = e.kind
            AND l.shard = e.shard) = cardinality(e_id), 'the named accounts exist and are locked')
    RETURNING t.id, t.idempotency_key, t.phase, t.pending_id, t.debit_account_id, t.credit_account_id, t.currency,
      t.amount, t.kind, t.reference_type, t.reference_id, t.memo, t.created_at
  ),
  upd AS (
    UPDATE ledger_accounts a SET
      debits_posted = a.debits_posted + e.dp,
      credits_posted = a.credits_posted + e.cp,
      debits_pending = a.debits_pending + e.dpe,
      credits_pending = a.credits_pending + e.cpe
    FROM expected e, writer w
    WHERE a.id = e.id AND a.id = ANY(e_id) AND w.flag = 'on'
      AND ledger_assert((SELECT count(*) FROM ins) = cardinality(t_key), 'every planned transfer was inserted')
    RETURNING a.id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending
  )
  SELECT i.id, i.idempotency_key, i.phase, i.pending_id, i.debit_account_id, i.credit_account_id, i.currency,
         i.amount, i.kind, i.reference_type, i.reference_id, i.memo,
         to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  FROM ins i
  WHERE ledger_assert((SELECT count(*) FROM upd u JOIN locked l ON l.id = u.id JOIN expected e ON e.id = u.id
          WHERE u.debits_posted = l.debits_posted + e.dp AND u.credits_posted = l.credits_posted + e.cp
            AND u.debits_pending = l.debits_pending + e.dpe AND u.credits_pending = l.credits_pending + e.cpe)
        = cardinality(e_id), 'every touched account holds exactly its locked balances plus the planned change');
END
$$;
