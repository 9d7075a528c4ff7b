-- Wallet edges (issue 18).
-- Deposits: what the provider says arrived. `amount` stays what the customer asked for;
-- the ledger credits `received_amount`. A confirmation that cannot be credited (no
-- positive amount, wrong currency or network) leaves the deposit under review with a flag.
ALTER TABLE deposits
  ADD COLUMN received_amount   numeric(36,18) CHECK (received_amount > 0),
  ADD COLUMN received_currency text,
  ADD COLUMN received_network  text,
  ADD COLUMN flag              text;
-- Deposits credited before this migration were credited with the amount asked for.
UPDATE deposits SET received_amount = amount, received_currency = currency, received_network = network
  WHERE status = 1;
ALTER TABLE deposits
  ADD CONSTRAINT deposits_completed_has_received CHECK (status <> 1 OR received_amount IS NOT NULL);

-- Withdrawals: when the payout started (approval), when an operator asked to fail an
-- approved one ("failing": the hold stays until the provider confirms the cancellation),
-- and a flag for the operator when the provider has not answered in time.
ALTER TABLE withdrawals
  ADD COLUMN payout_started_at timestamptz,
  ADD COLUMN failing_since     timestamptz,
  ADD COLUMN flagged_at        timestamptz,
  ADD COLUMN flag              text,
  ADD CONSTRAINT withdrawals_failing_is_in_flight CHECK (failing_since IS NULL OR status IN (1, 2, -2));

-- Tracker events for the new states.
ALTER TABLE withdrawal_events DROP CONSTRAINT withdrawal_events_event_check;
ALTER TABLE withdrawal_events ADD CONSTRAINT withdrawal_events_event_check
  CHECK (event IN ('requested', 'cancelled', 'approved', 'paid', 'rejected', 'failing', 'failed', 'flagged'));
