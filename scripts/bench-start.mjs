#!/usr/bin/env node
// `npm run bench:start`: how long `npm start` takes to be healthy, on a fresh temporary
// DATA_DIR (first start: database created, migrated, seeded) and again on the same
// directory (a later start). Measured from spawning scripts/start.mjs to the first
// 200 from /api/health; the web app and the server are built first so only the start
// itself is timed. Prints both figures and the server's own "ready in" line.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./local.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-bench-start-"));

async function healthy(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.ok;
  } catch {
    return false;
  }
}

async function startOnce(label) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  while (!(await healthy(port))) {
    if (exited) throw new Error(`${label}: the server exited before it was healthy\n${output}`);
    if (performance.now() - started > 180_000) throw new Error(`${label}: not healthy after 180 s\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = Math.round(performance.now() - started);
  const ready = /ready in (\d+ ms(?:, \d+ ms CPU)?(?: \([^)]*\))?)/.exec(output)?.[1];
  child.kill("SIGTERM");
  await new Promise((r) => (exited ? r() : child.on("exit", r)));
  console.log(
    `${label.padEnd(28)} healthy after ${String(ms).padStart(6)} ms` +
      (ready ? `; the server says ready in ${ready}` : ""),
  );
  return ms;
}

// Build once up front so the timed starts find everything up to date.
const build = spawnSync(process.execPath, [path.join(root, "scripts/start.mjs"), "--build-only"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

try {
  await startOnce("first start (new database)");
  await startOnce("later start (same database)");
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
