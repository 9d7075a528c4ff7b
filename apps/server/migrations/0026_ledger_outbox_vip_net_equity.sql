-- "Money that cannot be gamed", items 3 and 8.
--
-- Item 3: a VIP level's one-time gift is due only after the level was held from one daily
-- run to the next. reward_vip_held keeps, per customer, each level held without a break and
-- the business date of the daily run that first measured it (a fall deletes the levels above).
-- reward_vip_state.total_usdt is from now on the VIP base: net equity (assets − outstanding
-- loans − withdrawals on hold) at the daily run.
CREATE TABLE reward_vip_held (
  user_id bigint NOT NULL REFERENCES users (id),
  level integer NOT NULL CHECK (level > 0),
  since date NOT NULL,
  PRIMARY KEY (user_id, level)
);
--
-- Item 8: the ledger outbox. Followers of the ledger (rewards: deposits, trades, fees, earn
-- orders) read completed transfers of the followed kinds from here instead of by id: a row is
-- written by the same transaction as its transfer (trigger below), so it becomes visible
-- exactly when the transfer commits, whatever its id. A transaction that took a low id and
-- committed late (a futures open waiting on the risk lock) is therefore never skipped. The
-- follower deletes a row once it handled the transfer (handling is idempotent per transfer).
-- The kinds here are modules/ledger/feed.ts's OUTBOX_KINDS.
CREATE TABLE ledger_outbox (
  transfer_id bigint PRIMARY KEY
);

CREATE FUNCTION ledger_outbox_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_outbox (transfer_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_transfers_outbox AFTER INSERT ON ledger_transfers FOR EACH ROW
  WHEN (NEW.phase IN ('posted', 'post')
        AND NEW.kind IN ('deposit', 'spot_fee', 'futures_fee', 'exchange', 'earn', 'mining_purchase'))
  EXECUTE FUNCTION ledger_outbox_add();

-- What the id cursor might not have read yet: the window it re-read behind itself (idempotent).
INSERT INTO ledger_outbox (transfer_id)
SELECT t.id FROM ledger_transfers t JOIN reward_cursor c ON c.name = 'ledger'
WHERE t.id > c.last_id - 100 AND t.phase IN ('posted', 'post')
  AND t.kind IN ('deposit', 'spot_fee', 'futures_fee', 'exchange', 'earn', 'mining_purchase')
ON CONFLICT DO NOTHING;

DROP TABLE reward_cursor;
