#!/usr/bin/env node
// `npm run bench:trace`: where a screen's main thread spends its time once it has loaded
// (issue 37). Opens each screen at 375×812 in Debian's Chromium with the CPU slowed down
// (4× by default, as Lighthouse's mobile simulation), waits for it to settle, records a
// Chromium trace for a few seconds while the live prices arrive, and prints per screen: the
// main thread's tasks and busy time, what each task mostly did (style recalculation, paint,
// timers, animation frames, which script's function), and how many websocket messages came.
//   node scripts/trace.mjs [--url http://host:port] [--only home,contract] [--seconds 5] [--cpu 4]
//   [--css "<style sheet added to each screen>"] [--no-live] (experiments: what a change would save)
//   [--load] (the load itself instead: its long tasks and the functions each ran)
// (--url reuses a running server; without it a sandbox server starts on a fresh database.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, registerCustomer, startServer, waitHealthy } from "./local.mjs";

const SCREENS = [
  { name: "home", hash: "/home" },
  { name: "market", hash: "/hangqing" },
  { name: "contract", hash: "/heyue", login: true },
];
const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    only: { type: "string" },
    seconds: { type: "string", default: "5" },
    cpu: { type: "string", default: "4" },
    // Experiments: a style sheet added to every screen (e.g. "*{animation:none!important}"),
    // or no live prices (the market websocket never opens).
    css: { type: "string" },
    "no-live": { type: "boolean", default: false },
    // The load itself: record from the navigation on, and list the long tasks (> 50 ms)
    // with the functions each ran (a CPU profile beside the trace).
    load: { type: "boolean", default: false },
  },
});
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const screens = args.only ? SCREENS.filter((s) => args.only.split(",").includes(s.name)) : SCREENS;

/** What a task mostly did: its longest event inside, named with the event's script or type. */
function label(top) {
  if (!top) return "(nothing recorded inside)";
  const data = top.args?.data ?? {};
  if (top.name === "EventDispatch") return `event ${data.type}`;
  if (top.name === "FunctionCall" || top.name === "TimerFire" || top.name === "FireAnimationFrame") {
    const where = `${(data.url ?? "").split("/").pop()} ${data.functionName ?? ""}`.trim();
    return where ? `${top.name} (${where})` : top.name;
  }
  return top.name;
}

/**
 * The functions a CPU profile spent most time in (their own time and their callees')
 * between two trace timestamps (µs, the profile's clock), e.g. "HomeScreen home-screen.js 31".
 * Names are readable in a build without minifying (`npx vite build --minify false`).
 */
function functionsIn(profile, from, to, top = 8) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < from || t > to) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      if (!f.url) continue; // (root), (program), (idle), native functions
      const k = `${f.functionName || "(top level)"} ${f.url.split("/").pop()}`;
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  return [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, ms]) => `${k} ${Math.round(ms)}`);
}

/** A long task's direct parts (events not inside another event of the task), longest first. */
function parts(task, inside) {
  const within = inside.filter((e) => e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur);
  const top = [];
  let end = 0;
  for (const e of within) {
    if (e.ts < end) continue;
    top.push(e);
    end = e.ts + e.dur;
  }
  const by = new Map();
  for (const e of top) {
    const data = e.args?.data ?? {};
    const k =
      e.name === "EvaluateScript" || e.name === "v8.compile"
        ? `${e.name} ${(data.url ?? "").split("/").pop()}`
        : label(e);
    by.set(k, (by.get(k) ?? 0) + e.dur / 1000);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, 4);
}

function summarise(traceFile, seconds) {
  const events = JSON.parse(fs.readFileSync(traceFile, "utf8")).traceEvents;
  const names = new Map(events.filter((e) => e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
  // The page's renderer main thread: the CrRendererMain with the most tasks.
  const tasksOf = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== "X" || names.get(key) !== "CrRendererMain") continue;
    const list = tasksOf.get(key) ?? { tasks: [], inside: [] };
    (e.name === "RunTask" ? list.tasks : list.inside).push(e);
    tasksOf.set(key, list);
  }
  const main = [...tasksOf.values()].sort((a, b) => b.tasks.length - a.tasks.length)[0] ?? { tasks: [], inside: [] };
  const inside = main.inside.sort((a, b) => a.ts - b.ts);
  const kinds = new Map();
  let cursor = 0;
  for (const t of main.tasks.sort((a, b) => a.ts - b.ts)) {
    while (cursor < inside.length && inside[cursor].ts < t.ts) cursor++;
    let top;
    for (let i = cursor; i < inside.length && inside[i].ts < t.ts + t.dur; i++)
      if (!top || (inside[i].dur ?? 0) > (top.dur ?? 0)) top = inside[i];
    const k = label(top);
    const entry = kinds.get(k) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += t.dur / 1000;
    kinds.set(k, entry);
  }
  const messages = inside.filter(
    (e) => e.name === "FunctionCall" && /onmessage/.test(e.args?.data?.functionName ?? ""),
  );
  const busy = main.tasks.reduce((s, t) => s + t.dur, 0) / 1000;
  const t0 = main.tasks[0]?.ts ?? 0;
  const long = main.tasks
    .filter((t) => t.dur > 50_000)
    .map((t) => ({ at: (t.ts - t0) / 1000, start: t.ts, ms: t.dur / 1000, parts: parts(t, inside) }));
  return { tasks: main.tasks.length, busy, share: busy / (seconds * 1000), kinds, messages: messages.length, long };
}

async function main() {
  let server;
  let base = args.url;
  if (base) await waitHealthy(base, null, 10_000);
  else {
    server = await startServer();
    base = server.base;
  }
  const seconds = Number(args.seconds);
  const browser = await puppeteer.launch({ executablePath: chromePath, args: [...CHROMIUM_ARGS, "--headless=new"] });
  try {
    const token = await registerCustomer(base);
    for (const screen of screens) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const cdp = await page.createCDPSession();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(args.cpu) });
      if (args["no-live"])
        await page.evaluateOnNewDocument(() => {
          // A socket that never connects (as when the network holds it open without an answer).
          window.WebSocket = class extends EventTarget {
            static CONNECTING = 0;
            static OPEN = 1;
            static CLOSING = 2;
            static CLOSED = 3;
            readyState = 0;
            onopen = null;
            onmessage = null;
            onclose = null;
            onerror = null;
            send() {}
            close() {}
          };
        });
      if (screen.login) {
        await page.goto(`${base}/favicon.svg`);
        await page.evaluate((t) => {
          localStorage.setItem(
            "candor-user",
            JSON.stringify({ state: { token: t, user: null, redirect: "/home" }, version: 0 }),
          );
        }, token);
      }
      const file = path.join(os.tmpdir(), `candor-trace-${screen.name}-${process.pid}.json`);
      const trace = () =>
        page.tracing.start({
          path: file,
          categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"],
        });
      if (args.load) {
        await trace();
        // A sampled CPU profile beside the trace: which functions each long task ran.
        await cdp.send("Profiler.enable");
        await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
        await cdp.send("Profiler.start");
      }
      await page.goto(`${base}/#${screen.hash}`, { waitUntil: args.load ? "domcontentloaded" : "load" });
      if (args.css) await page.addStyleTag({ content: args.css });
      if (!args.load) {
        await new Promise((r) => setTimeout(r, 4000)); // settled: first paint, first prices
        await trace();
      }
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const profile = args.load ? (await cdp.send("Profiler.stop")).profile : null;
      await page.tracing.stop();
      await context.close();
      const s = summarise(file, seconds);
      fs.rmSync(file, { force: true });
      console.log(
        `\n${screen.name} (#${screen.hash}), ${seconds} s after loading, CPU ${args.cpu}× slower: ${s.tasks} main-thread tasks, busy ${Math.round(s.busy)} ms (${Math.round(s.share * 100)} % of the time); ${s.messages} websocket messages`,
      );
      for (const [k, v] of [...s.kinds].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10))
        console.log(`  ${String(Math.round(v.ms)).padStart(6)} ms  ${String(v.n).padStart(5)} ×  ${k}`);
      if (s.long.length) console.log(`  long tasks (> 50 ms): ${s.long.length}`);
      for (const t of s.long) {
        console.log(
          `    at ${Math.round(t.at)} ms: ${Math.round(t.ms)} ms — ${t.parts.map(([k, ms]) => `${k} ${Math.round(ms)}`).join(", ")}`,
        );
        if (profile) console.log(`      ran: ${functionsIn(profile, t.start, t.start + t.ms * 1000).join(", ")}`);
      }
    }
  } finally {
    await browser.close();
    server?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
