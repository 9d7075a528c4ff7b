// Child process of bench/ws.ts: a small request loop against one API route (keep-alive,
// `concurrency` requests in flight) that measures request latency while the parent asks
// it to ({type:"measure", ms}); answers {type:"api", p50, p99, max, count, cpuMicros} over IPC.
import http from "node:http";

interface Job {
  type: "measure";
  url: string;
  ms: number;
  concurrency: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(url: string): Promise<number> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        else resolve(performance.now() - t0);
      });
    });
    req.on("error", reject);
  });
}

async function measure(job: Job) {
  const latencies: number[] = [];
  let errors = 0;
  const cpuAtStart = process.cpuUsage();
  const until = Date.now() + job.ms;
  const worker = async () => {
    while (Date.now() < until) {
      try {
        latencies.push(await request(job.url));
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? Number.NaN;
  process.send?.({
    type: "api",
    count: latencies.length,
    errors,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? Number.NaN,
    // This process's CPU while measuring, µs (user + system).
    cpuMicros: (({ user, system }) => user + system)(process.cpuUsage(cpuAtStart)),
  });
}

process.on("message", (job: Job) => {
  if (job.type === "measure") void measure(job);
});
