// Modules reach each other without import loops (docs/style.md, "Shape of the code"). Counted:
// every import of another module's file, `import type` included (a type-only loop ties
// the modules together just the same), and the shared files in lib/ and plugins/, each its
// own unit (a plugin that imports a module that imports the plugin back is a loop too).
// Only the drizzle schemas' foreign-key imports are not. There is none: the identity and
// back-office modules that once formed one (auth, kyc, staff, uploads, users, wallet)
// compose through the profile and customers modules, which nothing imports back, and the
// bus knows no module's events (each module declares its own, lib/event-bus.ts).
// test/module-boundaries-cycles.test.ts checks the same file by file.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importSpecifiers, SRC } from "./import-graph";

const MODULES = path.join(SRC, "modules");
/** Folders whose files are each a unit of their own ("lib/event-bus", "plugins/bus"). */
const SHARED = ["lib", "plugins"];

type Import = { module: string; file: string; other: string; target: string; typeOnly: boolean };

/** The unit (module, or shared file) a path under src belongs to, and the file inside it. */
function unitOf(rel: string): { unit: string; target: string } | null {
  const [top, ...rest] = rel.split(path.sep);
  if (top === "modules") {
    const [module, ...inside] = rest;
    return module ? { unit: module, target: inside.join("/").replace(/\.ts$/, "") } : null;
  }
  if (top && SHARED.includes(top)) return { unit: `${top}/${rest.join("/").replace(/\.ts$/, "")}`, target: "" };
  return null; // db, i18n, config, app: below or above every module
}

/** The units: every module, and every file in lib/ and plugins/. */
function units(): string[] {
  const out = fs.readdirSync(MODULES).filter((m) => fs.statSync(path.join(MODULES, m)).isDirectory());
  for (const dir of SHARED) {
    for (const file of fs.readdirSync(path.join(SRC, dir))) {
      if (file.endsWith(".ts")) out.push(`${dir}/${file.replace(/\.ts$/, "")}`);
    }
  }
  return out;
}

/** Every import (or re-export, type-only or not) of another unit's file, from any file of a unit. */
function crossImports(): Import[] {
  const out: Import[] = [];
  const typeImport = /^\s*(?:import|export)\s+type\s[^;"'`()=]*?\bfrom\s*"([^"]+)"/gm;
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
  for (const file of files) {
    const from = unitOf(file);
    if (!from) continue;
    const source = fs.readFileSync(path.join(SRC, file), "utf8");
    const typeOnly = new Set([...source.matchAll(typeImport)].map((m) => m[1]));
    for (const spec of importSpecifiers(source)) {
      const rel = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), spec));
      const to = unitOf(rel);
      if (!to || to.unit === from.unit) continue;
      out.push({ module: from.unit, file, other: to.unit, target: to.target, typeOnly: typeOnly.has(spec) });
    }
  }
  return out;
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const unit of units()) graph.set(unit, new Set());
  for (const i of crossImports()) if (i.target !== "schema") graph.get(i.module)?.add(i.other);
  return graph;
}

/** Modules that can reach themselves again through their imports. */
function modulesInLoops(graph: Map<string, Set<string>>): string[] {
  const reaches = (from: string, to: string) => {
    const seen = new Set<string>();
    const stack = [...(graph.get(from) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (next === to) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(graph.get(next) ?? []));
    }
    return false;
  };
  return [...graph.keys()].filter((m) => reaches(m, m)).sort();
}

/** `file.ts → other/file` for every import of another module's file that is not its service or schema. */
function backDoorImports(): string[] {
  return crossImports()
    .filter((i) => !i.other.includes("/") && i.target !== "service" && i.target !== "schema")
    .map((i) => `${i.file} → ${i.other}/${i.target}`);
}

describe("module boundaries", () => {
  const graph = moduleGraph();

  it("reads the modules' imports, type imports and the shared files' too", () => {
    expect(graph.get("contracts")).toContain("ledger");
    expect(graph.get("contracts")).toContain("demo");
    // `import type { UserAccountKind } from "../modules/ledger/service"`
    expect(graph.get("lib/trade-mode")).toContain("ledger");
    expect(graph.get("contracts")).toContain("lib/event-bus");
    expect(graph.has("plugins/bus")).toBe(true);
  });

  it("keeps the bus generic: it imports no module", () => {
    expect([...(graph.get("plugins/bus") ?? [])].filter((u) => !u.includes("/"))).toEqual([]);
    expect([...(graph.get("lib/event-bus") ?? [])]).toEqual([]);
  });

  it("has no import loop", () => {
    expect(modulesInLoops(graph)).toEqual([]);
  });

  it("keeps the identity modules below the ones that compose them", () => {
    // users needs neither KYC nor auth; the customer's profile and the console's customer
    // view are where they meet.
    expect(graph.get("users")).not.toContain("kyc");
    expect(graph.get("users")).not.toContain("auth");
    expect(graph.get("staff")).not.toContain("kyc");
    expect(graph.get("staff")).not.toContain("wallet");
    expect([...(graph.get("profile") ?? [])]).toEqual(expect.arrayContaining(["users", "kyc"]));
  });

  it("reaches another module only through its service file (or its schema, for foreign keys)", () => {
    expect(backDoorImports()).toEqual([]);
  });

  it("finds a loop when one is added", () => {
    const withLoop = new Map(graph);
    withLoop.set("demo", new Set([...(graph.get("demo") ?? []), "contracts"]));
    expect(modulesInLoops(withLoop)).toEqual(expect.arrayContaining(["contracts", "demo"]));
  });

  it("finds a loop through a shared file (the bus once imported the events of modules that import it)", () => {
    const withLoop = new Map(graph);
    withLoop.set("plugins/bus", new Set([...(graph.get("plugins/bus") ?? []), "market"]));
    withLoop.set("market", new Set([...(graph.get("market") ?? []), "plugins/bus"]));
    expect(modulesInLoops(withLoop)).toEqual(expect.arrayContaining(["market", "plugins/bus"]));
  });
});
