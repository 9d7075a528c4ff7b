// Every call of the seed's mobile client (docs/seed-api.md, extracted with its method
// into test/fixtures/seed-paths.json) is in the committed OpenAPI document
// (packages/contract/openapi.json, which openapi-document.test.ts holds equal to the served one),
// apart from the areas not built yet. That list must shrink as their issues land: a path
// on it that IS in the document fails the test too, so the list stays honest.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SEED_ALIASES } from "../../src/lib/aliases";
import { DECLINED_PATH } from "../../src/modules/system/seed-routes";

interface SeedCall {
  method: "GET" | "POST";
  path: string;
  meaning: string;
}

const seedCalls: SeedCall[] = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/seed-paths.json"), "utf8"),
);
const openapi = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../../../packages/contract/openapi.json"), "utf8"),
) as { paths: Record<string, Record<string, { description?: string; summary?: string }>> };

/** Seed calls whose area is not built yet, by the issue that brings it. Remove lines as they land. */
const NOT_BUILT: Record<string, string[]> = {};
const notBuilt = new Set(Object.values(NOT_BUILT).flat());

const key = (c: { method: string; path: string }) => `${c.method} ${c.path}`;
const documented = (c: { method: string; path: string }) => Boolean(openapi.paths[c.path]?.[c.method.toLowerCase()]);

describe("the seed's calls", () => {
  it("the fixture names each call once, with its method and meaning", () => {
    expect(seedCalls.length).toBeGreaterThan(70);
    expect(new Set(seedCalls.map(key)).size).toBe(seedCalls.length);
    for (const c of seedCalls) {
      expect(["GET", "POST"]).toContain(c.method);
      expect(c.path).toMatch(/^\/(api\/|config\.json$)/);
      expect(c.meaning.length).toBeGreaterThan(3);
    }
  });

  it("are all in the OpenAPI document, apart from the areas not built yet", () => {
    const missing = seedCalls.filter((c) => !notBuilt.has(key(c)) && !documented(c)).map(key);
    expect(missing).toEqual([]);
  });

  it("the not-built list is honest: none of its calls is served yet, and each is a seed call", () => {
    const seedKeys = new Set(seedCalls.map(key));
    for (const entry of notBuilt) {
      expect(seedKeys.has(entry), `${entry} is not a seed call`).toBe(true);
      const [method = "", p = ""] = entry.split(" ");
      expect(documented({ method, path: p }), `${entry} is served now: remove it from NOT_BUILT`).toBe(false);
    }
  });

  it("aliases are documented as the same call as their original", () => {
    for (const alias of SEED_ALIASES) {
      const op = openapi.paths[alias.url]?.[alias.method.toLowerCase()];
      expect(op?.description, `${alias.method} ${alias.url}`).toContain(`${alias.of.method} ${alias.of.url}`);
      expect(openapi.paths[alias.of.url]?.[alias.of.method.toLowerCase()]).toBeDefined();
    }
  });

  it("the declined call is documented as such", () => {
    const op = openapi.paths[DECLINED_PATH];
    expect(op?.get?.summary).toMatch(/Declined/);
    expect(op?.post?.description).toMatch(/404/);
  });
});
