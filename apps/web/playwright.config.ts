// Browser tests in Debian's Chromium (/usr/bin/chromium) against the real server on a fresh
// embedded database: the customer app (e2e/) at a 375×812 phone viewport, and the operator
// console (apps/console/e2e/) at a 1280×800 desktop one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CONSOLE_ADMIN } from "../console/e2e/admin.ts";

// Ports per run (workers re-evaluate this file, so the base is kept in the environment),
// so two runs on one machine don't collide.
process.env.E2E_PORT ??= String(18_000 + (process.pid % 2_000) * 3);
const basePort = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "candor-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-evaluate this file: keep one directory

/**
 * The suite runs on two workers, and each group of specs has a server of its own (own
 * embedded database, own sandbox test clock): a spec that moves the business clock by days
 * never runs beside another spec on the same server. Within a group, specs run one after
 * the other (`workers: 1` per project). Two workers run web and web-b side by side, then
 * console where web ended; the web-b list balances that.
 */
const GROUPS = {
  // Every customer-app spec not listed under web-b (so a new spec always runs).
  web: { port: basePort },
  "web-b": {
    port: basePort + 1,
    // Summed test time in CI: web-b ≈ the rest of web + console (which runs after web).
    specs: [
      "alerts",
      "auth",
      "content",
      "contests",
      "disclosure",
      "earn",
      "futures",
      "ieo",
      "kyc",
      "layout",
      "market",
      "options",
      "privacy",
      "rewards",
      "security",
      "shell",
      "spot",
      "statements-exports",
      "wallet",
    ],
  },
  console: { port: basePort + 2 },
} as const;
const baseURL = (port: number) => `http://127.0.0.1:${port}`;
const specsOf = (specs: readonly string[]) => specs.map((s) => new RegExp(`/${s}\\.spec\\.ts$`));

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: "e2e",
  // CI runs the three groups side by side on two cores with the server suites' leftovers
  // still settling: a step that takes 15 s alone took 60 s there. A hang still fails.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  outputDir: path.join(os.tmpdir(), `candor-e2e-results-${basePort}`),
  use: {
    locale: "en-US",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "web",
      testDir: "e2e",
      testIgnore: specsOf(GROUPS["web-b"].specs),
      workers: 1,
      use: { ...phone, baseURL: baseURL(GROUPS.web.port) },
    },
    {
      name: "web-b",
      testDir: "e2e",
      testMatch: specsOf(GROUPS["web-b"].specs),
      workers: 1,
      use: { ...phone, baseURL: baseURL(GROUPS["web-b"].port) },
    },
    {
      name: "console",
      testDir: "../console/e2e",
      workers: 1,
      use: { viewport: { width: 1280, height: 800 }, baseURL: baseURL(GROUPS.console.port) },
    },
  ],
  // One server per group (see GROUPS); scripts/e2e.mjs builds the apps first, so the three
  // start without building.
  webServer: Object.entries(GROUPS).map(([name, { port }]) => ({
    command: "node ../../scripts/start.mjs",
    url: `${baseURL(port)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dataDir, name),
      LOG_LEVEL: "warn",
      SANDBOX: "true",
      // The specs make the IEO projects and contests they look at; no sandbox samples beside them.
      SANDBOX_SAMPLES: "false",
      CONSOLE_ADMIN_PASSWORD: CONSOLE_ADMIN.password,
      // Specs register their customers through the API from one address; the sign-up
      // security check is tested on the server (test/security/signup-needs-a-check).
      FREE_SIGNUPS_PER_ADDRESS: "100000",
      // "Continue with wallet" (e2e/wallet-login.spec.ts signs with a key made in the spec).
      WALLET_LOGIN: "true",
      // As behind a proxy on this machine: the specs give each customer's code requests a
      // client address of their own (X-Forwarded-For), since codes are limited to one a
      // minute per client address (e2e/support/customer.ts randomIp).
      TRUST_PROXY: "127.0.0.1",
    },
  })),
});
