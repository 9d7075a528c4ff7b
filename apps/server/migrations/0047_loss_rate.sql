-- The share of customers who lost money trading (issue 34 §1, modules/disclosure): one row
-- per business date and product (futures, options, all), made by the daily job from the
-- ledger over the 12 months before that date. losing_share is null below the minimum sample.
CREATE TABLE loss_rates (
  business_date date NOT NULL,
  product text NOT NULL CHECK (product IN ('futures', 'options', 'all')),
  customers integer NOT NULL,
  losing integer NOT NULL,
  losing_share numeric(6, 4),
  minimum_sample integer NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT business_now(),
  PRIMARY KEY (business_date, product)
);
