// Preloads the first screen from the page itself. main.tsx starts the URL's screen chunk
// (preloadFirstScreen), but only once the shell has downloaded and run: the screen's
// chunks, its styles and the language strings then come one round trip later, after a
// network that sat idle while the shell was evaluated. This build step writes a small
// classic script, loaded `async` by index.html, that asks for them at once:
// modulepreload/preload links for the tab screens and the login screen (by the URL's
// hash) and the stored language's strings. It only hints; the app loads the same files
// itself, so nothing breaks if it does not run. Not a module script, so the bundle
// budget's shell (scripts/check-bundle.mjs) does not count what it preloads.
// The same step keeps the first paint (the splash) free of requests: the favicon becomes a
// data URL and the entry's small stylesheet a `<style>` block.
import fs from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { FIRST_SCREENS, type RouteName, routes } from "../src/app/routes.ts";

/** `[routes.name, …, () => import("../features/x/y")]` entries of the route table, by path. */
export function routeModules(routeTable: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of routeTable.matchAll(/\[\s*routes\.(\w+),[^[\]]*?\(\) => import\("([^"]+)"\)\s*,?\s*\]/g)) {
    const path = routes[m[1] as RouteName];
    if (path) out.set(path, m[2] as string);
  }
  return out;
}

/**
 * Each first screen's route module (FIRST_SCREENS, through the route table) as an absolute
 * source file: what the page preloads for it here, and where build/first-reach.ts starts.
 */
export function firstScreenModules(): Map<string, string> {
  const src = path.resolve(import.meta.dirname, "../src");
  const modules = routeModules(fs.readFileSync(path.join(src, "app/route-table.ts"), "utf8"));
  const out = new Map<string, string>();
  for (const route of FIRST_SCREENS) {
    const specifier = modules.get(route);
    if (!specifier) throw new Error(`no route module for the first screen ${route}`);
    const base = path.resolve(src, "app", specifier);
    const file = [".tsx", ".ts"].map((ext) => base + ext).find((f) => fs.existsSync(f));
    if (!file) throw new Error(`first screen module not found: ${specifier}`);
    out.set(route, file);
  }
  return out;
}

/** The script: links for the hash's screen files and the stored language's strings. */
export function preloadScript(screens: Record<string, string[]>, locales: Record<string, string>): string {
  return `(function(){try{var s=${JSON.stringify(screens)},l=${JSON.stringify(locales)};
var p=(location.hash.replace(/^#/,"").split("?")[0])||"/home",f=(s[p]||[]).slice(),g=null;
try{g=localStorage.getItem("lang")}catch(e){}f.push(l[g]||l["en-us"]);
var h="";f.forEach(function(u){if(!u)return;
h+=(/\\.css$/.test(u)?'<link rel="preload" as="style"':'<link rel="modulepreload"')+' crossorigin href="/'+u+'" data-first-screen>'});
document.head.insertAdjacentHTML("beforeend",h)}catch(e){}})();`;
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** `<link rel="icon" href="/favicon.svg">` with the file's content as a data URL: one request fewer before the first paint. */
export function inlineFavicon(html: string, svg: string): string {
  const url = `data:image/svg+xml,${encodeURIComponent(svg.trim()).replace(/%20/g, " ").replace(/%22/g, "'")}`;
  return html.replace(/(<link rel="icon" href=")\/favicon\.svg(")/g, (_m, a: string, b: string) => `${a}${url}${b}`);
}

export function firstScreenPreload(): Plugin {
  return {
    name: "candor-first-screen-preload",
    apply: "build",
    enforce: "post",
    transformIndexHtml(html) {
      return inlineFavicon(html, fs.readFileSync(path.resolve(import.meta.dirname, "../public/favicon.svg"), "utf8"));
    },
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const chunks = Object.values(bundle).filter((o): o is Chunk => o.type === "chunk");
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What the page's entry already loads (static imports) is not preloaded again.
      const shell = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        const c = byFile.get(file);
        if (!c || into.has(file)) return;
        into.add(file);
        for (const css of c.viteMetadata?.importedCss ?? []) into.add(css);
        for (const i of c.imports) walk(i, into);
      };
      for (const c of chunks) if (c.isEntry && c.facadeModuleId?.endsWith("index.html")) walk(c.fileName, shell);
      const main = chunks.find((c) => c.isEntry && c.name === "main");
      if (main) walk(main.fileName, shell);
      // main.tsx imports the app's start (start.tsx) once the splash has painted: its files
      // are preloaded by the page itself, so they download with the entry.
      const startUp = new Set<string>();
      const start = main?.dynamicImports
        .map((f) => byFile.get(f))
        .find((c) => c?.facadeModuleId?.endsWith("/start.tsx"));
      if (start) walk(start.fileName, startUp);
      const startLinks = [...startUp]
        .filter((f) => !shell.has(f))
        .map((f) =>
          f.endsWith(".css")
            ? `<link rel="preload" as="style" crossorigin href="/${f}">`
            : `<link rel="modulepreload" crossorigin href="/${f}">`,
        );
      for (const f of startUp) shell.add(f);
      const screens: Record<string, string[]> = {};
      for (const [route, file] of firstScreenModules()) {
        const chunk = byModule.get(file);
        if (!chunk) continue;
        const files = new Set<string>();
        walk(chunk.fileName, files);
        screens[route] = [...files].filter((f) => !shell.has(f));
      }
      const locales: Record<string, string> = {};
      for (const c of chunks) {
        const m = c.name.match(/^locale-([a-z]{2,4}(?:-[a-z]{2})?)$/);
        if (m) locales[m[1] as string] = c.fileName;
      }
      const ref = this.emitFile({ type: "asset", name: "first-screen.js", source: preloadScript(screens, locales) });
      const file = this.getFileName(ref);
      // Before the entry script, so the browser asks for it first.
      const tag = `<script async src="/${file}"></script>\n    `;
      let source = String(html.source);
      const at = source.indexOf("<script");
      source = at >= 0 ? source.slice(0, at) + tag + source.slice(at) : source.replace("</head>", `${tag}</head>`);
      source = source.replace("</head>", `${startLinks.map((l) => `  ${l}\n`).join("")}</head>`);
      html.source = inlineStylesheets(source, bundle);
    },
  };
}

/** Stylesheets of the page's own entry small enough to inline (the splash's paint waits for every stylesheet link). */
const INLINE_CSS_MAX = 4 * 1024;

/**
 * The entry's stylesheet links (`<link rel="stylesheet" … href="/assets/x.css">`) become
 * `<style>` blocks when small: the splash then paints as soon as the page is parsed,
 * without a round trip for a file of a few hundred bytes. (The CSP allows inline styles.)
 */
export function inlineStylesheets(source: string, bundle: Rolldown.OutputBundle): string {
  return source.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") return tag;
    const css = String(asset.source);
    return css.length <= INLINE_CSS_MAX && !css.includes("</") ? `<style>${css}</style>` : tag;
  });
}
