-- Spot limit orders have a lifetime (SPOT_ORDER_MAX_AGE_DAYS): why an order was cancelled
-- (the customer, its lifetime running out, or a demo reset) is kept and shown.
ALTER TABLE spot_orders
  ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('customer', 'expired', 'demoReset'));
UPDATE spot_orders SET cancel_reason = 'customer' WHERE status = 'cancelled';
ALTER TABLE spot_orders ADD CONSTRAINT spot_orders_cancelled_has_reason
  CHECK ((status = 'cancelled') = (cancel_reason IS NOT NULL));
CREATE INDEX spot_orders_open_created_idx ON spot_orders (created_at) WHERE status = 'open';
