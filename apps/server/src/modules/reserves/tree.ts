// Building a proof (modules/reserves): the customers' leaves from the ledger, the Merkle sum
// tree (packages/domain reserves/merkle-sum), the totals against the reserves.
import { randomBytes } from "node:crypto";
import type { ProofAddress, ProofTotal } from "@candor/contract";
import {
  buildLevels,
  Decimal,
  dec,
  leafNode,
  type ProofAmount,
  type ProofNode,
  toMoneyString,
  userIdHash,
} from "@candor/domain";
import type { CustomerLiability } from "../ledger/service";

/** Ratio decimals (reserves ÷ liabilities, truncated). */
const RATIO_PLACES = 6;

export interface BuiltLeaf {
  userId: number;
  salt: string;
  hash: string;
  balances: ProofAmount[];
}

/**
 * One leaf per customer with a positive balance. A currency whose sum over the customer's
 * accounts is negative (a debt to the platform) is left out of the leaf: a debt is not a
 * liability, and a negative entry would let it cancel other customers' balances.
 */
export function buildTree(rows: readonly CustomerLiability[]): { leaves: BuiltLeaf[]; levels: ProofNode[][] } {
  const byUser = new Map<number, ProofAmount[]>();
  for (const r of rows) {
    if (dec(r.amount).lte(0)) continue;
    const list = byUser.get(r.userId) ?? [];
    list.push({ currency: r.currency, amount: r.amount });
    byUser.set(r.userId, list);
  }
  const leaves: BuiltLeaf[] = [];
  const nodes: ProofNode[] = [];
  for (const [userId, balances] of byUser) {
    const salt = randomBytes(16).toString("hex");
    const node = leafNode({ salt, userHash: userIdHash(userId), balances });
    leaves.push({ userId, salt, hash: node.hash, balances: node.sum });
    nodes.push(node);
  }
  return { leaves, levels: buildLevels(nodes) };
}

/** Liabilities (the root's sums) beside the reserves per currency; reserves null = no chain. */
export function proofTotals(rootSum: readonly ProofAmount[], addresses: ProofAddress[] | null): ProofTotal[] {
  const liabilities = new Map(rootSum.map((a) => [a.currency, dec(a.amount)]));
  const reserves = new Map<string, Decimal>();
  for (const a of addresses ?? []) {
    for (const b of a.balances) reserves.set(b.currency, (reserves.get(b.currency) ?? dec(0)).plus(b.amount));
  }
  const currencies = [...new Set([...liabilities.keys(), ...reserves.keys()])].sort();
  return currencies.map((currency) => {
    const owed = liabilities.get(currency) ?? dec(0);
    const held = addresses === null ? null : (reserves.get(currency) ?? dec(0));
    return {
      currency,
      liabilities: toMoneyString(owed),
      reserves: held === null ? null : toMoneyString(held),
      ratio:
        held === null || owed.isZero()
          ? null
          : toMoneyString(held.div(owed).toDecimalPlaces(RATIO_PLACES, Decimal.ROUND_DOWN)),
    };
  });
}

/** The number of levels of a tree of `leaves` leaves (a lone root counts as one). */
export function levelCount(leaves: number): number {
  let n = Math.max(1, leaves);
  let count = 1;
  while (n > 1) {
    n = Math.ceil(n / 2);
    count++;
  }
  return count;
}
