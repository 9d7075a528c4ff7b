// The customer's own check of a proof of liabilities, in the browser (packages/domain's
// Merkle sum code): the leaf is theirs, it leads to the published root, and the sums the root
// commits to are the liabilities published beside it.
import type { ProofLatest, ProofMine } from "@candor/contract";
import { sumAmounts, userIdHash, verifyProof } from "@candor/domain";

export type MineCheck = { ok: true } | { ok: false; detail: "root" | "owner" | "leaf" | "invalid" | "totals" };

/** The check of a customer's proof, in this browser: the leaf is theirs and leads to the root. */
export function checkMine(mine: ProofMine, latest: ProofLatest, userId: number): MineCheck {
  if (mine.root !== latest.root) return { ok: false as const, detail: "root" };
  if (mine.leaf.userHash !== userIdHash(userId)) return { ok: false as const, detail: "owner" };
  const check = verifyProof(mine);
  if (!check.ok) return { ok: false as const, detail: check.reason };
  // The sums the root commits to are the liabilities published beside it.
  const published = latest.totals
    .filter((t) => sumAmounts([t.liabilities]) !== "0")
    .map((t) => `${t.currency}:${sumAmounts([t.liabilities])}`);
  const proved = check.root.sum.map((a) => `${a.currency}:${sumAmounts([a.amount])}`);
  if (published.join(",") !== proved.join(",")) return { ok: false as const, detail: "totals" };
  return { ok: true as const };
}
