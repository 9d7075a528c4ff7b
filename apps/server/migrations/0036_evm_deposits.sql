-- On-chain deposits on one EVM network (issue 33, docs/contract.md "On-chain money (EVM
-- networks)"). A transfer to a customer's derived address becomes a deposit row (status 0
-- with its confirmations), credited once at the threshold; one dropped by a reorganisation
-- before that is voided (status -2, chain_state 'dropped') and never credited.
ALTER TABLE deposits
  ADD COLUMN chain_id bigint,
  ADD COLUMN tx_hash text,
  -- The Transfer log's index in its block; -1 for a native-coin transfer (one per transaction).
  ADD COLUMN log_index integer,
  ADD COLUMN block_number bigint,
  ADD COLUMN block_hash text,
  ADD COLUMN confirmations integer,
  ADD COLUMN required_confirmations integer,
  ADD COLUMN chain_state text CHECK (chain_state IN ('pending', 'credited', 'dust', 'dropped')),
  ADD CONSTRAINT deposits_chain_fields CHECK (
    (chain_id IS NULL AND chain_state IS NULL)
    OR (chain_id IS NOT NULL AND chain_state IS NOT NULL AND tx_hash IS NOT NULL AND log_index IS NOT NULL
        AND block_number IS NOT NULL AND block_hash IS NOT NULL AND required_confirmations IS NOT NULL)
  );

-- One live record per transfer (chain, transaction, log). A voided record stays for the
-- customer to see and does not count: the same transfer mined again after a reorganisation
-- is a new record.
CREATE UNIQUE INDEX deposits_chain_transfer_key ON deposits (chain_id, tx_hash, log_index)
  WHERE chain_id IS NOT NULL AND chain_state <> 'dropped';
CREATE INDEX deposits_chain_pending_idx ON deposits (chain_id, block_number)
  WHERE chain_id IS NOT NULL AND status = 0;

-- Customer n's address on a chain (the xpub's child n), stored when first shown so the
-- watcher knows which addresses to follow. Keyed by address: if the xpub ever changes, the
-- addresses already handed out stay watched.
CREATE TABLE evm_deposit_addresses (
  seq bigserial UNIQUE,
  chain_id bigint NOT NULL,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);
CREATE INDEX evm_deposit_addresses_user_idx ON evm_deposit_addresses (chain_id, user_id);

-- The watcher's progress: the last block processed and the hashes of the last blocks,
-- re-checked each round to notice a reorganisation.
CREATE TABLE evm_watch_state (
  chain_id bigint PRIMARY KEY,
  last_block bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE evm_blocks (
  chain_id bigint NOT NULL,
  number bigint NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (chain_id, number)
);
