// Which modules the pages' entries import statically (the app shell, with the start that
// main.tsx loads after the first paint, and the desktop frame), recorded once the module
// graph is complete (buildEnd, before chunking). The shared app chunk (build/chunks.ts)
// must not take any of them: the entry would then import that chunk, and the shell would
// download every first screen's shared code.
import type { Plugin } from "vite";

const shell = new Set<string>();

/** True when an entry page imports the module statically (directly or through others). */
export const inShell = (id: string): boolean => shell.has(id);

export function shellModules(): Plugin {
  return {
    name: "candor-shell-modules",
    apply: "build",
    buildEnd() {
      shell.clear();
      const visit = (id: string) => {
        if (shell.has(id)) return;
        shell.add(id);
        const info = this.getModuleInfo(id);
        for (const next of info?.importedIds ?? []) visit(next);
        // main.tsx imports the app's start after the splash has painted: still the shell.
        if (/[\\/]src[\\/]main\.tsx$/.test(id)) for (const next of info?.dynamicallyImportedIds ?? []) visit(next);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
    },
  };
}
