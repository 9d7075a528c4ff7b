#!/usr/bin/env node
// `npm test`: lint, type-check, unit + server tests (embedded PGlite), the server
// suite again on PostgreSQL when TEST_DATABASE_URL is set, then the browser tests in
// Chromium, then the Lighthouse budgets. Ends with one line: "Tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "candor-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names of the failed tests, repeated at the end so a truncated log still shows them. */
const failedTests = [];

function run(name, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(`◀ ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

function countVitest(file, step) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const f of r.testResults ?? []) {
    const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) failedTests.push(`${step}: ${path.relative(root, f.name)} › ${a.fullName}`);
    if (failed.length === 0 && f.status === "failed")
      failedTests.push(`${step}: ${path.relative(root, f.name)} (${f.message?.split("\n")[0] ?? "failed to run"})`);
  }
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === "unexpected" || t.status === "flaky") {
          failedTests.push(
            `browser${t.status === "flaky" ? " (passed on retry)" : ""}: [${t.projectName}] ${spec.file} › ${[...titles, spec.title].join(" › ")}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? [])
      walk(
        child,
        [...titles, child.title].filter((x) => x && !x.endsWith(".ts")),
      );
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const s = report.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

const bin = (p) => path.join(root, "node_modules", p);

run("lint (biome)", [bin("@biomejs/biome/bin/biome"), "check", "."]);
for (const project of ["packages/domain", "packages/contract", "apps/server", "apps/web", "apps/console"]) {
  run(`typecheck ${project}`, [bin("typescript/bin/tsc"), "-p", project]);
}

// Builds the web app (the browser tests below use the same build) and checks its JS budget.
run("bundle budget (web build)", [path.join(root, "scripts/check-bundle.mjs"), "--build"]);

const unitJson = path.join(tmp, "vitest.json");
run(
  "unit and server tests (PGlite)",
  [bin("vitest/vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${unitJson}`],
  {
    DATABASE_URL: "",
  },
);
countVitest(unitJson, "PGlite");

if (process.env.TEST_DATABASE_URL) {
  const pgJson = path.join(tmp, "vitest-pg.json");
  run(
    "server tests (PostgreSQL)",
    [
      bin("vitest/vitest.mjs"),
      "run",
      "--project",
      "server",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${pgJson}`,
    ],
    {
      DATABASE_URL: process.env.TEST_DATABASE_URL,
    },
  );
  countVitest(pgJson, "PostgreSQL");
} else {
  console.log("\n(server suite on PostgreSQL skipped: set TEST_DATABASE_URL=postgres://…/test to run it)");
}
if (!process.env.TEST_REDIS_URL) {
  console.log("(multi-node test skipped: set TEST_REDIS_URL=redis://127.0.0.1:6379 with TEST_DATABASE_URL to run it)");
}

const e2eJson = path.join(tmp, "playwright.json");
run("browser tests (Playwright, Chromium: app 375×812, console 1280×800)", [path.join(root, "scripts/e2e.mjs")], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});
countPlaywright(e2eJson);

// Lighthouse 12 mobile on home, market, login and contract: ≥ 95 / 100 / 100.
if (run("Lighthouse budgets (mobile)", [path.join(root, "scripts/lighthouse.mjs")])) totals.passed += 1;
else totals.failed += 1;

fs.rmSync(tmp, { recursive: true, force: true });
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join("\n")}`);
if (failedSteps.length > 0) {
  console.log(`\nFailed steps: ${failedSteps.join(", ")}`);
  if (totals.failed === 0) totals.failed = failedSteps.length;
}
console.log(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(failedSteps.length > 0 ? 1 : 0);
