// The app's check of a customer's proof of liabilities: included when the leaf is theirs,
// leads to the published root and the root's sums are the published liabilities; every
// tampering says why it failed.
import type { ProofLatest, ProofMine } from "@candor/contract";
import { buildLevels, leafHash, leafNode, type ProofLeafInput, pathOf, userIdHash } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { checkMine } from "../src/features/reserves/check";

const leaves: ProofLeafInput[] = [11, 12, 13].map((id) => ({
  salt: "ab".repeat(16),
  userHash: userIdHash(id),
  balances: [{ currency: "USDT", amount: `${id}.5` }],
}));
const levels = buildLevels(leaves.map(leafNode));
const root = levels.at(-1)?.[0];
const latest: ProofLatest = {
  id: 1,
  createdAt: "2026-11-28T00:00:00.000Z",
  root: root?.hash ?? "",
  block: null,
  totals: [{ currency: "USDT", liabilities: "37.5", reserves: null, ratio: null }],
  reserveSource: "none",
  network: null,
  addresses: [],
  leaves: 3,
};
const mineOf = (i: number): ProofMine => {
  const leaf = leaves[i] as ProofLeafInput;
  return {
    root: latest.root,
    leaf: { ...leaf, balances: [...leaf.balances], hash: leafHash(leaf) },
    path: pathOf(levels, i),
    proofId: 1,
    createdAt: latest.createdAt,
  };
};

describe("checkMine", () => {
  it("says included for the customer's own untouched proof", () => {
    expect(checkMine(mineOf(1), latest, 12)).toEqual({ ok: true });
  });
  it.each([
    ["a changed balance", (m: ProofMine) => (m.leaf.balances = [{ currency: "USDT", amount: "1000" }]), 12, "leaf"],
    ["another root", (m: ProofMine) => (m.root = "0".repeat(64)), 12, "root"],
    ["another customer's leaf", () => undefined, 11, "owner"],
  ] as const)("fails for %s", (_name, change, userId, detail) => {
    const m = mineOf(1);
    change(m);
    expect(checkMine(m, latest, userId)).toEqual({ ok: false, detail });
  });
  it("fails when the published liabilities are not the root's sums", () => {
    const understated = { ...latest, totals: [{ currency: "USDT", liabilities: "30", reserves: null, ratio: null }] };
    expect(checkMine(mineOf(0), understated, 11)).toEqual({ ok: false, detail: "totals" });
  });
});
