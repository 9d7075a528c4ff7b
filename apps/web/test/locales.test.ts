// Fails when any language misses a key (or has an extra one, or drops a placeholder).
import fs from "node:fs";
import path from "node:path";
import { LANGS } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../src/app/route-table";

type Json = { [key: string]: string | Json };
const src = path.resolve(import.meta.dirname, "../src");

function namespaceDirs(): [string, string][] {
  const dirs: [string, string][] = [];
  for (const ns of fs.readdirSync(path.join(src, "locales"))) {
    // locales/bundles holds each language's loader module, not strings.
    if (ns !== "bundles") dirs.push([ns, path.join(src, "locales", ns)]);
  }
  for (const area of fs.readdirSync(path.join(src, "features"))) {
    const dir = path.join(src, "features", area, "locales");
    if (fs.existsSync(dir)) dirs.push([area, dir]);
  }
  return dirs;
}

function flatten(obj: Json, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

const read = (dir: string, lang: string): Record<string, string> =>
  flatten(JSON.parse(fs.readFileSync(path.join(dir, `${lang}.json`), "utf8")) as Json);

const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();

describe.each(namespaceDirs())("namespace %s", (_ns, dir) => {
  const english = read(dir, "en-us");
  it("has a file for each of the eight languages and nothing else", () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    expect(files).toEqual([...LANGS].sort());
  });
  it.each([...LANGS])("%s: no text numbers itself (screens number steps with <ol>: no '1. 1.')", (lang) => {
    const numbered = Object.entries(read(dir, lang)).filter(([, text]) => /^\s*\d+\s*[.、)]\s/.test(text));
    expect(numbered).toEqual([]);
  });
  it.each(LANGS.filter((l) => l !== "en-us"))(
    "%s has exactly the English keys, translated, with the same placeholders",
    (lang) => {
      const other = read(dir, lang);
      expect(Object.keys(other).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(other)) {
        expect(text.trim(), `${lang} ${key}`).not.toBe("");
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english[key] ?? ""));
      }
    },
  );
});

describe("route titles", () => {
  it("exist for every route", () => {
    const titles = read(path.join(src, "locales/routes"), "en-us");
    for (const route of ROUTES) expect(titles[route.titleKey], route.path).toBeTruthy();
  });
});
