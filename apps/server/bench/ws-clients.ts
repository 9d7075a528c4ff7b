// Child process of bench/ws.ts: opens N websocket clients on 127.0.0.1, subscribes
// each to the given ticker channels and measures tick → client latency (receive time
// minus the tick's server timestamp; same machine, same clock). Reports over IPC.
import WebSocket from "ws";

interface Job {
  url: string;
  clients: number;
  channels: string[];
  warmupMs: number;
  durationMs: number;
}

const MAX_MS = 10_000;

function run(job: Job) {
  const histogram = new Uint32Array(MAX_MS + 1);
  let received = 0;
  let measured = 0;
  let errors = 0;
  const sockets: WebSocket[] = [];
  let measuring = false;
  let connected = 0;

  const open = (i: number) =>
    new Promise<void>((resolve) => {
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

  (async () => {
    const started = Date.now();
    // Connect in batches so the listen backlog is not flooded.
    for (let i = 0; i < job.clients; i += 100) {
      const batch: Promise<void>[] = [];
      for (let j = i; j < Math.min(job.clients, i + 100); j++) batch.push(open(j));
      await Promise.all(batch);
    }
    process.send?.({ type: "connected", connected, errors, ms: Date.now() - started });
    await new Promise((r) => setTimeout(r, job.warmupMs));
    measuring = true;
    const receivedAtStart = received;
    await new Promise((r) => setTimeout(r, job.durationMs));
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
  })();
}

process.once("message", (job: Job) => run(job));
