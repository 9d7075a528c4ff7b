// Child process of bench/ws.ts: opens N websocket clients on 127.0.0.1, subscribes
// each to the given ticker channels and measures tick → client latency (receive time
// minus the tick's server timestamp; same machine, same clock). The parent starts
// several of these (10,000 sockets do not fit one process's CPU or file limit) and
// tells them when to measure; each reports its histogram over IPC.
import WebSocket from "ws";

interface Job {
  type: "connect";
  url: string;
  clients: number;
  channels: string[];
}

const MAX_MS = 10_000;
const histogram = new Uint32Array(MAX_MS + 1);
const sockets: WebSocket[] = [];
let received = 0;
let measured = 0;
let errors = 0;
let measuring = false;
let connected = 0;
let receivedAtStart = 0;

function open(job: Job, i: number) {
  return new Promise<void>((resolve) => {
    const ws = new WebSocket(job.url, { perMessageDeflate: false });
    sockets[i] = ws;
    ws.on("open", () => {
      connected++;
      ws.send(JSON.stringify({ op: "subscribe", channels: job.channels }));
      resolve();
    });
    ws.on("message", (data) => {
      received++;
      if (!measuring) return;
      const text = data.toString();
      // {"channel":"ticker.X","data":{"symbol":"X","price":"1","ts":123}}
      const at = text.lastIndexOf('"ts":');
      if (at < 0 || !text.startsWith('{"channel":"ticker.')) return;
      const ts = Number(text.slice(at + 5, text.length - 2));
      const ms = Math.max(0, Math.min(MAX_MS, Date.now() - ts));
      histogram[ms] = (histogram[ms] ?? 0) + 1;
      measured++;
    });
    ws.on("error", () => {
      errors++;
      resolve();
    });
  });
}

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
  }
  if (m.type === "stop") {
    measuring = false;
    process.send?.({
      type: "done",
      histogram: Array.from(histogram),
      measured,
      receivedDuringRun: received - receivedAtStart,
      errors,
      open: sockets.filter((s) => s?.readyState === WebSocket.OPEN).length,
      clientRss: process.memoryUsage().rss,
    });
    for (const s of sockets) s?.terminate();
    setTimeout(() => process.exit(0), 200);
  }
});
