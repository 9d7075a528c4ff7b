// `npm run verify-proof` (scripts/verify-proof.ts) on downloaded files: a good proof is
// included; a tampered balance, another root or another customer's id is not.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildLevels, leafHash, leafNode, type ProofLeafInput, pathOf, userIdHash } from "../src";

const root = path.resolve(__dirname, "../../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verify-proof-"));

const leaves: ProofLeafInput[] = [7, 8, 9].map((id) => ({
  salt: `${id}`.repeat(32),
  userHash: userIdHash(id),
  balances: [{ currency: "USDT", amount: `${id}00.5` }],
}));
const levels = buildLevels(leaves.map(leafNode));
const rootHash = levels.at(-1)?.[0]?.hash ?? "";
const me = leaves[1] as ProofLeafInput;
const mine = { root: rootHash, leaf: { ...me, hash: leafHash(me) }, path: pathOf(levels, 1), proofId: 1 };

function write(name: string, body: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(body));
  return file;
}

const run = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/verify-proof.ts", ...args], {
    cwd: root,
    encoding: "utf8",
  });

describe("npm run verify-proof", () => {
  const latest = write("latest.json", { code: 200, result: { id: 1, root: rootHash, totals: [] } });

  it("says INCLUDED for an untouched download checked against the published root and the customer's id", () => {
    const res = run(write("mine.json", { code: 200, result: mine }), latest, "--user", "8");
    expect(res.stdout, res.stderr).toMatch(/^INCLUDED/);
    expect(res.status).toBe(0);
  }, 30_000);

  it("says NOT INCLUDED for a file whose balance was changed", () => {
    const tampered = { ...mine, leaf: { ...mine.leaf, balances: [{ currency: "USDT", amount: "999999" }] } };
    const res = run(write("tampered.json", tampered), latest);
    expect(res.stdout).toMatch(/^NOT INCLUDED/);
    expect(res.status).toBe(1);
  }, 30_000);

  it("says NOT INCLUDED against another published root, and NOT YOURS for another customer's id", () => {
    const file = write("mine2.json", mine);
    expect(run(file, "0".repeat(64)).status).toBe(1);
    const other = run(file, latest, "--user", "7");
    expect(other.stdout).toMatch(/^NOT YOURS/);
    expect(other.status).toBe(1);
  }, 30_000);
});
