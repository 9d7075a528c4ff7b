// `import { Button, Popup } from "antd-mobile"` becomes one import per component
// (`antd-mobile/es/components/button`…), and the same for antd-mobile-icons. The index
// files re-export (and, for antd-mobile, import the CSS of) every component: through
// them a screen's chunk would load every antd-mobile chunk and stylesheet of the app.
// antd-mobile's global styles come from src/start.tsx (`antd-mobile/es/global`).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Alias, Plugin } from "vite";

type Target = { file: string; imported: string };

/** name → module and export, from `export { default as X } from './x'` lines of an index file. */
export function readIndex(indexFile: string, pkg: string): Map<string, Target> {
  const map = new Map<string, Target>();
  const code = fs.readFileSync(indexFile, "utf8");
  for (const m of code.matchAll(/export\s*\{([^}]+)\}\s*from\s*['"]\.\/([^'"]+)['"]/g)) {
    const file = `${pkg}/es/${(m[2] as string).replace(/\.js$/, "")}`;
    for (const spec of (m[1] as string).split(",")) {
      const [imported, local] = spec.trim().split(/\s+as\s+/) as [string, string | undefined];
      if (imported) map.set(local ?? imported, { file, imported });
    }
  }
  return map;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](antd-mobile|antd-mobile-icons)["'];?/g;

/** Rewrite the named imports of the two index files in one module's code. */
export function rewriteImports(code: string, indexes: Record<string, Map<string, Target>>): string {
  return code.replace(IMPORT, (whole, specs: string, pkg: string) => {
    const index = indexes[pkg];
    if (!index) return whole;
    const lines: string[] = [];
    const rest: string[] = [];
    for (const raw of specs.split(",")) {
      const spec = raw.trim();
      if (!spec || spec.startsWith("type ")) continue; // types are erased
      const [name, local = name] = spec.split(/\s+as\s+/) as [string, string | undefined];
      const target = index.get(name);
      if (!target) {
        rest.push(spec);
        continue;
      }
      lines.push(
        target.imported === "default"
          ? `import ${local} from "${target.file}";`
          : `import { ${target.imported} as ${local} } from "${target.file}";`,
      );
    }
    if (rest.length > 0) lines.push(`import { ${rest.join(", ")} } from "${pkg}";`);
    return lines.join(" ");
  });
}

export function antdImports(): Plugin {
  const require = createRequire(import.meta.url);
  let indexes: Record<string, Map<string, Target>> = {};
  return {
    name: "candor:antd-imports",
    enforce: "pre",
    apply: "build",
    buildStart() {
      const indexOf = (pkg: string) =>
        path.join(path.dirname(require.resolve(`${pkg}/package.json`)), "es", "index.js");
      indexes = {
        "antd-mobile": readIndex(indexOf("antd-mobile"), "antd-mobile"),
        "antd-mobile-icons": readIndex(indexOf("antd-mobile-icons"), "antd-mobile-icons"),
      };
    },
    transform: {
      filter: { id: /[\\/]src[\\/].*\.tsx?$/, code: /from\s*["']antd-mobile/ },
      handler(code) {
        const out = rewriteImports(code, indexes);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/**
 * antd-mobile imports a few rc-util helpers from its CommonJS build (`rc-util/lib/…`, e.g.
 * the imperative render behind Toast), which brings Babel's CommonJS helpers into the
 * shell beside the ES ones the rest of the app already uses (~16 KB before compression).
 * The same helpers' ES build instead.
 */
export const rcUtilEs: Alias = { find: /^rc-util\/lib\/(.*)$/, replacement: "rc-util/es/$1" };

/** ahooks' ResizeObserver polyfill → the browser's own (build/shims/resize-observer.ts). */
export const nativeResizeObserver: Alias = {
  find: /^resize-observer-polyfill$/,
  replacement: path.resolve(import.meta.dirname, "shims/resize-observer.ts"),
};
