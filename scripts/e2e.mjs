#!/usr/bin/env node
// Runs the Playwright suite in Debian's Chromium: the customer app (apps/web/e2e, project
// "web") and the operator console (apps/console/e2e, project "console"); e.g.
// `node scripts/e2e.mjs --project=console`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
// The three servers (one per group of specs, see apps/web/playwright.config.ts) start at
// once: build what is stale first, so they don't all build it together.
const build = spawnSync(process.execPath, [path.join(root, "scripts/start.mjs"), "--build-only"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(
  process.execPath,
  [
    path.join(root, "node_modules/@playwright/test/cli.js"),
    "test",
    "-c",
    "apps/web/playwright.config.ts",
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit", env: process.env },
);
process.exit(result.status ?? 1);
