#!/usr/bin/env node
// `npm start`: build the web app, the operator console and the server if one is missing
// or older than its sources, then run the compiled server (app + API + websockets in one process) with
// plain node — nothing is transpiled at start. `--build-only` stops after the builds
// (`npm run build`, `npm run bench:start`).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const packages = ["packages/contract/src", "packages/domain/src", "package-lock.json"];

const targets = [
  {
    name: "the web app",
    output: "apps/web/dist/index.html",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/pc.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "apps/web/build",
      "apps/web/pwa.config.ts",
      ...packages,
    ],
    command: [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    cwd: path.join(root, "apps/web"),
  },
  {
    name: "the operator console",
    output: "apps/console/dist/index.html",
    sources: ["apps/console/src", "apps/console/index.html", "apps/console/vite.config.ts", ...packages],
    command: [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    cwd: path.join(root, "apps/console"),
  },
  {
    name: "the server",
    output: "apps/server/dist/server.js",
    sources: ["apps/server/src", "apps/server/scripts/build.mjs", ...packages],
    command: [path.join(root, "apps/server/scripts/build.mjs")],
    cwd: path.join(root, "apps/server"),
  },
];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const force = process.argv.includes("--force");
for (const target of targets) {
  const output = path.join(root, target.output);
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (!force && built && Math.max(...target.sources.map(newestMtime)) <= built) continue;
  console.log(`Building ${target.name}…`);
  const result = spawnSync(process.execPath, target.command, { cwd: target.cwd, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (process.argv.includes("--build-only")) process.exit(0);

const server = spawn(process.execPath, [path.join(root, "apps/server/dist/server.js")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
