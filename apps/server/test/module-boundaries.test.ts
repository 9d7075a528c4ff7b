// Modules reach each other without import loops (STYLE.md, "Shape of the code"). Counted:
// runtime imports of another module's files (`import type` and the drizzle schemas'
// foreign-key imports are not). There is none: the identity and back-office modules that
// once formed one (auth, kyc, staff, uploads, users, wallet) compose through the profile
// and customers modules, which nothing imports back.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MODULES = path.join(import.meta.dirname, "../src/modules");

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const importLine = /import\s+(type\s+)?[^;]*?from "\.\.\/([a-z-]+)\/([a-z-/]+)"/gs;
  for (const module of fs.readdirSync(MODULES)) {
    const dir = path.join(MODULES, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    const edges = new Set<string>();
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!file.endsWith(".ts")) continue;
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      for (const [, typeOnly, other, target] of source.matchAll(importLine)) {
        if (!typeOnly && other && other !== module && target !== "schema") edges.add(other);
      }
    }
    graph.set(module, edges);
  }
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

/** `module/file.ts → other/file` for every import of another module's file that is not its service or schema. */
function backDoorImports(): string[] {
  const out: string[] = [];
  const importLine = /import\s+(?:type\s+)?[^;]*?from "\.\.\/([a-z-]+)\/([a-z-/]+)"/gs;
  for (const module of fs.readdirSync(MODULES)) {
    const dir = path.join(MODULES, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!file.endsWith(".ts")) continue;
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      for (const [, other, target] of source.matchAll(importLine)) {
        if (other && other !== module && target !== "service" && target !== "schema") {
          out.push(`${module}/${file} → ${other}/${target}`);
        }
      }
    }
  }
  return out;
}

describe("module boundaries", () => {
  const graph = moduleGraph();

  it("reads the modules' imports", () => {
    expect(graph.get("contracts")).toContain("ledger");
    expect(graph.get("contracts")).toContain("demo");
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
});
