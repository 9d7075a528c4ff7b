// Every reason code the server writes on a ledger transfer is in the contract's LEDGER_KINDS,
// so the balance log has a title for it in all eight languages (apps/web/test/
// balance-log-statement.test.ts checks the titles; issue 35 §6). The ledger's types refuse
// any other code at compile time; this test reads the source as a second guard (a cast
// would get past the types) and pins the typing itself.
import fs from "node:fs";
import path from "node:path";
import { LEDGER_KINDS, type LedgerKind } from "@candor/contract";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { PostOp, TransferMeta, VoidOp } from "../../src/modules/ledger/service";
import { SRC } from "../import-graph";

/** Business kinds near ledger calls that are not reason codes (debt claim events). */
const NOT_REASON_CODES = new Set(["recovery", "repayment"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : e.name.endsWith(".ts") ? [full] : [];
  });
}

/** `kind: "x"` next to a ledger operation's key, reference or accounts, and `const kind = "x"`. */
function reasonCodesWritten(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(path.join(SRC, "modules"))) {
    if (file.includes(`${path.sep}ledger${path.sep}`)) continue;
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes("ledger/service")) continue;
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/\b(?:kind|ledgerKind): "([a-z_]+)"|\bconst kind = "([a-z_]+)"/g)) {
        const around = lines.slice(Math.max(0, i - 4), i + 5).join("\n");
        const code = m[1] ?? m[2] ?? "";
        if (m[2] || /\bkey\b|reference|pendingId|debit|credit/.test(around)) found.set(code, path.relative(SRC, file));
      }
    });
  }
  return found;
}

describe("ledger reason codes", () => {
  it("types every transfer's kind with the contract's list", () => {
    expectTypeOf<TransferMeta["kind"]>().toEqualTypeOf<LedgerKind>();
    expectTypeOf<NonNullable<PostOp["kind"]>>().toEqualTypeOf<LedgerKind>();
    expectTypeOf<NonNullable<VoidOp["kind"]>>().toEqualTypeOf<LedgerKind>();
  });

  it("lists every reason code the server writes", () => {
    const written = reasonCodesWritten();
    expect(written.size).toBeGreaterThan(30);
    const unlisted = [...written].filter(
      ([code]) => !NOT_REASON_CODES.has(code) && !LEDGER_KINDS.includes(code as never),
    );
    expect(unlisted).toEqual([]);
  });
});
