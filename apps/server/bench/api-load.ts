// The load generator of `npm run bench:api`, run as its own process (so autocannon's work
// does not share an event loop with the servers it measures). Reads one job as JSON from
// argv, drives the target, prints one JSON line with the result.
import autocannon from "autocannon";

export interface LoadJob {
  url: string;
  connections: number;
  durationS: number;
  method?: "GET" | "POST";
  /** Tokens to rotate through (X-Access-Token), one per request. */
  tokens?: string[];
  /** Bodies to rotate through (JSON); requests alternate over them. */
  bodies?: unknown[];
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  let seq = 0;
  const tokens = job.tokens ?? [];
  const bodies = job.bodies ?? [];
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationS,
    requests: [
      {
        method: job.method ?? "GET",
        setupRequest: (req) => {
          const n = seq++;
          const headers = { ...(req.headers ?? {}) } as Record<string, string>;
          if (tokens.length > 0) headers["x-access-token"] = tokens[n % tokens.length] as string;
          if (bodies.length > 0) {
            headers["content-type"] = "application/json";
            return { ...req, headers, body: JSON.stringify(bodies[n % bodies.length]) };
          }
          return { ...req, headers };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const job = JSON.parse(process.argv[2] ?? "{}") as LoadJob;
run(job).then(
  (r) => {
    process.stdout.write(`${JSON.stringify(r)}\n`);
  },
  (err: Error) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
