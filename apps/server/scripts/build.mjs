#!/usr/bin/env node
// Compiles the server (apps/server/src/server.ts) and the workspace packages it uses
// (@candor/contract, @candor/domain) into one ES module, apps/server/dist/server.js, so
// production runs plain `node` with nothing to transpile at start. npm packages stay
// external: they load from node_modules as they are (native addons such as
// @node-rs/argon2, PGlite's wasm and data files, swagger-ui's static files).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundle relative imports and @candor/* workspace packages; leave every other package to node. */
const externalNpmPackages = {
  name: "external-npm-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => {
      if (args.path.startsWith("@candor/")) return undefined;
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
const result = await build({
  absWorkingDir: serverRoot,
  entryPoints: ["src/server.ts"],
  outdir: "dist",
  // server.ts imports the app lazily (it loads while the database opens): a chunk of its own.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
  plugins: [externalNpmPackages],
});
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`server built: dist/server.js (+ chunks) from ${inputs} files in ${Date.now() - started} ms`);
