// No `/api/` string literal outside packages/contract and tests (issue 36): every path the
// server serves and the front ends call comes from the contract's paths
// (packages/contract/src/paths), so a path that does not exist, or a call with the wrong
// body, fails the type check. Comments may name a path; code may not spell one.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APPS = path.join(import.meta.dirname, "../..");
const ROOTS = ["web/src", "console/src", "server/src"];

/** A string or template literal that starts with `/api/`. */
const API_LITERAL = /["'`]\/api\//;

/** The code of one line with its comments removed; `inBlock` carries a block comment over lines. */
function codeOf(line: string, state: { inBlock: boolean }): string {
  let code = "";
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (state.inBlock) {
      if (line.startsWith("*/", i)) {
        state.inBlock = false;
        i++;
      }
      continue;
    }
    if (quote) {
      if (c === "\\") {
        code += line.slice(i, i + 2);
        i++;
        continue;
      }
      if (c === quote) quote = null;
    } else if (line.startsWith("//", i)) {
      break;
    } else if (line.startsWith("/*", i)) {
      state.inBlock = true;
      i++;
      continue;
    } else if (c === '"' || c === "'" || c === "`") {
      quote = c;
    }
    code += c;
  }
  return code;
}

/** `line: text` of every line of the source with an `/api/` literal outside a comment. */
function apiLiterals(source: string): string[] {
  const state = { inBlock: false };
  const out: string[] = [];
  source.split("\n").forEach((line, i) => {
    if (API_LITERAL.test(codeOf(line, state))) out.push(`${i + 1}: ${line.trim()}`);
  });
  return out;
}

function sourceFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(root, f));
}

describe("no /api/ literal outside the contract", () => {
  it("finds none in the web app, the console or the server", () => {
    const found: string[] = [];
    for (const root of ROOTS) {
      for (const file of sourceFiles(path.join(APPS, root))) {
        for (const hit of apiLiterals(fs.readFileSync(file, "utf8"))) {
          found.push(`${path.relative(APPS, file).split(path.sep).join("/")}:${hit}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it("finds a literal in code and none in comments", () => {
    const source = [
      "// the login at /api/staff/login",
      "/** GET '/api/x' */",
      "/*",
      ' * "/api/y"',
      " */",
      'const a = "/api/a";',
      "const b = `/api/b/x`;",
      "const c = paths.c; // not '/api/c'",
      "const d = '/api/d'; /* note */",
      "// the seed's /api/auth/* names",
      'const e = { url: "/api/e" };',
    ].join("\n");
    expect(apiLiterals(source)).toEqual([
      `6: const a = "/api/a";`,
      "7: const b = `/api/b/x`;",
      "9: const d = '/api/d'; /* note */",
      '11: const e = { url: "/api/e" };',
    ]);
  });
});
