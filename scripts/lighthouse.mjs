#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12 (mobile form factor, default simulated
// throttling) in Debian's Chromium on home, market, login and the futures contract screen
// (logged in), against a server this script starts on a fresh embedded database.
// Prints scores and FCP/LCP/CLS/TBT per page, then where each page's main-thread time went
// (by kind of work, the costliest scripts, long tasks) and the machine's benchmark index;
// exits 1 when a page is under what the check holds (below), and lists what is still below
// the goal.
// Usage: node scripts/lighthouse.mjs [--url http://host:port] (reuse a running server)
// [--only home,contract] (those pages only) [--runs 3] (each page three times: every run
// printed; the median run's performance, the fastest run's blocking time and the least
// main-thread time for its machine count);
// LIGHTHOUSE_REPORT_DIR=dir keeps the full JSON report of each page.
// LH_THROTTLING='{"rttMs":0,"throughputKbps":1638.4,"cpuSlowdownMultiplier":4}' changes the
// simulation, for experiments only (what round trips, bandwidth or the main thread cost a
// page); the check's figures are the defaults'.
import fs from "node:fs";
import path from "node:path";
// chrome-launcher and puppeteer-core come with lighthouse (its own launcher and driver).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { FLOOR_INDEX, judgeRuns, runOverFloor, TBT_FLOOR_MS, WORK_FLOOR_MS } from "./lighthouse-floor.mjs";
import { CHROMIUM_ARGS, registerCustomer, startServer, waitHealthy } from "./local.mjs";

// The goal (issue 9) and what the check holds today. Accessibility and best practices are
// at their goal and held there. Performance reached the goal on 2026-11-24 (fourth session,
// the app on Preact): home 90–95, market, login and contract 95–96 on a 2-core machine at
// load ~2; the same code scores up to 15 points lower on a slower or busier machine (main-
// thread time counts ×4 in the simulation, and blocking time swings from run to run). So the
// check holds a floor that catches regressions on any of these machines: a page under it is
// measured twice more and judged by the median, and every run prints each page still under
// the goal.
const GOAL = { performance: 95, accessibility: 100, "best-practices": 100 };
const PERFORMANCE_FLOOR = 50;
const BUDGET = { ...GOAL, performance: PERFORMANCE_FLOOR };
// Issue 37: blocking time and main-thread time are held too (scripts/lighthouse-floor.mjs:
// the floors, their history and the runs they are set between).
const PAGES = [
  { name: "home", hash: "/home" },
  { name: "market", hash: "/hangqing" },
  { name: "login", hash: "/login" },
  { name: "contract", hash: "/heyue", login: true },
];

const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}: apt-get install -y chromium (or set CHROME_PATH).`);
  process.exit(1);
}

/**
 * Lighthouse resets storage before each run, which would log the customer out. For a
 * login page: clear everything but localStorage ourselves (cold cache, no service
 * worker), store the token, and run with the reset disabled.
 */
async function prepareLoggedIn(browser, base, token) {
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.svg`, { waitUntil: "domcontentloaded" }).catch(() => {});
  const cdp = await page.createCDPSession();
  await cdp.send("Storage.clearDataForOrigin", {
    origin: base,
    storageTypes: "cookies,file_systems,indexeddb,service_workers,cache_storage,websql",
  });
  await cdp.send("Network.clearBrowserCache");
  await page.evaluate((t) => {
    localStorage.clear();
    localStorage.setItem(
      "candor-user",
      JSON.stringify({ state: { token: t, user: null, redirect: "/home" }, version: 0 }),
    );
  }, token);
  await page.close();
}

/** The node of the largest contentful paint ({selector, snippet, nodeLabel}), if Lighthouse found one. */
const lcpElement = (lhr) =>
  lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node ?? null;

const ms = (audit) => (audit?.numericValue === undefined ? "–" : `${(audit.numericValue / 1000).toFixed(1)} s`);

/**
 * Where the main thread's time went (issue 37): Lighthouse's breakdown by kind of work
 * (script evaluation, style and layout, rendering, parsing, garbage collection, other), the
 * scripts that cost the most (evaluation + compile), and the long tasks, all in the
 * simulation's throttled milliseconds.
 */
function mainThread(lhr) {
  const a = lhr.audits;
  const groups = Object.fromEntries(
    (a["mainthread-work-breakdown"]?.details?.items ?? []).map((i) => [
      i.groupLabel ?? i.group,
      Math.round(i.duration),
    ]),
  );
  const scripts = [...(a["bootup-time"]?.details?.items ?? [])]
    .sort((x, y) => y.total - x.total)
    .slice(0, 5)
    .map(
      (i) =>
        `${String(i.url).replace(/^https?:\/\/[^/]+/, "") || "/"} ${Math.round(i.total)} ms (script ${Math.round(i.scripting)})`,
    );
  const longTasks = a["long-tasks"]?.details?.items ?? [];
  return {
    total: Math.round(a["mainthread-work-breakdown"]?.numericValue ?? 0),
    groups,
    scripts,
    longTasks: longTasks.length,
    longest: Math.round(Math.max(0, ...longTasks.map((t) => t.duration))),
  };
}

async function main() {
  const urlArg = process.argv.indexOf("--url");
  let base = urlArg > 0 ? process.argv[urlArg + 1] : undefined;
  const onlyArg = process.argv.indexOf("--only");
  const only = onlyArg > 0 ? (process.argv[onlyArg + 1] ?? "").split(",") : null;
  const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES;
  if (pages.length === 0) throw new Error(`--only: none of ${PAGES.map((p) => p.name).join(", ")}`);
  let server;
  const started = Date.now();
  if (!base) {
    server = await startServer();
    base = server.base;
  } else {
    await waitHealthy(base, null, 10_000);
  }
  let chrome;
  const rows = [];
  const breakdowns = [];
  const failures = [];
  const belowGoal = [];
  try {
    const token = await registerCustomer(base);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless", ...CHROMIUM_ARGS] });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const measure = async (p) => {
      let result;
      // A trace now and then misses its navigation start on a busy machine: retry once.
      for (let attempt = 1; attempt <= 2; attempt++) {
        if (p.login) await prepareLoggedIn(browser, base, token);
        result = await lighthouse(
          `${base}/#${p.hash}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: Object.keys(BUDGET),
            disableStorageReset: p.login === true,
            ...(process.env.LH_THROTTLING ? { throttling: JSON.parse(process.env.LH_THROTTLING) } : {}),
          },
          undefined,
        );
        if (result?.lhr?.runtimeError?.code !== "NO_NAVSTART") break;
      }
      return result;
    };
    const performanceOf = (r) => Math.round((r?.lhr?.categories?.performance?.score ?? 0) * 100);
    const tbtOf = (r) => Math.round(r?.lhr?.audits?.["total-blocking-time"]?.numericValue ?? 0);
    const workOf = (r) => Math.round(r?.lhr?.audits?.["mainthread-work-breakdown"]?.numericValue ?? 0);
    const figures = (r) => ({ tbt: tbtOf(r), work: workOf(r), index: r.lhr.environment?.benchmarkIndex });
    const underFloor = (r) => performanceOf(r) < BUDGET.performance || runOverFloor(figures(r));
    const runsArg = process.argv.indexOf("--runs");
    const runsWanted = Math.max(1, runsArg > 0 ? Number(process.argv[runsArg + 1]) || 1 : 1);
    for (const p of pages) {
      let result = await measure(p);
      const usable = (r) => r?.lhr && !r.lhr.runtimeError;
      // One run moves ±15 points on a busy machine: a page under a floor is measured twice
      // more and judged by the median of its three runs' performance, and by the fastest
      // run's blocking time and the least main-thread time for its machine (a busy machine
      // only adds to both); when three runs are still over a floor, twice more (five runs).
      const count = runsWanted > 1 ? runsWanted : usable(result) && underFloor(result) ? 3 : 1;
      let runs = [result];
      if (count > 1 && usable(result)) {
        while (runs.length < count) runs.push(await measure(p));
        if (runsWanted === 1 && judgeRuns(runs.filter(usable).map(figures)).failures.length > 0) {
          while (runs.length < 5) runs.push(await measure(p));
        }
        runs = runs.filter(usable);
        const line = (r) =>
          `${performanceOf(r)} (TBT ${tbtOf(r)} ms, LCP ${ms(r.lhr.audits["largest-contentful-paint"])}, main thread ${workOf(r)} ms at index ${Math.round(r.lhr.environment?.benchmarkIndex ?? 0)})`;
        console.log(
          `${p.name}: ${runs.map(line).join(", ")} in ${runs.length} runs; the median's performance, the fastest run's blocking time and the least main-thread time count`,
        );
        const sorted = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b) || tbtOf(b) - tbtOf(a));
        result = sorted[Math.floor((sorted.length - 1) / 2)] ?? result;
      }
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no Lighthouse result for ${p.name}`);
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${p.name}.json`), result.report);
      }
      if (lhr.runtimeError) throw new Error(`${p.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl;
      if (!finalUrl.endsWith(`#${p.hash}`)) failures.push(`${p.name}: ended on ${finalUrl}, not #${p.hash}`);
      // A start-up that hangs leaves index.html's splash as the only paint, which scores
      // well: the largest paint must be the screen's own.
      const lcpNode = lcpElement(lhr);
      if (!lcpNode || /boot-splash/.test(`${lcpNode.selector} ${lcpNode.snippet}`))
        failures.push(`${p.name}: the screen never painted (largest paint: ${lcpNode?.snippet ?? "none"})`);
      const scores = Object.fromEntries(
        Object.keys(BUDGET).map((k) => [k, Math.round((lhr.categories[k]?.score ?? 0) * 100)]),
      );
      const a = lhr.audits;
      const judged = judgeRuns(runs.map(figures));
      breakdowns.push({ page: p.name, benchmarkIndex: lhr.environment?.benchmarkIndex, ...mainThread(lhr) });
      rows.push({
        page: `${p.name} (#${p.hash})`,
        performance: scores.performance,
        accessibility: scores.accessibility,
        "best practices": scores["best-practices"],
        FCP: ms(a["first-contentful-paint"]),
        LCP: ms(a["largest-contentful-paint"]),
        CLS: a["cumulative-layout-shift"]?.numericValue?.toFixed(3) ?? "–",
        TBT: `${judged.tbt.value} ms${runs.length > 1 ? " (fastest)" : ""}`,
        "main thread": `${judged.work.value} ms${runs.length > 1 ? " (least)" : ""}`,
        "largest paint": (lcpNode?.nodeLabel ?? "–").slice(0, 24),
      });
      for (const failure of judged.failures) failures.push(`${p.name}: ${failure}`);
      for (const [category, goal] of Object.entries(GOAL)) {
        if (scores[category] >= goal) continue;
        const min = BUDGET[category];
        // Name the audits that cost points, so a failure says what to fix.
        const lost = lhr.categories[category].auditRefs
          .filter((ref) => ref.weight > 0 && a[ref.id]?.score !== null && (a[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id}${a[ref.id].displayValue ? ` (${a[ref.id].displayValue})` : ""}`);
        const line = `${p.name}: ${category} ${scores[category]} < ${goal} — ${lost.join(", ") || "see report"}`;
        if (scores[category] < min) failures.push(line);
        else belowGoal.push(line);
      }
    }
    await browser.disconnect();
  } finally {
    if (chrome) await chrome.kill();
    server?.stop();
  }
  console.table(rows);
  console.log("\nMain thread (Lighthouse's simulated 4× CPU; ms):");
  for (const b of breakdowns) {
    const groups = Object.entries(b.groups)
      .sort((x, y) => y[1] - x[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    console.log(
      `  ${b.page}: ${b.total} ms in all — ${groups}; ${b.longTasks} long tasks (longest ${b.longest} ms); benchmark index ${Math.round(b.benchmarkIndex ?? 0)}`,
    );
    if (b.scripts.length > 0) console.log(`    costliest scripts: ${b.scripts.join("; ")}`);
  }
  console.log(
    `goal: performance ≥ ${GOAL.performance}, accessibility ≥ ${GOAL.accessibility}, best practices ≥ ${GOAL["best-practices"]}; held: performance ≥ ${BUDGET.performance}, accessibility ≥ ${BUDGET.accessibility}, best practices ≥ ${BUDGET["best-practices"]}, total blocking time (the fastest run) ≤ ${TBT_FLOOR_MS} ms × max(1, ${FLOOR_INDEX} / benchmark index), main-thread time (the least for its machine) ≤ ${WORK_FLOOR_MS} ms × ${FLOOR_INDEX} / benchmark index (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (belowGoal.length > 0) console.log(`\nBelow the goal (held at the floor):\n  ${belowGoal.join("\n  ")}`);
  if (failures.length > 0) {
    console.log(`\nUnder budget:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
