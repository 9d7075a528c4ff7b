// Checks the server's answers against the published OpenAPI document with a validating
// proxy none of us wrote: Stoplight Prism (`prism proxy`, a devDependency).
//
//   npm run check:openapi              (PRISM_RUNS mutated requests per operation, default 8;
//                                      PRISM_DOC another copy of the document to check against;
//                                      PRISM_OUT a file to write every operation's status to)
//
// Starts the app on the embedded defaults (PGlite, sandbox seed) on a free port, puts
// `prism proxy packages/contract/openapi.json` in front of it, logs in a customer and an
// admin, and sends every operation of the document its valid-looking request, a NUL byte in
// each string it takes, and mutated requests (wrong types, missing fields, huge strings …,
// test/fuzz/openapi-requests.ts), without a token and with a JSON body of the wrong
// Content-Type. Prism reports every response that breaks the document (an undeclared
// status, a body not matching the declared schema) in its `sl-violations` header; this
// script lists them by operation and status and exits 1 when there are any.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openPglite } from "../src/db";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { createOperator, newIp, registerCustomer } from "../test/factory";
import {
  baseRequest,
  type FuzzRequest,
  mutatedRequests,
  type Operation,
  readOperations,
  render,
} from "../test/fuzz/openapi-requests";

const RUNS = Number(process.env.PRISM_RUNS ?? 8);
const SEED = Number(process.env.PRISM_SEED ?? 20261127);
const ROOT = path.resolve(import.meta.dirname, "../../..");
// PRISM_DOC: check against another copy of the document (e.g. an older commit's), same traffic.
const DOC = process.env.PRISM_DOC
  ? path.resolve(process.env.PRISM_DOC)
  : path.join(ROOT, "packages/contract/openapi.json");
const PRISM = path.join(ROOT, "node_modules/.bin/prism");

type Violation = { location?: string[]; code?: string | number; message?: string; severity?: string | number };

const database = await openPglite();
await migrate(database);
await seed(database, { sandbox: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "candor-prism-"));
const app = await buildApp({
  // The embedded defaults, with room for a few thousand requests from one address a minute
  // (the rate limit's 429 is declared on every operation; it is not what this run checks).
  config: {
    ...loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    rateLimitPerMinute: 1_000_000,
    freeSignupsPerAddress: 1_000_000,
    marketAutostart: false,
    // No feed, so no sample contests (modules/samples); the run makes what it checks.
    sandboxSamples: false,
  },
  database,
  logger: false,
});
await app.listen({ host: "127.0.0.1", port: 0 });
const appPort = (app.server.address() as { port: number }).port;

const prismPort = appPort + 1;
const prism: ChildProcess = spawn(
  PRISM,
  ["proxy", DOC, `http://127.0.0.1:${appPort}`, "-h", "127.0.0.1", "-p", String(prismPort)],
  { stdio: ["ignore", "pipe", "pipe"] },
);
let prismLog = "";
prism.stdout?.on("data", (d) => {
  prismLog += d;
});
prism.stderr?.on("data", (d) => {
  prismLog += d;
});
let prismExit: string | null = null;
prism.on("exit", (code, signal) => {
  prismExit = `prism exited (code ${code}, signal ${signal})`;
});
const base = `http://127.0.0.1:${prismPort}`;

async function waitForPrism() {
  for (let i = 0; i < 240; i++) {
    try {
      await fetch(`${base}/api/sys/time`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`prism did not start:\n${prismLog}`);
}

async function stop(code: number): Promise<never> {
  prism.kill();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

try {
  await waitForPrism();
} catch (err) {
  console.error(String(err));
  await stop(2);
}

const tokens = { customer: "", operator: "" };
async function login(who: "customer" | "operator") {
  tokens[who] = who === "customer" ? (await registerCustomer(app)).token : (await createOperator(app, database)).token;
}
await login("customer");
await login("operator");
const identity = (op: Operation) => (op.path.startsWith("/api/operator/") ? "operator" : "customer");

const REQUEST_TIMEOUT_MS = 15_000;
/** Every answer (operation and status), written to PRISM_OUT when set. */
const seen: { method: string; path: string; status: number }[] = [];
let checked = 0;
/** Requests not sent because Prism cannot take them (malformed percent-encoding in the path). */
let skipped = 0;
/** Requests that got no answer (refused by fetch, or no answer in time). */
const failed: string[] = [];
const mismatches = new Map<string, { count: number; example: string }>();
const statuses = new Map<number, number>();

async function send(op: Operation, req: FuzzRequest, withToken = true) {
  // Prism dies on a path that is not valid percent-encoding (an uncaught URIError in its
  // path matcher): such requests are left to the fuzz test (test/fuzz), which sends them directly.
  try {
    decodeURIComponent(req.url.split("?")[0] ?? "");
  } catch {
    skipped++;
    return;
  }
  const who = identity(op);
  const headers: Record<string, string> = {
    ...(op.secured && withToken ? { "x-access-token": tokens[who] } : {}),
    "x-forwarded-for": newIp(),
    ...req.headers,
  };
  let res: Response;
  try {
    res = await fetch(`${base}${req.url}`, {
      method: req.method,
      headers,
      ...(req.payload !== undefined ? { body: req.payload } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    failed.push(`${req.method} ${req.url.slice(0, 120)}: ${String(err)}`);
    return;
  }
  await res.arrayBuffer();
  checked++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  seen.push({ method: op.method, path: op.path, status: res.status });
  const header = res.headers.get("sl-violations");
  const violations: Violation[] = header ? JSON.parse(header) : [];
  for (const v of violations.filter((x) => x.location?.[0] === "response")) {
    const key = `${op.method} ${op.path} → ${res.status}: ${v.message ?? v.code} [${v.location?.join(".")}]`;
    const seen = mismatches.get(key) ?? { count: 0, example: `${req.method} ${req.url.slice(0, 160)}` };
    seen.count++;
    mismatches.set(key, seen);
  }
  // Some requests end the session (log out, change password): carry on as a new caller.
  if (res.status === 401 && op.secured && withToken && !("x-access-token" in req.headers)) await login(who);
}

const operations = readOperations();
for (const [index, op] of operations.entries()) {
  for (const s of app.market.knownSymbols())
    app.market.ingest({ symbol: s.symbol, price: s.referencePrice, ts: Date.now() });
  const good = baseRequest(op);
  const body = good.body === undefined ? undefined : { value: good.body };
  const valid = render(op, good.params, {}, body, {}, []);
  await send(op, valid);
  if (op.secured) await send(op, valid, false);
  if (valid.payload !== undefined)
    await send(op, { ...valid, headers: { ...valid.headers, "content-type": "text/plain" } });
  for (const p of op.params.filter((x) => x.in === "query" || x.in === "path")) {
    await send(op, render(op, { ...good.params, [`${p.in}:${p.name}`]: "a\u0000" }, {}, body, {}, []));
  }
  for (const req of mutatedRequests(op, RUNS, SEED + index)) await send(op, req);
  if ((index + 1) % 25 === 0) console.log(`prism: ${index + 1}/${operations.length} operations, ${checked} responses`);
}

const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
console.log(
  `prism: ${checked} responses over ${operations.length} operations (${byStatus.join(", ")}); ${skipped} requests not sent (malformed path)`,
);
if (process.env.PRISM_OUT) fs.writeFileSync(process.env.PRISM_OUT, `${JSON.stringify(seen)}\n`);
if (failed.length > 0) {
  if (prismExit) console.log(`prism: ${prismExit}; its last output:\n${prismLog.slice(-3000)}`);
  console.log(`prism: ${failed.length} requests got no answer through the proxy:`);
  for (const line of failed.slice(0, 20)) console.log(`  ${line}`);
}
const total = [...mismatches.values()].reduce((n, m) => n + m.count, 0);
if (mismatches.size === 0) {
  console.log("prism: every response matches the document");
  await stop(0);
}
console.log(`prism: ${total} responses do not match the document (${mismatches.size} kinds):`);
for (const [key, { count, example }] of [...mismatches.entries()].sort())
  console.log(`  ${count}× ${key}\n      e.g. ${example}`);
await stop(1);
