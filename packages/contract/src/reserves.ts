// Proof of reserves and liabilities (issue 33; docs/contract.md "On-chain money"): a Merkle
// sum tree of every customer's balances (packages/domain reserves/merkle-sum) and the
// platform's on-chain balances at one block. The pinned fields are first in each shape; the
// rest (salt, customer hash, where the reserves come from) is what a check needs.
import { z } from "zod";
import { DecimalString, IsoDate } from "./common";

export const ProofAmount = z.object({ currency: z.string(), amount: DecimalString });
export type ProofAmount = z.infer<typeof ProofAmount>;

export const ProofTotal = z.object({
  currency: z.string(),
  /** What customers own in it: every real account kind (spot, frozen, margin, options, earn, collateral). */
  liabilities: DecimalString,
  /** On-chain balance of the platform's addresses at `block`; null when no chain is configured. */
  reserves: DecimalString.nullable(),
  /** reserves ÷ liabilities as a decimal fraction string; null without reserves or liabilities. */
  ratio: DecimalString.nullable(),
});
export type ProofTotal = z.infer<typeof ProofTotal>;

export const ProofAddress = z.object({
  address: z.string(),
  /** hot = the platform's hot wallet (CHAIN_EVM_HOT_WALLET); deposit = a customer's deposit address. */
  kind: z.enum(["hot", "deposit"]),
  balances: z.array(ProofAmount),
});
export type ProofAddress = z.infer<typeof ProofAddress>;

export const ProofLatest = z.object({
  id: z.number().int(),
  /** Business time the proof was made. */
  createdAt: IsoDate,
  /** The Merkle sum tree's root hash (sha256 hex). */
  root: z.string(),
  /** The block the reserves were read at; null when no chain is configured. */
  block: z.number().int().nullable(),
  totals: z.array(ProofTotal),
  /** "chain": reserves read on chain at `block`; "none": no chain configured, no reserves shown. */
  reserveSource: z.enum(["chain", "none"]),
  /** The network's name (CHAIN_EVM_NETWORK) and chain id; null without a chain. */
  network: z.object({ name: z.string(), chainId: z.number().int() }).nullable(),
  /** The addresses whose balances make the reserves (those with a balance at `block`). */
  addresses: z.array(ProofAddress),
  /** Customers (leaves) in the tree. */
  leaves: z.number().int(),
});
export type ProofLatest = z.infer<typeof ProofLatest>;

export const ProofMineQuery = z.object({ id: z.coerce.number().int().positive() });
export type ProofMineQuery = z.infer<typeof ProofMineQuery>;

export const ProofStep = z.object({
  hash: z.string(),
  sum: z.array(ProofAmount),
  /** Which side of the path the sibling is on. */
  side: z.enum(["left", "right"]),
});

export const ProofMine = z.object({
  root: z.string(),
  leaf: z.object({
    hash: z.string(),
    balances: z.array(ProofAmount),
    /** The leaf's random salt (hex): with it the leaf hash can be recomputed. */
    salt: z.string(),
    /** sha256 of "candor-por-user|<customer id>". */
    userHash: z.string(),
  }),
  path: z.array(ProofStep),
  /** The proof this leaf belongs to. */
  proofId: z.number().int(),
  createdAt: IsoDate,
});
export type ProofMine = z.infer<typeof ProofMine>;
