// Boundaries of the two front ends (apps/web and apps/console), like the server's module
// boundaries (apps/server/test/module-boundaries.test.ts). The console has no test project
// of its own, so its source is read here too (plain files, no rendering).
//
// (a) Features reach each other only through a feature's public files:
//     - `features/<x>/api.ts`: the feature's data calls and query hooks;
//     - `features/<x>/index.ts`: the components and helpers the feature offers to others.
//     The app shell (`src/app`) is the composition root: it may load any feature's screens
//     (`screens.tsx`, `*-screen.tsx`; the console's `*-page.tsx`), which are the lazy chunks a
//     re-export would merge. The console's locale files assemble each feature's `strings.ts`.
// (b) No money formula outside packages/domain. In web and console source (tests aside):
//     - no import of decimal.js, big.js or bignumber.js, and no import of `Decimal` (the
//       constructor and its rounding modes) from @candor/domain;
//     - no decimal arithmetic: no call of `.mul( .div( .times( .dividedBy( .plus( .minus(
//       .sub( .pow( .mod( .toDecimalPlaces( .toSignificantDigits(`, and no `.add(` in a file
//       that imports `dec` from @candor/domain;
//     - no float arithmetic on amounts: no `Number(…)`/`parseFloat(…)` as an operand of
//       `+ - * /` (nor `Number(…) ** …`).
//     Allowed: the domain's formatting helpers (formatAmount, truncateFixed, toPercent,
//     toMoneyString, …), comparisons (`dec(a).lt(b)`, `.isZero()`), `isDecimal`, and
//     `Number(x)` that is not an operand (a chart coordinate, an id, a comparison).
// (c) Screens navigate by named routes (apps/web/src/app/routes.ts), never by a string: no
//     string or template literal in apps/web/src starts with a route's path ("/chongzhi",
//     "#/home", `/kline?…`) except in routes.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routes } from "../src/app/routes";

const WEB = path.join(import.meta.dirname, "../src");
const CONSOLE = path.join(import.meta.dirname, "../../console/src");

function sourceFiles(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(root, f));
}

const read = (file: string) => fs.readFileSync(file, "utf8");
const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join("/");

/** `from → feature/file` for every import of another feature's file that is not its public file. */
function backDoorImports(root: string): string[] {
  const features = path.join(root, "features");
  const importLine = /(?:import|export)\s+(?:type\s+)?[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/gs;
  const out: string[] = [];
  for (const file of sourceFiles(root)) {
    const inFeatures = rel(features, file);
    const own = inFeatures.startsWith("..") ? null : inFeatures.split("/")[0];
    const top = rel(root, file).split("/")[0];
    for (const m of read(file).matchAll(importLine)) {
      const target = rel(features, path.resolve(path.dirname(file), (m[1] ?? m[2]) as string));
      if (target.startsWith("..")) continue; // lib, components, app: not a feature
      const [other, ...rest] = target.split("/");
      if (other === own) continue;
      const name = rest.join("/").replace(/\.tsx?$/, "");
      if (name === "api" || name === "index" || name === "") continue;
      if (top === "app" && /(^|-)(screens?|page)$/.test(name)) continue;
      if (top === "locales" && name === "strings") continue;
      out.push(`${rel(root, file)} → ${other}/${name}`);
    }
  }
  return out.sort();
}

/** `file: text` for every money formula (rule b) in a front end's source. */
function moneyFormulas(root: string): string[] {
  const out: string[] = [];
  const decimalLibrary = /from\s+"(decimal\.js|big\.js|bignumber\.js)"/g;
  const domainImport = /import\s*\{([^}]*)\}\s*from\s+"@candor\/domain"/g;
  const arithmetic = /\.(mul|div|times|dividedBy|plus|minus|sub|pow|mod|toDecimalPlaces|toSignificantDigits)\(/g;
  const number = String.raw`(?:Number|parseFloat)\((?:[^()]|\([^()]*\))*\)`;
  const floatMath = new RegExp(`${number}\\s*(?:[-+*/](?![=>])|\\*\\*)|[-+*/]\\s*${number}`, "g");
  for (const file of sourceFiles(root)) {
    const source = read(file);
    const name = rel(root, file);
    for (const m of source.matchAll(decimalLibrary)) out.push(`${name}: ${m[0]}`);
    let importsDec = false;
    for (const m of source.matchAll(domainImport)) {
      const names = (m[1] as string).split(",").map((n) => n.trim().replace(/^type\s+/, ""));
      if (names.includes("Decimal") && !/type\s+Decimal\b/.test(m[1] as string)) out.push(`${name}: imports Decimal`);
      if (names.includes("dec")) importsDec = true;
    }
    for (const m of source.matchAll(arithmetic)) out.push(`${name}: ${m[0]}`);
    if (importsDec) for (const m of source.matchAll(/\.add\(/g)) out.push(`${name}: ${m[0]}`);
    for (const m of source.matchAll(floatMath)) out.push(`${name}: ${m[0]}`);
  }
  return out.sort();
}

/** `file: literal` for every string or template literal that starts with a route's path. */
function routeLiterals(root: string): string[] {
  const paths = Object.values(routes).map((p) => p.replace(/[-/]/g, "\\$&"));
  const literal = new RegExp(`["'\`]#?(?:${paths.join("|")})(?=["'\`?#/])`, "g");
  const out: string[] = [];
  for (const file of sourceFiles(root)) {
    const name = rel(root, file);
    if (name === "app/routes.ts") continue;
    for (const m of read(file).matchAll(literal)) out.push(`${name}: ${m[0]}`);
  }
  return out.sort();
}

describe("front-end boundaries", () => {
  it("reads the imports and sources", () => {
    expect(sourceFiles(WEB).length).toBeGreaterThan(100);
    expect(sourceFiles(CONSOLE).length).toBeGreaterThan(20);
  });

  it("web: a feature reaches another only through its api.ts or index.ts", () => {
    expect(backDoorImports(WEB)).toEqual([]);
  });

  it("console: a feature reaches another only through its api.ts or index.ts", () => {
    // The support chat's customer panel shows the customer's profile card: it moves behind
    // customers/index.ts with the console's rewrite (issue 36, console part); nothing else may.
    expect(backDoorImports(CONSOLE)).toEqual(["features/chat/customer-panel.tsx → customers/profile"]);
  });

  it("web: no money formula outside packages/domain", () => {
    expect(moneyFormulas(WEB)).toEqual([]);
  });

  it("console: no money formula outside packages/domain", () => {
    expect(moneyFormulas(CONSOLE)).toEqual([]);
  });

  it("web: screens navigate by named routes, the paths are written only in app/routes.ts", () => {
    expect(routeLiterals(WEB)).toEqual([]);
  });

  it("finds a route literal, a money formula and a back-door import when one is added", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "boundaries-"));
    fs.mkdirSync(path.join(dir, "features/a"), { recursive: true });
    fs.mkdirSync(path.join(dir, "features/b"), { recursive: true });
    fs.writeFileSync(path.join(dir, "features/b/parts.ts"), "export const x = 1;\n");
    fs.writeFileSync(
      path.join(dir, "features/a/screen.tsx"),
      [
        'import { dec } from "@candor/domain";',
        'import { x } from "../b/parts";',
        'export const go = (navigate: (to: string) => void) => navigate("/chongzhi");',
        "export const fee = (a: string) => dec(a).mul(x);",
        "export const total = (a: string, b: string) => Number(a) + Number(b);",
      ].join("\n"),
    );
    expect(backDoorImports(dir)).toEqual(["features/a/screen.tsx → b/parts"]);
    expect(routeLiterals(dir)).toEqual(['features/a/screen.tsx: "/chongzhi']);
    expect(moneyFormulas(dir)).toEqual(["features/a/screen.tsx: .mul(", "features/a/screen.tsx: Number(a) +"]);
    fs.rmSync(dir, { recursive: true });
  });
});
