// Proof of liabilities (issue 33): the Merkle sum tree a customer checks their balance against.
import { describe, expect, it } from "vitest";
import {
  buildLevels,
  EMPTY_NODE,
  leafHash,
  leafNode,
  type ProofLeafInput,
  type ProofStep,
  parentNode,
  pathOf,
  userIdHash,
  verifyProof,
} from "../src/reserves/merkle-sum";

const salt = (n: number) => n.toString(16).padStart(32, "0");
const leaf = (n: number, balances: ProofLeafInput["balances"]): ProofLeafInput => ({
  salt: salt(n),
  userHash: userIdHash(n),
  balances,
});

function tree(leaves: ProofLeafInput[]) {
  const levels = buildLevels(leaves.map(leafNode));
  const root = levels.at(-1)?.[0] ?? EMPTY_NODE;
  const proofOf = (i: number) => {
    const input = leaves[i] as ProofLeafInput;
    return { root: root.hash, leaf: { ...input, hash: leafHash(input) }, path: pathOf(levels, i) };
  };
  return { levels, root, proofOf };
}

const three = [
  leaf(1, [{ currency: "USDT", amount: "100.5" }]),
  leaf(2, [
    { currency: "USDT", amount: "0.000000000000000001" },
    { currency: "BTC", amount: "2" },
  ]),
  leaf(3, [{ currency: "ETH", amount: "7" }]),
];

describe("a Merkle sum tree of customers' balances", () => {
  it("carries the per-currency totals in its root", () => {
    expect(tree(three).root.sum).toEqual([
      { currency: "BTC", amount: "2" },
      { currency: "ETH", amount: "7" },
      { currency: "USDT", amount: "100.500000000000000001" },
    ]);
  });

  it.each([1, 2, 3, 4, 5, 7, 8, 9])("every leaf of a tree of %i leaves proves to the root", (count) => {
    const leaves = Array.from({ length: count }, (_, i) => leaf(i + 1, [{ currency: "USDT", amount: String(i + 1) }]));
    const t = tree(leaves);
    for (let i = 0; i < count; i++) expect(verifyProof(t.proofOf(i))).toMatchObject({ ok: true });
    expect(t.root.sum).toEqual([{ currency: "USDT", amount: String((count * (count + 1)) / 2) }]);
  });

  it("an empty tree has the empty root and no liabilities", () => {
    expect(tree([]).root).toEqual(EMPTY_NODE);
  });

  const good = () => tree(three).proofOf(1);
  const tampered: Array<[string, (p: ReturnType<typeof good>) => void, string]> = [
    [
      "a changed balance",
      (p) => (p.leaf.balances = [{ currency: "USDT", amount: "5" }, p.leaf.balances[1] as never]),
      "leaf",
    ],
    [
      "a changed balance with the leaf hash recomputed",
      (p) => {
        p.leaf.balances = [{ currency: "BTC", amount: "1" }];
        p.leaf.hash = leafHash(p.leaf);
      },
      "root",
    ],
    ["another customer's hash", (p) => (p.leaf.userHash = userIdHash(99)), "leaf"],
    ["a changed salt", (p) => (p.leaf.salt = salt(42)), "leaf"],
    ["a changed sibling sum", (p) => ((p.path[0] as ProofStep).sum = [{ currency: "USDT", amount: "1" }]), "root"],
    ["a changed sibling hash", (p) => ((p.path[0] as ProofStep).hash = "0".repeat(64)), "root"],
    ["a swapped side", (p) => ((p.path[0] as ProofStep).side = "right"), "root"],
    ["a missing step", (p) => p.path.pop(), "root"],
    ["another root", (p) => (p.root = EMPTY_NODE.hash), "root"],
    [
      "a negative sibling sum",
      (p) => ((p.path[0] as ProofStep).sum = [{ currency: "USDT", amount: "-100" }]),
      "invalid",
    ],
    ["an unknown side", (p) => ((p.path[0] as { side: string }).side = "up"), "invalid"],
  ];

  it("an untouched proof verifies", () => {
    expect(verifyProof(good())).toMatchObject({ ok: true });
  });

  it.each(tampered)("%s fails", (_name, change, reason) => {
    const p = good();
    p.path = p.path.map((s) => ({ ...s }));
    change(p);
    expect(verifyProof(p)).toMatchObject({ ok: false, reason });
  });

  it("refuses a negative balance in a leaf (it would hide other customers' liabilities)", () => {
    expect(() => leafNode(leaf(1, [{ currency: "USDT", amount: "-1" }]))).toThrow(/non-negative/);
  });

  it("refuses a node whose child carries a negative sum", () => {
    const bad = { hash: EMPTY_NODE.hash, sum: [{ currency: "USDT", amount: "-5" }] };
    expect(() => parentNode(leafNode(three[0] as ProofLeafInput), bad)).toThrow(/non-negative/);
  });

  it("refuses more decimals than the ledger keeps, and a repeated currency", () => {
    expect(() => leafNode(leaf(1, [{ currency: "USDT", amount: "0.0000000000000000001" }]))).toThrow(/decimals/);
    expect(() =>
      leafNode(
        leaf(1, [
          { currency: "USDT", amount: "1" },
          { currency: "USDT", amount: "2" },
        ]),
      ),
    ).toThrow(/twice/);
  });

  it("hashes the same balances the same whatever their order or trailing zeros", () => {
    const a = leafHash(
      leaf(5, [
        { currency: "USDT", amount: "1.50" },
        { currency: "BTC", amount: "0" },
      ]),
    );
    expect(a).toBe(leafHash(leaf(5, [{ currency: "USDT", amount: "1.5" }])));
  });
});
