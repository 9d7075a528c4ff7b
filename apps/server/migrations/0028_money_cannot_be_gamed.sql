-- "Money that cannot be gamed", items 6 and 7.
--
-- Item 6: one provider reference credits at most one deposit. A credited deposit keeps the
-- provider's (or, confirmed by hand, the bank's) reference of its receipt in provider_ref;
-- the same reference of the same provider, in any letter case, is refused for another
-- deposit by this index (and checked first, for a message).
--
-- Existing data. Before this migration one receipt could credit several deposits, and every
-- deposit an operator confirmed got the placeholder 'operator' as its reference, so a
-- database may hold duplicates; the index must not fail on them, and the records are
-- evidence that stays as it was. Decision: nothing is rewritten or un-credited; such rows are
-- marked provider_ref_legacy = true and left outside the index: every 'operator' placeholder
-- (not a receipt's reference), and of each other set of duplicates every deposit after the
-- first (lowest id). Their references still count as used: a new confirmation with one of
-- them is refused. Operators find the marked rows with
--   SELECT * FROM deposits WHERE provider_ref_legacy ORDER BY provider, lower(provider_ref), id;
ALTER TABLE deposits ADD COLUMN provider_ref_legacy boolean NOT NULL DEFAULT false;
UPDATE deposits SET provider_ref_legacy = true WHERE provider_ref = 'operator';
UPDATE deposits d SET provider_ref_legacy = true
  WHERE d.provider_ref IS NOT NULL AND NOT d.provider_ref_legacy
    AND EXISTS (
      SELECT 1 FROM deposits e
      WHERE e.provider = d.provider AND lower(e.provider_ref) = lower(d.provider_ref)
        AND NOT e.provider_ref_legacy AND e.id < d.id
    );
CREATE UNIQUE INDEX deposits_provider_ref_key ON deposits (provider, lower(provider_ref))
  WHERE provider_ref IS NOT NULL AND NOT provider_ref_legacy;

-- Item 7: the house's exposure counts what is open. Every open trade whose worst case the
-- platform carries but has not booked yet holds a reservation of that worst case on the
-- account that would pay it (futures: the notional, margin × leverage; options: stake ×
-- payout rate; both on `house`), and risk_open_exposure keeps their sum per account and
-- currency, changed in the same transaction as the trade opens or ends (close, TP/SL,
-- close-out, option settlement or refund). A new trade is refused when the booked balance
-- minus that sum minus its own worst case would pass −limit. Locking the (account, currency)
-- row orders the checks of every node. Virtual money (VUSDT, CUSDT) holds none.
CREATE TABLE risk_open_exposure (
  account     text NOT NULL CHECK (account IN ('house', 'treasury')),
  currency    text NOT NULL,
  worst_case  numeric(36,18) NOT NULL DEFAULT 0 CHECK (worst_case >= 0),
  open_count  integer NOT NULL DEFAULT 0 CHECK (open_count >= 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account, currency)
);
-- One reservation per open trade: released (deleted, its amount taken off the sum) exactly
-- once, by whatever ends the trade.
CREATE TABLE risk_reservations (
  ref_type    text NOT NULL CHECK (ref_type IN ('futures_position', 'option')),
  ref_id      bigint NOT NULL,
  account     text NOT NULL,
  currency    text NOT NULL,
  amount      numeric(36,18) NOT NULL CHECK (amount > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ref_type, ref_id)
);
-- Trades open at the migration get their reservations, so their end releases them.
INSERT INTO risk_open_exposure (account, currency)
  SELECT DISTINCT 'house', currency FROM futures_positions WHERE status <> 'closed' AND mode = 'real'
  UNION
  SELECT DISTINCT 'house', currency FROM option_orders WHERE status = 'open' AND mode = 'real';
INSERT INTO risk_reservations (ref_type, ref_id, account, currency, amount)
  SELECT 'futures_position', id, 'house', currency, margin * leverage
    FROM futures_positions WHERE status <> 'closed' AND mode = 'real' AND margin * leverage > 0;
INSERT INTO risk_reservations (ref_type, ref_id, account, currency, amount)
  SELECT 'option', id, 'house', currency, amount * payout_rate
    FROM option_orders WHERE status = 'open' AND mode = 'real' AND amount * payout_rate > 0;
UPDATE risk_open_exposure e
  SET worst_case = r.total, open_count = r.n
  FROM (SELECT account, currency, sum(amount) AS total, count(*)::integer AS n
          FROM risk_reservations GROUP BY account, currency) r
  WHERE e.account = r.account AND e.currency = r.currency;
