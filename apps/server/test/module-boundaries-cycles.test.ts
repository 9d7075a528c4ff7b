// No import cycle between the server's files (docs/style.md, "Shape of the code"). Every file in
// apps/server/src counts (modules, lib, plugins, db, i18n), and so does every kind of
// import: `import type`, re-exports, side-effect imports, and `import("…")` (dynamic or in a
// type). A type-only cycle costs nothing at run time, but it ties the files into one unit
// nobody can read, move or test alone, as the bus's event map once did (13 files).
import { describe, expect, it } from "vitest";
import { cycles, fileGraph, importSpecifiers } from "./import-graph";

describe("import cycles", () => {
  const graph = fileGraph();

  it("reads every file of src, with its type imports", () => {
    expect(graph.size).toBeGreaterThan(100);
    // `import type { Db } from "../db"`: a type import counts.
    expect(graph.get("lib/trade-mode.ts")).toContain("db/index.ts");
    expect(graph.get("app.ts")).toContain("plugins/bus.ts");
  });

  it("has no cycle between files (type imports included)", () => {
    const found = cycles(graph);
    const files = found.reduce((sum, component) => sum + component.length, 0);
    if (found.length > 0) {
      console.log(
        `${files} files in ${found.length} import cycle(s):\n${found.map((c) => `  ${c.length}: ${c.join(", ")}`).join("\n")}`,
      );
    }
    expect(found).toEqual([]);
  });

  it("finds a cycle when one is added", () => {
    const withCycle = new Map([...graph].map(([file, targets]) => [file, new Set(targets)]));
    withCycle.get("lib/errors.ts")?.add("app.ts");
    const found = cycles(withCycle).flat();
    expect(found).toEqual(expect.arrayContaining(["app.ts", "lib/errors.ts"]));
  });

  it("reads every kind of import", () => {
    const source = [
      'import { a } from "./a";',
      'import type {\n  B,\n  C,\n} from "../b";',
      'export * from "./c";',
      'export { type D } from "./d";',
      'import "./e";',
      'const f = await import("./f");',
      'type G = import("./g").G;',
      '// import { h } from "./h";',
      '/* import { i } from "./i"; */',
      'import { z } from "zod";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual(["./a", "../b", "./c", "./d", "./e", "./f", "./g"]);
  });
});
