-- Proof of reserves and liabilities (issue 33; modules/reserves). A proof: the root of a
-- Merkle sum tree of every customer's balances per currency, the totals, and the platform's
-- on-chain balances at one block (none without a chain). Its tree is kept whole (every node
-- of every level, leaves at level 0), so a customer's path is one indexed read; each
-- customer's leaf keeps its random salt so the customer can open it.
CREATE TABLE reserve_proofs (
  id bigserial PRIMARY KEY,
  -- business time (the clock module), not the database's now()
  created_at timestamptz NOT NULL,
  -- the business date of the daily job that made it (one per date); NULL = made by an operator
  business_date date UNIQUE,
  made_by bigint REFERENCES staff (id),
  root text NOT NULL CHECK (root ~ '^[0-9a-f]{64}$'),
  block bigint,
  -- 'chain': reserves read on chain at block; 'none': no chain configured, no reserves
  reserve_source text NOT NULL CHECK (reserve_source IN ('chain', 'none')),
  network jsonb,
  totals jsonb NOT NULL,
  addresses jsonb NOT NULL DEFAULT '[]',
  leaves integer NOT NULL CHECK (leaves >= 0),
  CHECK ((reserve_source = 'chain') = (block IS NOT NULL))
);

CREATE TABLE reserve_proof_leaves (
  proof_id bigint NOT NULL REFERENCES reserve_proofs (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id),
  idx integer NOT NULL CHECK (idx >= 0),
  salt text NOT NULL,
  hash text NOT NULL,
  balances jsonb NOT NULL,
  PRIMARY KEY (proof_id, user_id)
);

CREATE TABLE reserve_proof_nodes (
  proof_id bigint NOT NULL REFERENCES reserve_proofs (id) ON DELETE CASCADE,
  level smallint NOT NULL CHECK (level >= 0),
  idx integer NOT NULL CHECK (idx >= 0),
  hash text NOT NULL,
  sum jsonb NOT NULL,
  PRIMARY KEY (proof_id, level, idx)
);
