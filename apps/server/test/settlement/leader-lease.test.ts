// The settlement leader's lock connection has a lease: a leader whose lock connection is
// killed or stops answering is replaced within seconds, and a leader whose heartbeat stalls
// steps down (its settlers stopped) before the other node leads. PostgreSQL only (PGlite
// has one process, which always leads).
import net from "node:net";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../src/db";
import { SettlementEngine, type Settler } from "../../src/modules/settlement/engine";
import { onPostgres, setupApp } from "../helper";
import { databaseUrlFor } from "../pg-urls";
import { cursorName, fakeMarket } from "./fake-market";

const { database } = await setupApp();
const log = pino({ level: "silent" });
let lockKey = 9_200_000 + Math.floor(Math.random() * 1000);

const market = fakeMarket;

/** A settler that records when it starts and stops leading. */
function timedSettler() {
  const times = { recovered: 0, stopped: 0 };
  const settler: Settler = {
    name: "timed",
    recover: async () => {
      times.recovered = performance.now();
    },
    onTick: async () => {},
    stop: async () => {
      times.stopped = performance.now();
    },
  };
  return { settler, times };
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Math.round(performance.now() - started);
}

/** A TCP proxy to PostgreSQL that can stop forwarding (a hung network path or a frozen peer). */
async function stallableProxy(target: URL) {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    client.on("data", (d) => {
      if (!stalled) upstream.write(d);
    });
    upstream.on("data", (d) => {
      if (!stalled) client.write(d);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close);
    upstream.on("close", close);
    client.on("error", close);
    upstream.on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    stall: () => {
      stalled = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`leader lease: ${figures.join("; ")}`);
});

describe.runIf(onPostgres)("the leader lock's lease", () => {
  it("a leader whose lock connection is killed is replaced by the other node within seconds", async () => {
    const key = lockKey++;
    const a = timedSettler();
    const b = timedSettler();
    // Node A does not compete again soon (as a node whose process is gone); node B retries
    // every 2 s, the plugin's default.
    const nodeA = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market: market(),
      log,
      lockKey: key,
      retryMs: 60_000,
    });
    const nodeB = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market: market(),
      log,
      lockKey: key,
      retryMs: 2000,
    });
    nodeA.register(a.settler);
    nodeB.register(b.settler);
    await nodeA.start();
    await nodeB.start();
    expect([nodeA.isLeader, nodeB.isLeader]).toEqual([true, false]);
    const [holder] = await database.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted",
      [key],
    );
    const killedAt = performance.now();
    await database.query("SELECT pg_terminate_backend($1)", [holder?.pid]);
    const ms = await until(() => nodeB.isLeader, 6000, "node B to lead");
    figures.push(`lock backend killed → takeover in ${ms} ms (retry every 2000 ms)`);
    // B leads once it holds the lock; its settlers recover right after (the cursor is read first).
    await until(() => b.times.recovered > 0, 6000, "node B's settler to recover");
    expect(a.times.stopped).toBeGreaterThan(killedAt);
    expect(a.times.stopped).toBeLessThan(b.times.recovered);
    expect(ms).toBeLessThan(4000);
    await nodeA.stop();
    await nodeB.stop();
  });

  it("a leader whose lock connection stops answering steps down, settlers stopped, before the other node leads", async () => {
    const key = lockKey++;
    const [row] = await database.query<{ name: string }>("SELECT current_database() AS name");
    const direct = new URL(databaseUrlFor(process.env.DATABASE_URL ?? "", row?.name ?? ""));
    const proxy = await stallableProxy(direct);
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    // Node A's queries go straight to the server; only its lock connection crosses the proxy.
    const locks = await openPostgres(viaProxy.toString(), 1);
    const databaseA: Database = { ...database, tryHoldLock: locks.tryHoldLock };
    const a = timedSettler();
    const b = timedSettler();
    const nodeA = new SettlementEngine({
      cursorName: cursorName(),
      database: databaseA,
      market: market(),
      log,
      lockKey: key,
      retryMs: 200,
    });
    const nodeB = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market: market(),
      log,
      lockKey: key,
      retryMs: 200,
    });
    nodeA.register(a.settler);
    nodeB.register(b.settler);
    try {
      await nodeA.start();
      await nodeB.start();
      expect([nodeA.isLeader, nodeB.isLeader]).toEqual([true, false]);
      // Leading holds while the heartbeat answers.
      await new Promise((r) => setTimeout(r, 2500));
      expect([nodeA.isLeader, nodeB.isLeader]).toEqual([true, false]);

      const stalledAt = performance.now();
      proxy.stall();
      const stepDownMs = await until(() => !nodeA.isLeader && a.times.stopped > 0, 8000, "node A to step down");
      const takeoverMs = await until(() => nodeB.isLeader, 8000, "node B to lead");
      await until(() => b.times.recovered > 0, 8000, "node B's settler to recover");
      figures.push(
        `lock connection stalled → leader stepped down in ${stepDownMs} ms, other node led after ${takeoverMs + stepDownMs} ms`,
      );
      expect(a.times.stopped).toBeGreaterThan(stalledAt);
      expect(a.times.stopped).toBeLessThan(b.times.recovered);
      expect(stepDownMs + takeoverMs).toBeLessThan(6000);
    } finally {
      await nodeA.stop();
      await nodeB.stop();
      await proxy.close();
      await locks.close();
    }
  });
});
