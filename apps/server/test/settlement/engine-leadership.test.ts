// The settlement engine: one leader (PostgreSQL advisory lock on its own connection;
// PGlite's single process always leads), recover() before ticks, ticks recorded while a
// settler recovers delivered after it, in order, a failing settler isolated, stop() leaves nothing running, and on
// PostgreSQL a second engine takes over when the leader stops or loses its connection.
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app";
import { SettlementEngine, type Settler, WorkQueue } from "../../src/modules/settlement/engine";
import { auth, createOperator } from "../factory";
import { onPostgres, setupApp, testConfig } from "../helper";
import { cursorName, fakeMarket } from "./fake-market";

const { app, database } = await setupApp();
const log = pino({ level: "silent" });

function recordingSettler(name: string, recover: () => Promise<void> = async () => {}) {
  const events: string[] = [];
  const settler: Settler = {
    name,
    recover: async () => {
      events.push("recover:start");
      await recover();
      events.push("recover:end");
    },
    onTick: async (tick) => {
      events.push(`tick:${tick.ts}`);
    },
    stop: async () => {
      events.push("stop");
    },
  };
  return { settler, events };
}

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

// Each engine here uses its own lock key, so the app's own engine keeps leading.
let lockKey = 9_100_000 + Math.floor(Math.random() * 1000);

describe("one engine", () => {
  it("recovers each settler before it gets ticks, in order, and stops them on stop", async () => {
    const market = fakeMarket();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { settler, events } = recordingSettler("slow", () => gate);
    const engine = new SettlementEngine({ cursorName: cursorName(), database, market, log, lockKey: lockKey++ });
    engine.register(settler);
    const started = engine.start();
    await until(() => events.includes("recover:start"));
    market.emit();
    market.emit();
    expect(events).toEqual(["recover:start"]);
    release();
    await started;
    market.emit();
    await engine.caughtUp();
    expect(events).toEqual(["recover:start", "recover:end", "tick:1", "tick:2", "tick:3"]);
    expect(engine.status()).toMatchObject({ leader: true, running: true, settlers: [{ name: "slow", ready: true }] });
    await engine.stop();
    market.emit();
    expect(events.at(-1)).toBe("stop");
    expect(engine.status()).toMatchObject({ leader: false, running: false });
  });

  it("a settler registered while leading recovers at once", async () => {
    const market = fakeMarket();
    const engine = new SettlementEngine({ cursorName: cursorName(), database, market, log, lockKey: lockKey++ });
    await engine.start();
    const { settler, events } = recordingSettler("late");
    const off = engine.register(settler);
    await until(() => events.includes("recover:end"));
    market.emit();
    await engine.caughtUp();
    expect(events).toContain("tick:1");
    off();
    market.emit();
    await engine.caughtUp();
    expect(events.filter((e) => e.startsWith("tick"))).toEqual(["tick:1"]);
    await engine.stop();
  });

  it("a settler that throws does not stop the others; names are unique", async () => {
    const market = fakeMarket();
    const engine = new SettlementEngine({ cursorName: cursorName(), database, market, log, lockKey: lockKey++ });
    const bad: Settler = {
      name: "bad",
      recover: async () => {},
      onTick: () => {
        throw new Error("boom");
      },
    };
    const rejecting: Settler = {
      name: "rejecting",
      recover: async () => {},
      onTick: async () => Promise.reject(new Error("no")),
    };
    const { settler, events } = recordingSettler("good");
    engine.register(bad);
    engine.register(rejecting);
    engine.register(settler);
    expect(() => engine.register(settler)).toThrow(/twice/);
    await engine.start();
    market.emit();
    market.emit();
    await engine.caughtUp();
    expect(events.filter((e) => e.startsWith("tick"))).toEqual(["tick:1", "tick:2"]);
    expect(engine.status().errors).toBe(4);
    await engine.stop();
  });

  it("a failed recovery steps down and tries again later", async () => {
    const market = fakeMarket();
    let failures = 1;
    const { settler, events } = recordingSettler("flaky", async () => {
      if (failures-- > 0) throw new Error("database away");
    });
    const engine = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market,
      log,
      lockKey: lockKey++,
      retryMs: 20,
    });
    engine.register(settler);
    await engine.start();
    expect(engine.isLeader).toBe(false);
    await until(() => engine.isLeader && events.filter((e) => e === "recover:end").length === 1);
    expect(engine.status().terms).toBe(2);
    await engine.stop();
  });

  it("the app's engine leads from ready and reports to operators", async () => {
    expect(app.settlement.isLeader).toBe(true);
    const operator = await createOperator(app, database);
    const res = await app.inject({
      method: "GET",
      url: "/api/operator/settlement/status",
      headers: auth(operator.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ leader: true, running: true, database: database.kind });
    const customer = await app.inject({ method: "GET", url: "/api/operator/settlement/status" });
    expect(customer.statusCode).toBe(401);
  });
});

describe("the engine's lifecycle follows the app", () => {
  it("starts leading on ready and on close stops its settlers and releases leadership", async () => {
    const second = await buildApp({ config: testConfig(), database, logger: false });
    expect(second.settlement.status()).toMatchObject({ running: false, leader: false });
    await second.ready();
    // On PostgreSQL the first app of this file holds the lock: the second one waits its turn.
    expect(second.settlement.status().running).toBe(true);
    expect(second.settlement.isLeader).toBe(database.kind === "pglite");
    await second.close();
    expect(second.settlement.status()).toMatchObject({ running: false, leader: false });
    expect(second.futures.settler.indexed).toBe(0);
    expect(second.futures.settler.pending).toBe(0);
    expect(app.settlement.isLeader).toBe(true);
  });
});

describe.runIf(onPostgres)("several engines on one PostgreSQL database", () => {
  it("only one leads; the other takes over when it stops", async () => {
    const key = lockKey++;
    const a = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market: fakeMarket(),
      log,
      lockKey: key,
      retryMs: 30,
    });
    const b = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market: fakeMarket(),
      log,
      lockKey: key,
      retryMs: 30,
    });
    await a.start();
    await b.start();
    expect([a.isLeader, b.isLeader]).toEqual([true, false]);
    await new Promise((r) => setTimeout(r, 100));
    expect(b.isLeader).toBe(false);
    await a.stop();
    await until(() => b.isLeader);
    await b.stop();
    expect([a.isLeader, b.isLeader]).toEqual([false, false]);
  });

  it("a leader whose connection is killed steps down, and leadership is taken again", async () => {
    const key = lockKey++;
    const a = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market: fakeMarket(),
      log,
      lockKey: key,
      retryMs: 30,
    });
    const { settler, events } = recordingSettler("watch");
    a.register(settler);
    await a.start();
    expect(a.isLeader).toBe(true);
    const [holder] = await database.query<{ pid: number }>(
      "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted",
      [key],
    );
    expect(holder).toBeDefined();
    await database.query("SELECT pg_terminate_backend($1)", [holder?.pid]);
    await until(() => events.includes("stop"));
    await until(() => a.isLeader && events.filter((e) => e === "recover:end").length === 2);
    expect(a.status().terms).toBe(2);
    await a.stop();
  });
});

describe("WorkQueue", () => {
  it("runs items in push order, one key at a time, within the concurrency", async () => {
    // Each item waits for its own gate, so the order is decided by the test, not by timers.
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const done: string[] = [];
    let running = 0;
    let most = 0;
    const q = new WorkQueue<number>(
      async (_n, key) => {
        running++;
        most = Math.max(most, running);
        started.push(key);
        await new Promise<void>((r) => gates.set(key, r));
        done.push(key);
        running--;
      },
      { concurrency: 2 },
    );
    const open = async (key: string) => {
      await vi.waitFor(() => expect(gates.has(key)).toBe(true));
      gates.get(key)?.();
      gates.delete(key);
    };
    expect(q.push("a", 30)).toBe(true);
    expect(q.push("b", 5)).toBe(true);
    expect(q.push("a", 1)).toBe(false);
    expect(q.push("c", 5)).toBe(true);
    expect(q.has("c")).toBe(true);
    expect(q.size).toBe(3);
    await vi.waitFor(() => expect(started).toEqual(["a", "b"])); // c waits: concurrency 2
    await open("b");
    await vi.waitFor(() => expect(started).toEqual(["a", "b", "c"]));
    await open("c");
    await open("a");
    await q.drain();
    expect(done).toEqual(["b", "c", "a"]);
    expect(most).toBe(2);
    expect(q.push("a", 1)).toBe(true); // done keys can come back
    await open("a");
    await q.drain();
  });

  it("reports errors and keeps going; clear drops what has not started", async () => {
    const errors: string[] = [];
    const seen: string[] = [];
    const q = new WorkQueue<string>(
      async (item) => {
        seen.push(item);
        if (item === "x") throw new Error("x failed");
        await new Promise((r) => setTimeout(r, 5));
      },
      { onError: (_err, key) => errors.push(key) },
    );
    q.push(1, "x");
    q.push(2, "y");
    q.push(3, "z");
    await new Promise((r) => setTimeout(r, 1));
    expect(q.clear()).toBe(1);
    await q.drain();
    expect(seen).toEqual(["x", "y"]);
    expect(errors).toEqual(["1"]);
    expect(q.size).toBe(0);
  });
});
