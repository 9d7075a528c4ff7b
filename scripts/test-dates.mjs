#!/usr/bin/env node
// `npm run test:dates`: the server suite (embedded PGlite, whose clock follows the process)
// with the machine's date faked by Debian's `faketime` to each weekday, a month's last
// seconds before midnight UTC and 29 February, so a test that depends on the day it runs on
// shows up on any day. Prints one line per date and the failed tests.
//   node scripts/test-dates.mjs [--only sat,monthend] [test files or folders…]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATES = {
  mon: "2026-11-23 10:00:00",
  tue: "2026-11-24 10:00:00",
  wed: "2026-11-25 10:00:00",
  thu: "2026-11-26 10:00:00",
  fri: "2026-11-27 10:00:00",
  sat: "2026-11-28 10:00:00",
  sun: "2026-11-29 10:00:00",
  // The last 30 seconds of a month (a Monday): the run crosses midnight UTC into the 1st.
  monthend: "2026-11-30 23:59:30",
  feb29: "2028-02-29 10:00:00",
};

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1].split(",") : Object.keys(DATES);
const files = args;
if (spawnSync("faketime", ["-f", "+0", "true"]).status !== 0) {
  console.error("faketime not found: apt-get install -y faketime");
  process.exit(1);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "candor-dates-"));
let failedDates = 0;
for (const label of only) {
  const at = DATES[label];
  if (!at) throw new Error(`unknown date ${label}: one of ${Object.keys(DATES).join(", ")}`);
  const out = path.join(tmp, `${label}.json`);
  const started = Date.now();
  spawnSync(
    "faketime",
    [
      "-f",
      `@${at}`,
      process.execPath,
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      "--project",
      "server",
      ...files,
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
    { cwd: root, stdio: ["ignore", "ignore", "ignore"], env: { ...process.env, DATABASE_URL: "", TZ: "UTC" } },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (!fs.existsSync(out)) {
    console.log(`${label} (${at} UTC): no result (the run did not finish) in ${seconds} s`);
    failedDates++;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(out, "utf8"));
  const failures = [];
  for (const file of r.testResults) {
    const name = path.relative(root, file.name);
    if (file.status === "failed" && file.assertionResults.every((a) => a.status !== "failed")) {
      failures.push(`${name}: ${(file.message ?? "").split("\n")[0]}`);
    }
    for (const a of file.assertionResults) {
      if (a.status === "failed")
        failures.push(`${name} > ${a.fullName}: ${(a.failureMessages[0] ?? "").split("\n")[0]}`);
    }
  }
  console.log(
    `${label} (${at} UTC): ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped in ${seconds} s`,
  );
  for (const f of failures) console.log(`  ✗ ${f}`);
  if (failures.length > 0) failedDates++;
}
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(failedDates > 0 ? 1 : 0);
