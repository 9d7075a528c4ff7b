-- On-chain withdrawals and sweeps on the EVM network (issue 33, wallet README "On-chain
-- withdrawals and sweeps"). The API builds and broadcasts; the signer process signs.
-- A withdrawal on the chain gets one evm_payouts row: its nonce (kept when a stuck
-- transaction is replaced with a higher fee), every hash broadcast for it, and where it is.
ALTER TABLE withdrawals
  ADD COLUMN tx_hash text,
  ADD COLUMN explorer_url text;

-- The next nonce of a sending address (the hot wallet) on a chain, allocated under a row lock
-- and reconciled with the chain's pending count.
CREATE TABLE evm_nonces (
  chain_id bigint NOT NULL,
  address text NOT NULL CHECK (address ~ '^0x[0-9a-f]{40}$'),
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain_id, address)
);

CREATE TABLE evm_payouts (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  from_address text NOT NULL,
  to_address text NOT NULL,
  -- The ERC-20 contract (lower-case); null = the native coin.
  token text,
  amount_units numeric(78, 0) NOT NULL CHECK (amount_units > 0),
  nonce bigint,
  -- signed (not yet broadcast) → broadcast → confirmed | reverted; refused = the signer said no.
  status text NOT NULL CHECK (status IN ('signed', 'broadcast', 'confirmed', 'reverted', 'refused')),
  -- The current (last) signed transaction, hash and fees; earlier hashes stay in `hashes`.
  raw_tx text,
  tx_hash text,
  hashes text[] NOT NULL DEFAULT '{}',
  gas_limit bigint,
  max_fee_per_gas numeric(78, 0),
  max_priority_fee_per_gas numeric(78, 0),
  replacements integer NOT NULL DEFAULT 0,
  broadcast_block bigint,
  mined_block bigint,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'refused' OR (nonce IS NOT NULL AND raw_tx IS NOT NULL AND tx_hash IS NOT NULL))
);
-- One live payout per withdrawal: a refusal does not count.
CREATE UNIQUE INDEX evm_payouts_withdrawal_key ON evm_payouts (withdrawal_id) WHERE status <> 'refused';
CREATE UNIQUE INDEX evm_payouts_nonce_key ON evm_payouts (chain_id, from_address, nonce) WHERE status <> 'refused';
CREATE INDEX evm_payouts_open_idx ON evm_payouts (chain_id) WHERE status IN ('signed', 'broadcast');

-- Platform custody movements: a deposit address's token balance moved to the hot wallet after
-- a gas top-up. Customers' ledger balances are untouched (they were credited at deposit).
CREATE TABLE evm_sweeps (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL,
  token text NOT NULL,
  amount_units numeric(78, 0) NOT NULL CHECK (amount_units > 0),
  -- gas_sent (top-up broadcast) → sent (token transfer broadcast) → done | failed
  status text NOT NULL CHECK (status IN ('gas_sent', 'sent', 'done', 'failed')),
  gas_tx_hash text,
  gas_nonce bigint,
  tx_hash text,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one sweep in flight per address and token.
CREATE UNIQUE INDEX evm_sweeps_open_key ON evm_sweeps (chain_id, address, token) WHERE status IN ('gas_sent', 'sent');
