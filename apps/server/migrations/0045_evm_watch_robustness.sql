-- The chain watcher's robustness (issue 33, modules/wallet/README.md "On-chain deposits").
--
-- 1. Where the watcher started following the chain: an address shown for the first time
--    has its token transfers looked up from there (a customer may have sent before the
--    address was shown, e.g. the address was derived elsewhere from the xpub).
ALTER TABLE evm_watch_state ADD COLUMN first_block bigint;
UPDATE evm_watch_state SET first_block = last_block;
ALTER TABLE evm_watch_state ALTER COLUMN first_block SET NOT NULL;

-- The block up to which an address's earlier token transfers were looked up (NULL: not
-- yet). Addresses from before this migration count as covered from the watcher's block on.
ALTER TABLE evm_deposit_addresses ADD COLUMN backfilled_to bigint;
UPDATE evm_deposit_addresses a SET backfilled_to = s.last_block FROM evm_watch_state s WHERE s.chain_id = a.chain_id;
CREATE INDEX evm_deposit_addresses_backfill_idx ON evm_deposit_addresses (chain_id, seq) WHERE backfilled_to IS NULL;

-- 2. A reorganisation deeper than the threshold replaced the block of a deposit already
--    credited. The credit is never reversed automatically: the case is kept here for an
--    operator (the deposit, the block's hash when credited, and the hash the chain has at
--    that height now — NULL when the chain is not that high any more).
CREATE TABLE evm_reorg_flags (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL,
  deposit_id bigint NOT NULL REFERENCES deposits (id),
  block_number bigint NOT NULL,
  old_block_hash text NOT NULL,
  new_block_hash text,
  detected_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (deposit_id, old_block_hash)
);
