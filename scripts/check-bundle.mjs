#!/usr/bin/env node
// Bundle budget for the customer web app (`npm run bench:bundle`, also a step of `npm test`).
// Builds apps/web when dist is missing (or with --build), then measures gzip sizes
// (`--dist <dir>` measures another build and never builds):
//   - the app shell's initial JS = the entry script of dist/index.html + every chunk it
//     imports statically (transitively) + every <link rel="modulepreload"> of the page;
//   - every other chunk on its own.
// Fails when the shell is over SHELL_BUDGET, a lazy chunk other than the chart library
// is over CHUNK_BUDGET, or a first screen needs more than FIRST_SCREEN_FILES JS files.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const KB = 1024;
export const SHELL_BUDGET = 150 * KB;
export const CHUNK_BUDGET = 60 * KB;
/**
 * JS files a first screen (home, market, login, contract) may download beyond the shell:
 * its own chunk, the antd-mobile chunks and the shared app chunk (apps/web/build/chunks.ts).
 * Each is a request, and on HTTP/1.1 a round trip on one of six connections.
 */
export const FIRST_SCREEN_FILES = 6;
/** Chunks allowed over CHUNK_BUDGET (loaded by the chart screens only). */
const EXEMPT = /lightweight-charts/;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distArg = process.argv.indexOf("--dist");
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1] ?? "") : path.join(root, "apps/web/dist");

const gzipSize = (buf) => zlib.gzipSync(buf, { level: 9 }).length;

/** Static imports of an ES module chunk (`import … from "x"`, `import "x"`, `export … from "x"`). */
export function staticImports(code) {
  const out = [];
  const re = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]);
  return out;
}

/** The entry scripts and modulepreloads of an HTML page, as dist-relative paths. */
export function pageScripts(html) {
  const attr = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`))?.[1];
  const entries = [];
  const preloads = [];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    if (attr(tag, "type") === "module" && attr(tag, "src")) entries.push(attr(tag, "src"));
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    if (attr(tag, "rel") === "modulepreload" && attr(tag, "href")) preloads.push(attr(tag, "href"));
  }
  return { entries, preloads };
}

/** Every JS file a page loads before its first screen: entries, their static imports, modulepreloads. */
export function initialJs(distDir, htmlFile) {
  const html = fs.readFileSync(path.join(distDir, htmlFile), "utf8");
  const { entries, preloads } = pageScripts(html);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !file.endsWith(".js")) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(distDir, file), "utf8");
    for (const spec of staticImports(code)) {
      if (!spec.startsWith(".") && !spec.startsWith("/")) continue;
      const next = spec.startsWith("/")
        ? spec.slice(1)
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      visit(next);
    }
  };
  for (const src of [...entries, ...preloads]) visit(src.replace(/^\//, ""));
  return [...seen];
}

function build() {
  console.log("building apps/web …");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: path.join(root, "apps/web"),
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) {
    console.error("vite build failed");
    process.exit(1);
  }
}

function main() {
  if (distArg < 0 && (process.argv.includes("--build") || !fs.existsSync(path.join(dist, "index.html")))) build();
  const kb = (n) => `${(n / KB).toFixed(1)} KB`;
  const failures = [];
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(fs.readFileSync(path.join(dist, file))));
    return sizes.get(file);
  };

  const pages = ["index.html", "pc.html"].filter((p) => fs.existsSync(path.join(dist, p)));
  const shell = new Set();
  for (const page of pages) {
    const files = initialJs(dist, page);
    if (page === "index.html") for (const f of files) shell.add(f);
    const total = files.reduce((s, f) => s + sizeOf(f), 0);
    console.log(`\n${page}: initial JS ${kb(total)} gzip in ${files.length} files`);
    for (const f of files.sort((a, b) => sizeOf(b) - sizeOf(a))) console.log(`  ${kb(sizeOf(f)).padStart(9)}  ${f}`);
    if (page === "index.html" && total > SHELL_BUDGET)
      failures.push(`app shell initial JS ${kb(total)} > ${kb(SHELL_BUDGET)}`);
  }

  const chunks = fs
    .readdirSync(path.join(dist, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => `assets/${f}`);
  const rest = chunks.filter((f) => !shell.has(f)).sort((a, b) => sizeOf(b) - sizeOf(a));
  const restTotal = rest.reduce((s, f) => s + sizeOf(f), 0);
  console.log(`\nother chunks (lazy): ${rest.length}, ${kb(restTotal)} gzip in all; largest:`);
  for (const f of rest.slice(0, 12)) console.log(`  ${kb(sizeOf(f)).padStart(9)}  ${f}`);
  // Lazy (route) chunks only: the shell's chunks are held by the shell budget.
  for (const f of rest) {
    if (!EXEMPT.test(f) && sizeOf(f) > CHUNK_BUDGET) failures.push(`${f} ${kb(sizeOf(f))} > ${kb(CHUNK_BUDGET)}`);
  }
  // The app runs on Preact (apps/web/build/preact.ts): React DOM (~57 KB gzip more on every
  // first screen) must not come back through an import the aliases miss.
  for (const f of chunks) {
    if (fs.readFileSync(path.join(dist, f), "utf8").includes("__reactContainer$"))
      failures.push(`${f} contains React DOM (the app runs on Preact: apps/web/build/preact.ts)`);
  }

  // The Lighthouse pages' first screens (build/first-screen.ts lists their files): what
  // each downloads beyond the shell, and none of them needs the antd-mobile components
  // kept for later screens (build/chunks.ts, ANTD_LATER).
  const preload = chunks.find((f) => /\/first-screen-[\w-]{8}\.js$/.test(f));
  const screens = preload
    ? JSON.parse(fs.readFileSync(path.join(dist, preload), "utf8").match(/var s=(\{.*?\}),l=/)?.[1] ?? "{}")
    : {};
  for (const route of Object.keys(screens).length > 0 ? ["/home", "/hangqing", "/login", "/heyue"] : []) {
    const js = (screens[route] ?? []).filter((f) => f.endsWith(".js"));
    const total = [...shell, ...js].reduce((s, f) => s + sizeOf(f), 0);
    console.log(`first screen ${route}: shell + ${js.length} files, ${kb(total)} gzip`);
    if (js.length > FIRST_SCREEN_FILES)
      failures.push(
        `first screen ${route} needs ${js.length} JS files beyond the shell (> ${FIRST_SCREEN_FILES}): each is a round trip`,
      );
    const later = js.filter((f) => /\/vendor-antd-more-/.test(f));
    if (later.length > 0)
      failures.push(`first screen ${route} loads ${later.join(", ")} (antd-mobile kept for later screens)`);
  }

  // Two chunks per language (issue 37): the first screens' namespaces, which a first screen
  // downloads, and the rest, which follow once it is up (apps/web/src/lib/i18n-namespaces.ts).
  const localeFirst = chunks.filter((f) => /\/locale-[a-z]{2,4}(?:-[a-z]{2})?-[\w-]{8}\.js$/.test(f));
  const localeMore = chunks.filter((f) => /\/locale-[\w-]+-more-[\w-]{8}\.js$/.test(f));
  const average = (files) => files.reduce((s, f) => s + sizeOf(f), 0) / files.length;
  if (localeFirst.length > 0) {
    console.log(
      `\nlanguage strings: ${localeFirst.length} languages; the first screens' part ${kb(average(localeFirst))} gzip on average (a first screen loads its language's), the rest ${localeMore.length > 0 ? kb(average(localeMore)) : "–"} (after the first screen)`,
    );
  }

  if (failures.length > 0) {
    console.log(`\nbundle budget FAILED:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `\nbundle budget ok: shell ≤ ${kb(SHELL_BUDGET)}, lazy chunks ≤ ${kb(CHUNK_BUDGET)} (chart library exempt)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
