// "No other code path writes a balance" (docs/product.md §1.1), made structural: only
// modules/ledger touches the ledger tables. Everything else must go through its service.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(SERVER, "src");
const LEDGER = path.join(SRC, "modules", "ledger");

const TABLE_PATTERNS = [
  /\bledger_accounts\b/, // SQL table names
  /\bledger_transfers\b/,
  /\bledgerAccounts\b/, // drizzle tables (also via the db/schema barrel or db.query.*)
  /\bledgerTransfers\b/,
  /\bcandor\.ledger_writer\b/, // the guard trigger's write flag
];
// The ledger's public surface; its schema, engine and planner are private.
const IMPORT_PATTERN = /(?:from|import)\s*\(?\s*["']([^"']*\bledger\/[^"']*)["']/g;
const PUBLIC_MODULES = /(?:^|\/)ledger\/(service|types|errors|messages)$/;

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, ext);
    return ext.test(entry.name) ? [full] : [];
  });
}

/** Lines outside the ledger module that name its tables or import its private files. */
function offences(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const rel = path.relative(SERVER, file);
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      // The schema barrel re-exports every module's tables so the drift test can see them.
      if (rel === path.join("src", "db", "schema.ts") && line.trim() === 'export * from "../modules/ledger/schema";') {
        return;
      }
      for (const pattern of TABLE_PATTERNS) {
        if (pattern.test(line)) found.push(`${rel}:${i + 1} names ${pattern.source}: ${line.trim()}`);
      }
      for (const match of line.matchAll(IMPORT_PATTERN)) {
        const spec = match[1] ?? "";
        if (!PUBLIC_MODULES.test(spec)) found.push(`${rel}:${i + 1} imports ${spec}`);
      }
    });
  }
  return found;
}

describe("only the ledger module touches the ledger tables", () => {
  it("no source file outside modules/ledger names a ledger table or imports its internals", () => {
    const outside = filesUnder(SRC, /\.(ts|tsx|js|mjs|sql)$/).filter((f) => !f.startsWith(LEDGER + path.sep));
    expect(outside.length).toBeGreaterThan(10);
    expect(offences(outside)).toEqual([]);
  });

  it("no migration but the ledger's own mentions the ledger tables", () => {
    const migrations = filesUnder(path.join(SERVER, "migrations"), /\.sql$/).filter(
      (f) => !/^\d{4}_ledger[a-z0-9_]*\.sql$/.test(path.basename(f)),
    );
    expect(offences(migrations)).toEqual([]);
  });

  it("the scan does see the ledger's own use of its tables (the patterns work)", () => {
    const inside = offences(filesUnder(LEDGER, /\.ts$/));
    expect(inside.some((o) => o.includes("ledger_accounts"))).toBe(true);
    expect(inside.some((o) => o.includes("ledgerTransfers"))).toBe(true);
  });
});
