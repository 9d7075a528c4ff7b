// Browser tests in Debian's Chromium (/usr/bin/chromium) against the real server on a fresh
// embedded database: the customer app (e2e/) at a 375×812 phone viewport, and the operator
// console (apps/console/e2e/) at a 1280×800 desktop one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CONSOLE_ADMIN } from "../console/e2e/admin.ts";

// A port per run (workers re-evaluate this file, so it is kept in the environment),
// so two runs on one machine don't collide.
process.env.E2E_PORT ??= String(18_000 + (process.pid % 2_000));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "candor-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one directory

/** The seeded operator's password in browser tests (sandbox only). */

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: path.join(os.tmpdir(), `candor-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "en-US",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "web", testDir: "e2e", use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
    { name: "console", testDir: "../console/e2e", use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node ../../scripts/start.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SANDBOX: "true",
      CONSOLE_ADMIN_PASSWORD: CONSOLE_ADMIN.password,
    },
  },
});
