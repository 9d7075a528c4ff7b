// npm run bench:ws -- [--clients 2000] [--symbols 20] [--duration 20] [--warmup 5] [--speed 1]
//                     [--per-process 2500] [--api-concurrency 4] [--coalesce-ms 100] [--slice-clients 250]
//                     [--raw-frames true|false] [--client lean|ws] [--api-target product|control]
//
// Starts the API in this process on 127.0.0.1 (in-memory PGlite, no history), opens
// N websocket clients spread over child processes (--per-process each), each subscribed
// to the ticker channels of `--symbols` symbols, drives the simulated market (every
// symbol ticks every 250–1,000 ms, divided by --speed; market hours ignored so weekends
// measure the same), and prints tick → client latency p50/p99/max, the server's
// event-loop delay p99 (perf_hooks.monitorEventLoopDelay, in the server process), its
// RSS, and the p50/p99 of GET /api/trade/appSymbol/list from another child process
// measured idle (no clients, no ticks) and during the run, with their ratio, and the CPU
// the server and the client processes used. `--api-target control` measures, in the same
// two windows, a bare node:http server in a process of its own answering the same bytes
// (bench/ws-control.ts) instead of the product's route: what the machine alone allows
// while the fan-out and the 10,000 clients share its cores. Bounded
// in time: the whole run stops after warmup + duration + 60 s whatever happens.
import { type ChildProcess, fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { nextSimTick, seededRng } from "@candor/domain";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { openPglite } from "../src/db";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { simParams } from "../src/modules/market/feeds/sim";
import { COALESCE_MS, SLICE_CLIENTS } from "../src/modules/market/websocket";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "2000" },
    symbols: { type: "string", default: "20" },
    duration: { type: "string", default: "20" },
    warmup: { type: "string", default: "5" },
    speed: { type: "string", default: "1" },
    "per-process": { type: "string", default: "2500" },
    "api-concurrency": { type: "string", default: "4" },
    "coalesce-ms": { type: "string" },
    "slice-clients": { type: "string" },
    "raw-frames": { type: "string" },
    client: { type: "string", default: "lean" },
    "api-target": { type: "string", default: "product" },
  },
});
const clients = Number(values.clients);
const symbolCount = Number(values.symbols);
const durationMs = Number(values.duration) * 1000;
const warmupMs = Number(values.warmup) * 1000;
const speed = Number(values.speed);
const perProcess = Number(values["per-process"]);
const apiConcurrency = Number(values["api-concurrency"]);
const clientKind = values.client;
if (clientKind !== "lean" && clientKind !== "ws") throw new Error("bad --client: lean or ws");
const apiTarget = values["api-target"];
if (apiTarget !== "product" && apiTarget !== "control") throw new Error("bad --api-target: product or control");
for (const [name, v] of Object.entries({
  clients,
  symbolCount,
  durationMs,
  warmupMs,
  speed,
  perProcess,
  apiConcurrency,
})) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad --${name}`);
}

const hardStop = setTimeout(
  () => {
    console.error("bench: time limit reached, stopping");
    process.exit(3);
  },
  warmupMs + durationMs + 70_000 + clients * 20,
);
hardStop.unref();

interface ApiFigures {
  count: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
  cpuMicros: number;
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const database = await openPglite();
  await migrate(database);
  await seed(database, { sandbox: true });
  const config = {
    ...loadConfig({
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      MARKET_HISTORY: "none",
      MARKET_AUTOSTART: "false",
      MARKET_SEED: "1",
      RATE_LIMIT_PER_MINUTE: "1000000",
    }),
  };
  const app = await buildApp({ config, database, logger: { level: "warn" } });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  if (values["coalesce-ms"]) app.marketHub.options.coalesceMs = Number(values["coalesce-ms"]);
  if (values["slice-clients"]) app.marketHub.options.sliceClients = Number(values["slice-clients"]);
  if (values["raw-frames"]) app.marketHub.options.rawFrames = values["raw-frames"] !== "false";
  const symbols = app.market.enabledSymbols().slice(0, symbolCount);
  if (symbols.length < symbolCount) throw new Error(`only ${symbols.length} symbols are listed`);
  const channels = symbols.map((s) => `ticker.${s.symbol}`);
  // A first price for every symbol, so subscribers get a snapshot.
  for (const s of symbols) app.market.ingest({ symbol: s.symbol, price: s.referencePrice, source: "sim" });

  console.log(
    `bench:ws  ${clients} clients × ${channels.length} tickers, coalescing window ${app.marketHub.options.coalesceMs ?? COALESCE_MS} ms, ` +
      `${app.marketHub.options.sliceClients ?? SLICE_CLIENTS} clients per slice, raw frames ${app.marketHub.options.rawFrames !== false}, ${symbols.length} symbols ticking every ` +
      `${(250 / speed).toFixed(0)}–${(1000 / speed).toFixed(0)} ms, warmup ${warmupMs / 1000} s, measure ${durationMs / 1000} s`,
  );
  // Let seeding's transient memory (argon2 hashes) settle before the baseline.
  await new Promise((r) => setTimeout(r, 2000));
  const rssIdle = process.memoryUsage().rss;

  // API latency with no websocket client and a still market (the baseline).
  const productUrl = `http://127.0.0.1:${port}/api/trade/appSymbol/list`;
  let apiUrl = productUrl;
  let control: ChildProcess | undefined;
  if (apiTarget === "control") {
    const body = await (await fetch(productUrl)).text();
    control = fork(path.join(import.meta.dirname, "ws-control.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const listening = new Promise<{ port: number }>((resolve) => control?.once("message", resolve as never));
    control.send({ type: "serve", body });
    apiUrl = `http://127.0.0.1:${(await listening).port}/`;
  }
  const api = fork(path.join(import.meta.dirname, "ws-api.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const measureApi = (ms: number) =>
    new Promise<ApiFigures>((resolve, reject) => {
      api.once("message", (m) => resolve(m as ApiFigures));
      api.once("exit", (code) => reject(new Error(`api process exited (${code})`)));
      api.send({ type: "measure", url: apiUrl, ms, concurrency: apiConcurrency });
    });
  await measureApi(1000); // warm up the route
  const apiIdle = await measureApi(Math.min(durationMs, 5000));

  // Clients spread over several processes: 10,000 sockets would saturate one client
  // process (and its file limit) before the server.
  const children: ChildProcess[] = [];
  const processes = Math.ceil(clients / perProcess);
  for (let i = 0; i < processes; i++) {
    children.push(
      fork(path.join(import.meta.dirname, "ws-clients.ts"), [], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
  }
  const waitFor = (child: ChildProcess, type: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.type === type) {
          child.off("message", onMessage);
          resolve(m);
        }
      };
      child.on("message", onMessage);
      child.once("exit", (code) => reject(new Error(`client process exited (${code})`)));
    });
  const t0 = Date.now();
  const connectedAll = await Promise.all(
    children.map((child, i) => {
      const n = Math.min(perProcess, clients - i * perProcess);
      const answer = waitFor(child, "connected");
      child.send({
        type: "connect",
        url: `ws://127.0.0.1:${port}/api/websocket/market`,
        clients: n,
        channels,
        client: clientKind,
      });
      return answer;
    }),
  );
  const sum = (list: Record<string, unknown>[], key: string) => list.reduce((n, m) => n + (m[key] as number), 0);
  console.log(
    `connected ${sum(connectedAll, "connected")}/${clients} in ${Date.now() - t0} ms over ${processes} client processes ` +
      `(${clientKind === "lean" ? "lean clients: bench/ws-lean-socket.ts" : "the ws library's client"}) ` +
      `(errors ${sum(connectedAll, "errors")}); server ${app.marketHub.stats().clients} sockets`,
  );

  // Drive the market: every symbol walks on its own seeded generator.
  // ingest() is synchronous; its duration is the work done on the tick's own turn.
  const fanout: number[] = [];
  // How late each tick's timer fired: what a feed message waits before ingest() when the loop stalls.
  const late: number[] = [];
  let measuring = false;
  let ticks = 0;
  let running = true;
  const timers = new Set<NodeJS.Timeout>();
  for (const info of symbols) {
    const params = simParams(info);
    const rng = seededRng(1, info.symbol);
    let price = params.referencePrice;
    const step = () => {
      const next = nextSimTick(price, params, rng);
      const due = performance.now() + next.delayMs / speed;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!running) return;
        if (measuring) late.push(performance.now() - due);
        price = next.price;
        const t0 = performance.now();
        app.market.ingest({
          symbol: info.symbol,
          price: next.price.toFixed(info.pricePrecision),
          volume: next.volume.toFixed(info.qtyPrecision),
          source: "sim",
        });
        if (measuring) fanout.push(performance.now() - t0);
        ticks++;
        step();
      }, next.delayMs / speed);
      timers.add(timer);
    };
    step();
  }

  const loop = monitorEventLoopDelay({ resolution: 10 });
  let rssMax = 0;
  await new Promise((r) => setTimeout(r, warmupMs));
  measuring = true;
  const ticksAtStart = ticks;
  const flushesAtStart = app.marketHub.stats().flushes;
  const cpuAtStart = process.cpuUsage();
  loop.enable();
  for (const child of children) child.send({ type: "measure" });
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
  }, 250);
  const apiRun = await measureApi(durationMs);
  const dones = await Promise.all(
    children.map((child) => {
      const answer = waitFor(child, "done");
      child.send({ type: "stop" });
      return answer;
    }),
  );
  const cpu = process.cpuUsage(cpuAtStart);
  running = false;
  loop.disable();
  clearInterval(sampler);
  for (const t of timers) clearTimeout(t);
  const ticksMeasured = ticks - ticksAtStart;

  const histogram: number[] = [];
  for (const d of dones) {
    (d.histogram as number[]).forEach((n, ms) => {
      histogram[ms] = (histogram[ms] ?? 0) + n;
    });
  }
  const measured = sum(dones, "measured");
  const percentile = (p: number) => {
    const target = Math.ceil(measured * p);
    let seen = 0;
    for (let ms = 0; ms < histogram.length; ms++) {
      seen += histogram[ms] ?? 0;
      if (seen >= target) return ms;
    }
    return Number.NaN;
  };
  let maxMs = 0;
  histogram.forEach((n, ms) => {
    if (n > 0) maxMs = ms;
  });
  const expected = ticksMeasured * clients;
  const ms = (v: number | undefined) => (v ?? Number.NaN).toFixed(1);
  const hub = app.marketHub.stats();
  console.log(
    `ticks ${ticksMeasured} in ${durationMs / 1000} s (${(ticksMeasured / (durationMs / 1000)).toFixed(1)}/s) → ` +
      `${measured} ticker messages measured (${((measured / Math.max(1, expected)) * 100).toFixed(1)} % of one per tick per client: ` +
      `${expected}), ` +
      `${((measured / durationMs) * 1000).toFixed(0)} msg/s`,
  );
  console.log(`latency tick→client  p50 ${percentile(0.5)} ms   p99 ${percentile(0.99)} ms   max ${maxMs} ms`);
  fanout.sort((a, b) => a - b);
  const fp = (p: number) => (fanout[Math.min(fanout.length - 1, Math.floor(fanout.length * p))] ?? 0).toFixed(1);
  late.sort((a, b) => a - b);
  const lp = (p: number) => (late[Math.min(late.length - 1, Math.floor(late.length * p))] ?? 0).toFixed(1);
  console.log(
    `tick timers fired late (wait before ingest; not in tick→client above)  p50 ${lp(0.5)} ms   p99 ${lp(0.99)} ms`,
  );
  console.log(`server time inside ingest() per tick  p50 ${fp(0.5)} ms   p99 ${fp(0.99)} ms`);
  console.log(
    `coalescing: ${hub.flushes - flushesAtStart} flushes while measuring (${((hub.flushes - flushesAtStart) / (durationMs / 1000)).toFixed(1)}/s), ` +
      `flush (encode + write to every subscriber, in slices) mean ${ms(hub.flushMsMean)} ms max ${ms(hub.flushMsMax)} ms; ` +
      `${(measured / clients / (durationMs / 1000)).toFixed(1)} ticker messages per client per s`,
  );
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `server CPU while measuring ${(cpuMs / durationMs).toFixed(2)} cores (user ${(cpu.user / 1000 / durationMs).toFixed(2)}, ` +
      `system ${(cpu.system / 1000 / durationMs).toFixed(2)}); ${((cpuMs * 1000) / Math.max(1, measured)).toFixed(1)} µs per ticker message delivered`,
  );
  console.log(
    `server event-loop delay  p50 ${ms(loop.percentile(50) / 1e6)} ms   p99 ${ms(loop.percentile(99) / 1e6)} ms   max ${ms(loop.max / 1e6)} ms`,
  );
  const apiLabel =
    apiTarget === "control"
      ? "control (bare node:http in its own process, no websocket work, same bytes as the symbol list)"
      : "API GET /api/trade/appSymbol/list";
  console.log(
    `${apiLabel} (${apiConcurrency} in flight)  idle p50 ${ms(apiIdle.p50)} ms p99 ${ms(apiIdle.p99)} ms ` +
      `(${apiIdle.count} requests)  during the run p50 ${ms(apiRun.p50)} ms p99 ${ms(apiRun.p99)} ms max ${ms(apiRun.max)} ms ` +
      `(${apiRun.count} requests, ${apiRun.errors} errors)  p99 ratio ${(apiRun.p99 / apiIdle.p99).toFixed(2)}×`,
  );
  console.log(
    `server RSS  before clients ${mb(rssIdle)}  peak while measuring ${mb(rssMax)}  ` +
      `(JS heap ${mb(process.memoryUsage().heapUsed)}; the in-process PGlite accounts for most of the rest); ` +
      `conflated ${hub.conflated}, backlogged clients ${hub.backlogged}; client processes RSS ${mb(sum(dones, "clientRss"))}`,
  );
  const clientCores = sum(dones, "cpuMicros") / 1000 / durationMs;
  const probeCores = apiRun.cpuMicros / 1000 / durationMs;
  const serverCores = cpuMs / durationMs;
  console.log(
    `CPU while measuring: server ${serverCores.toFixed(2)} cores + ${processes} client processes ` +
      `${clientCores.toFixed(2)} + API probe ${probeCores.toFixed(2)} = ` +
      `${(serverCores + clientCores + probeCores).toFixed(2)} of ${availableParallelism()} cores`,
  );

  await app.close();
  await database.close();
  api.kill();
  control?.kill();
  for (const child of children) child.kill();
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
