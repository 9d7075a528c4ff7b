// npm run bench:chat -- [--sockets 2000] [--messages 1000] [--concurrency 20]
//
// Two API nodes (real server processes) on one PostgreSQL database (a new one next to
// DATABASE_URL, dropped at the end; default postgres://postgres@127.0.0.1:5432/postgres)
// and one Redis (REDIS_URL, default redis://127.0.0.1:6379). Opens N guest chat sockets,
// half on each node, and one agent socket on node A. Then M customers each send one
// message through the node their socket is NOT on; it must cross Redis to reach both
// their own socket and the agent's. Prints message → receiver latency p50/p99/max (from
// the send request to the frame on the receiving socket, both measured in this process)
// for the customer's socket and the agent's, and the RSS of both nodes and of this
// process. Bounded in time: stops after 10 minutes whatever happens.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { agentToken, api, createDatabase, type Node, startNode, stopNode } from "../test/multinode/nodes";

const { values } = parseArgs({
  options: {
    sockets: { type: "string", default: "2000" },
    messages: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "20" },
  },
});
const SOCKETS = Number(values.sockets);
const MESSAGES = Math.min(Number(values.messages), SOCKETS);
const CONCURRENCY = Number(values.concurrency);
const pgUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

const deadline = setTimeout(() => {
  console.error("bench:chat: time limit reached");
  process.exit(1);
}, 10 * 60_000);
deadline.unref();

const rssMb = (pid: number | undefined) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${pct(s, 50).toFixed(1)} ms, p99 ${pct(s, 99).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms (n=${s.length})`;
};

/** Waiters for a message (by its clientMsgId) on a socket. */
type Waiters = Map<string, (at: number) => void>;

function openSocket(url: string, token: string, waiters: Waiters): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, [token]);
    ws.on("message", (data) => {
      const at = performance.now();
      const text = data.toString();
      if (!text.startsWith("{")) return;
      const m = JSON.parse(text) as { type?: string; data?: { clientMsgId?: string | null } };
      const key = m.data?.clientMsgId;
      if (m.type !== "message" || !key) return;
      const w = waiters.get(key);
      if (w) {
        waiters.delete(key);
        w(at);
      }
    });
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
  });
}

async function inBatches<T>(items: T[], size: number, fn: (item: T, i: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)));
  }
}

async function main() {
  const db = await createDatabase(pgUrl);
  const env = { databaseUrl: db.url, redisUrl, redisPrefix: `bench${randomBytes(3).toString("hex")}:` };
  const nodes: Node[] = [];
  const sockets: WebSocket[] = [];
  try {
    console.log(`starting two nodes (PostgreSQL ${new URL(pgUrl).host}, Redis ${new URL(redisUrl).host})…`);
    nodes.push(await startNode("bench-a", { ...env, extra: { LOG_LEVEL: "warn" } }));
    nodes.push(await startNode("bench-b", { ...env, extra: { LOG_LEVEL: "warn" } }));
    const [a, b] = nodes as [Node, Node];
    const wsUrl = (n: Node) => `ws://127.0.0.1:${n.port}`;
    const operator = await agentToken(a);

    console.log(`creating ${SOCKETS} guests and opening their sockets (half on each node)…`);
    const tokens: string[] = new Array(SOCKETS);
    await inBatches([...Array(SOCKETS).keys()], 50, async (i) => {
      tokens[i] = (
        await api(nodes[i % 2] as Node, "POST", "/api/chat/guest", undefined, { deviceId: `bench-${i}` })
      ).result.token;
    });
    const customerWaiters: Waiters[] = tokens.map(() => new Map());
    await inBatches(tokens, 100, async (token, i) => {
      sockets.push(
        await openSocket(`${wsUrl(nodes[i % 2] as Node)}/api/websocket/chat/`, token, customerWaiters[i] as Waiters),
      );
    });
    const agentWaiters: Waiters = new Map();
    sockets.push(await openSocket(`${wsUrl(a)}/api/websocket/operator/chat`, operator, agentWaiters));
    await new Promise((r) => setTimeout(r, 500));
    const rssIdle = [rssMb(a.process.pid), rssMb(b.process.pid)];

    console.log(`${MESSAGES} customers send one message each through the other node (${CONCURRENCY} at a time)…`);
    const toCustomer: number[] = [];
    const toAgent: number[] = [];
    let lost = 0;
    await inBatches([...Array(MESSAGES).keys()], CONCURRENCY, async (i) => {
      const via = nodes[(i + 1) % 2] as Node; // not the node holding this customer's socket
      const key = `bench-${i}`;
      // Waiters first: the frame can arrive before the HTTP answer.
      const wait = (w: Waiters) =>
        new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => {
            w.delete(key);
            resolve(null);
          }, 10_000);
          w.set(key, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });
      const arrivals = Promise.all([wait(customerWaiters[i] as Waiters), wait(agentWaiters)]);
      const started = performance.now();
      const res = await fetch(`${via.url}/api/chat/customer-to-service`, {
        method: "POST",
        headers: { "X-Access-Token": tokens[i] as string, "Content-Type": "application/json" },
        body: JSON.stringify({ type: "text", content: `bench message ${i}`, clientMsgId: key }),
      });
      if (!res.ok) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      const [c, g] = await arrivals;
      if (c === null || g === null) lost++;
      if (c !== null) toCustomer.push(c - started);
      if (g !== null) toAgent.push(g - started);
    });

    console.log("");
    console.log(`bench:chat — ${SOCKETS} customer sockets over 2 nodes + 1 agent socket, ${MESSAGES} messages`);
    console.log(`  send → customer's socket (other node): ${summary(toCustomer)}`);
    console.log(`  send → agent's socket (node A):        ${summary(toAgent)}`);
    console.log(`  messages not delivered within 10 s:    ${lost}`);
    console.log(
      `  RSS node A ${rssIdle[0]} → ${rssMb(a.process.pid)} MB, node B ${rssIdle[1]} → ${rssMb(b.process.pid)} MB (idle with sockets → after the run)`,
    );
    console.log(`  RSS of this client process: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
  } finally {
    for (const s of sockets) s.terminate();
    await Promise.all(nodes.map((n) => stopNode(n)));
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
