// The modules a first screen needs before it paints (issue 37): what the page's entry, the
// app's start and each first screen's route module (FIRST_SCREENS) import statically, the
// same files the page preloads for that screen (first-screen.ts). The chunk rules
// (chunks.ts) keep shared code nothing of this reaches out of the first screens' chunks,
// so a first screen does not download code only later screens run.
import path from "node:path";
import { firstScreenModules } from "./first-screen.ts";

/** What the build's chunking pass tells about a module (rolldown's ChunkingContext). */
export type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const SRC = path.resolve(import.meta.dirname, "../src");

/** The entry, the start and every first screen's route module (absolute paths). */
export function firstScreenRoots(): string[] {
  return [path.join(SRC, "main.tsx"), path.join(SRC, "start.tsx"), ...firstScreenModules().values()];
}

/** Every module reached from `roots` through static imports. */
export function staticClosure(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
  }
  return seen;
}

const closures = new WeakMap<ModuleGraph, Set<string>>();

/** Whether a first screen needs the module before it paints (computed once per chunking pass). */
export function neededFirst(id: string, graph: ModuleGraph): boolean {
  let closure = closures.get(graph);
  if (!closure) {
    closure = staticClosure(firstScreenRoots(), graph);
    closures.set(graph, closure);
  }
  return closure.has(id);
}
