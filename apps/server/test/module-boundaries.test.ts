// Modules reach each other without import loops (STYLE.md, "Shape of the code"). Counted:
// runtime imports of another module's files (`import type` and the drizzle schemas'
// foreign-key imports are not). There is none: the identity and back-office modules that
// once formed one (auth, kyc, staff, uploads, users, wallet) compose through the profile
// and customers modules, which nothing imports back.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const MODULES = path.join(import.meta.dirname, "../src/modules");

/** Every import (or re-export) of another module's file, at any depth of either module. */
function crossImports(): { module: string; file: string; other: string; target: string; typeOnly: boolean }[] {
  const out: { module: string; file: string; other: string; target: string; typeOnly: boolean }[] = [];
  const importLine = /(?:import|export)\s+(type\s+)?[^;]*?from "(\.[^"]+)"/gs;
  for (const module of fs.readdirSync(MODULES)) {
    const dir = path.join(MODULES, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
      if (!file.endsWith(".ts")) continue;
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      for (const [, typeOnly, spec] of source.matchAll(importLine)) {
        const rel = path.relative(MODULES, path.resolve(path.dirname(path.join(dir, file)), spec as string));
        if (rel.startsWith("..")) continue; // lib, db, config: not a module
        const [other, ...rest] = rel.split(path.sep);
        if (!other || other === module) continue;
        out.push({ module, file, other, target: rest.join("/"), typeOnly: typeOnly !== undefined });
      }
    }
  }
  return out;
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(MODULES)) {
    if (fs.statSync(path.join(MODULES, module)).isDirectory()) graph.set(module, new Set());
  }
  for (const i of crossImports()) if (!i.typeOnly && i.target !== "schema") graph.get(i.module)?.add(i.other);
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
  return crossImports()
    .filter((i) => i.target !== "service" && i.target !== "schema")
    .map((i) => `${i.module}/${i.file} → ${i.other}/${i.target}`);
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
