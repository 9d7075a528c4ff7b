-- The evidence of options and spot orders names the venues of an index price (issue 32 §2),
-- as futures positions do since 0035: the readings of the ticks an option opened and
-- settled at, and of the tick a spot order filled at. NULL for simulated, replayed and
-- single-venue ticks.
ALTER TABLE option_orders
  ADD COLUMN open_tick_sources jsonb,
  ADD COLUMN close_tick_sources jsonb;
ALTER TABLE spot_orders ADD COLUMN fill_tick_sources jsonb;
