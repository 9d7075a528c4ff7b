// Child process of bench/ws.ts: opens N websocket clients on 127.0.0.1, subscribes
// each to the given ticker channels and measures tick → client latency (receive time
// minus the tick's server timestamp; same machine, same clock). The parent starts
// several of these (10,000 sockets do not fit one process's CPU or file limit) and
// tells them when to measure; each reports its histogram over IPC.
import WebSocket from "ws";
import { openLeanSocket } from "./ws-lean-socket";

interface Job {
  type: "connect";
  url: string;
  clients: number;
  channels: string[];
  /** "lean" (default): bench/ws-lean-socket.ts; "ws": the ws library's client. */
  client: "lean" | "ws";
}

const MAX_MS = 10_000;
const histogram = new Uint32Array(MAX_MS + 1);
const sockets: { open: boolean; close(): void }[] = [];
let received = 0;
let measured = 0;
let errors = 0;
let measuring = false;
let connected = 0;
let receivedAtStart = 0;
let cpuAtStart = process.cpuUsage();

const TICKER_PREFIX = Buffer.from('{"channel":"ticker.');
const TS_KEY = Buffer.from('"ts":');

/** One text message, as a byte range: {"channel":"ticker.X","data":{…,"ts":123}} → latency. */
function onText(buffer: Buffer, start: number, end: number) {
  received++;
  if (!measuring) return;
  if (
    end - start < TICKER_PREFIX.length ||
    buffer.compare(TICKER_PREFIX, 0, TICKER_PREFIX.length, start, start + TICKER_PREFIX.length) !== 0
  )
    return;
  const at = buffer.lastIndexOf(TS_KEY, end - 1);
  if (at < start) return;
  let ts = 0;
  for (let i = at + TS_KEY.length; i < end; i++) {
    const digit = (buffer[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) break;
    ts = ts * 10 + digit;
  }
  const ms = Math.max(0, Math.min(MAX_MS, Date.now() - ts));
  histogram[ms] = (histogram[ms] ?? 0) + 1;
  measured++;
}

function openWs(job: Job, i: number) {
  return new Promise<void>((resolve) => {
    const ws = new WebSocket(job.url, { perMessageDeflate: false });
    sockets[i] = {
      get open() {
        return ws.readyState === WebSocket.OPEN;
      },
      close: () => ws.terminate(),
    };
    ws.on("open", () => {
      connected++;
      ws.send(JSON.stringify({ op: "subscribe", channels: job.channels }));
      resolve();
    });
    ws.on("message", (data: Buffer) => onText(data, 0, data.length));
    ws.on("error", () => {
      errors++;
      resolve();
    });
  });
}

async function openLean(job: Job, i: number) {
  try {
    const socket = await openLeanSocket(job.url, onText);
    sockets[i] = socket;
    connected++;
    socket.send(JSON.stringify({ op: "subscribe", channels: job.channels }));
  } catch {
    errors++;
  }
}

const open = (job: Job, i: number) => (job.client === "ws" ? openWs(job, i) : openLean(job, i));

async function connect(job: Job) {
  const started = Date.now();
  // Connect in batches so the listen backlog is not flooded.
  for (let i = 0; i < job.clients; i += 100) {
    const batch: Promise<void>[] = [];
    for (let j = i; j < Math.min(job.clients, i + 100); j++) batch.push(open(job, j));
    await Promise.all(batch);
  }
  process.send?.({ type: "connected", connected, errors, ms: Date.now() - started });
}

process.on("message", (m: Job | { type: "measure" } | { type: "stop" }) => {
  if (m.type === "connect") void connect(m);
  if (m.type === "measure") {
    measuring = true;
    receivedAtStart = received;
    cpuAtStart = process.cpuUsage();
  }
  if (m.type === "stop") {
    measuring = false;
    process.send?.({
      type: "done",
      histogram: Array.from(histogram),
      measured,
      receivedDuringRun: received - receivedAtStart,
      errors,
      open: sockets.filter((s) => s?.open).length,
      clientRss: process.memoryUsage().rss,
      // CPU time while measuring, µs (user + system): the load generator's share of the cores.
      cpuMicros: (({ user, system }) => user + system)(process.cpuUsage(cpuAtStart)),
    });
    for (const s of sockets) s?.close();
    setTimeout(() => process.exit(0), 200);
  }
});
