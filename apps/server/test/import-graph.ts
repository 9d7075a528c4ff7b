// The server's import graph, file by file (for the boundary tests): every file in
// apps/server/src, and every kind of import — `import type`, re-exports, side-effect
// imports, and `import("…")` (dynamic or in a type).
import fs from "node:fs";
import path from "node:path";

export const SRC = path.join(import.meta.dirname, "../src");

/** Relative import specifiers of one source file (comments ignored). */
export function importSpecifiers(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");
  const specs: string[] = [];
  const patterns = [
    // import … from "x", import type … from "x", export { … } from "x", export * from "x"
    /^\s*(?:import|export)\s[^;"'`()=]*?\bfrom\s*"([^"]+)"/gm,
    // import "x"
    /^\s*import\s*"([^"]+)"/gm,
    // import("x"), at run time or in a type
    /\bimport\(\s*"([^"]+)"\s*\)/g,
  ];
  for (const pattern of patterns) for (const [, spec] of code.matchAll(pattern)) specs.push(spec as string);
  return specs.filter((spec) => spec.startsWith("."));
}

function sourceFiles(): string[] {
  return (fs.readdirSync(SRC, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

function resolve(from: string, spec: string, files: Set<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec.replace(/\.js$/, "")));
  return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

/** file → the src files it imports (paths relative to src, with "/"). */
export function fileGraph(): Map<string, Set<string>> {
  const files = sourceFiles();
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of importSpecifiers(fs.readFileSync(path.join(SRC, file), "utf8"))) {
      const target = resolve(file, spec, known);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The graph's cycles: each strongly connected component of two or more files (or a file importing itself). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm, iterative (no recursion limit on long import chains).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: string[] }[] = [];
    const visit = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: [...(graph.get(node) ?? [])] });
    };
    visit(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: string[] };
      const child = frame.next.shift();
      if (child !== undefined) {
        if (!index.has(child)) visit(child);
        else if (onStack.has(child)) low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(child) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => b.length - a.length || (a[0] ?? "").localeCompare(b[0] ?? ""));
}
