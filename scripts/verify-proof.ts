// `npm run verify-proof <mine.json> [<latest.json> | <root hex>] [--user <id>]`: checks a
// downloaded proof of liabilities with the same code the app runs in the browser
// (packages/domain reserves/merkle-sum), without trusting the server's word:
//   mine.json   — what GET /api/proof/mine?id=… answered (the envelope or its result)
//   latest.json — what GET /api/public/proof/latest answered (or give the published root);
//                 without it the root inside mine.json is used, and the script says so
//   --user <id> — your customer id: checks that the leaf is yours (its customer hash)
// Prints the result; exit code 0 when the balance is included, 1 when not, 2 on bad input.
import fs from "node:fs";
import { userIdHash, verifyProof } from "@candor/domain";

function readJson(file: string): Record<string, unknown> {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  return (parsed.result && typeof parsed.result === "object" ? parsed.result : parsed) as Record<string, unknown>;
}

function main(argv: string[]): number {
  const args = [...argv];
  let user: string | undefined;
  const u = args.indexOf("--user");
  if (u >= 0) {
    user = args[u + 1];
    args.splice(u, 2);
  }
  const [mineFile, rootArg] = args;
  if (!mineFile) {
    console.error("usage: npm run verify-proof <mine.json> [<latest.json> | <root hex>] [--user <id>]");
    return 2;
  }
  let mine: Record<string, unknown>;
  try {
    mine = readJson(mineFile);
  } catch (err) {
    console.error(`cannot read ${mineFile}: ${(err as Error).message}`);
    return 2;
  }
  let root = typeof mine.root === "string" ? mine.root : "";
  if (rootArg && /^[0-9a-f]{64}$/.test(rootArg)) root = rootArg;
  else if (rootArg) {
    try {
      root = String(readJson(rootArg).root ?? "");
    } catch (err) {
      console.error(`cannot read ${rootArg}: ${(err as Error).message}`);
      return 2;
    }
  } else {
    console.warn("note: no published root given; checking against the root inside the file");
  }
  if (root !== mine.root) {
    console.log(`NOT INCLUDED: the file's root ${String(mine.root)} is not the published root ${root}`);
    return 1;
  }
  const leaf = mine.leaf as Parameters<typeof verifyProof>[0]["leaf"] | undefined;
  if (!leaf || !Array.isArray(mine.path)) {
    console.error("the file has no leaf and path (is it the answer of /api/proof/mine?)");
    return 2;
  }
  if (user !== undefined && leaf.userHash !== userIdHash(user)) {
    console.log(`NOT YOURS: this leaf is not customer ${user}'s`);
    return 1;
  }
  const check = verifyProof({ root, leaf, path: mine.path as Parameters<typeof verifyProof>[0]["path"] });
  if (!check.ok) {
    console.log(`NOT INCLUDED: ${check.detail}`);
    return 1;
  }
  console.log(`INCLUDED: your balance is in the tree with root ${root}`);
  for (const b of leaf.balances) console.log(`  ${b.currency} ${b.amount}`);
  console.log(`Published totals at the root: ${check.root.sum.map((s) => `${s.currency} ${s.amount}`).join(", ")}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
