// The Redis event bus between nodes: every node's handlers get every event (the
// publisher's at once, the others' through Redis, never twice); a Redis outage is logged
// once and the node keeps delivering to its own handlers without throwing; when Redis is
// back the nodes reach each other again. Uses its own redis-server on a free port
// (skipped with a message where redis-server is not installed).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisBus, type RedisBusLog } from "../../src/lib/redis-bus";
import { freePort } from "./nodes";

let hasRedis = true;
try {
  execFileSync("redis-server", ["--version"], { stdio: "ignore" });
} catch {
  hasRedis = false;
  console.log("Redis bus test skipped: redis-server is not installed");
}

type Events = { ping: { n: number } };

class Log implements RedisBusLog {
  readonly lines: string[] = [];
  info(_o: object, msg: string) {
    this.lines.push(`info ${msg}`);
  }
  warn(_o: object, msg: string) {
    this.lines.push(`warn ${msg}`);
  }
  error(_o: object, msg: string) {
    this.lines.push(`error ${msg}`);
  }
}

describe.skipIf(!hasRedis)("Redis event bus", () => {
  let port: number;
  let server: ChildProcess;
  const buses: RedisBus<Events>[] = [];

  const startRedis = async () => {
    server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    for (let i = 0; i < 100; i++) {
      try {
        if (
          execFileSync("redis-cli", ["-p", String(port), "ping"])
            .toString()
            .trim() === "PONG"
        )
          return;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("redis-server did not start");
  };
  const stopRedis = async () => {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGKILL");
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
  }, 20_000);
  afterAll(async () => {
    for (const b of buses) await b.close();
    await stopRedis();
  });

  const bus = (log = new Log()) => {
    const b = new RedisBus<Events>(`redis://127.0.0.1:${port}`, { log, prefix: "test:" });
    buses.push(b);
    return b;
  };

  it("delivers every event on every node exactly once", async () => {
    const a = bus();
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const seenA: number[] = [];
    const seenB: number[] = [];
    a.subscribe("ping", (p) => seenA.push(p.n));
    b.subscribe("ping", (p) => seenB.push(p.n));
    await new Promise((r) => setTimeout(r, 100)); // SUBSCRIBE reaches Redis
    a.publish("ping", { n: 1 });
    b.publish("ping", { n: 2 });
    await expect.poll(() => [seenA.length, seenB.length]).toEqual([2, 2]);
    expect(seenA.sort()).toEqual([1, 2]);
    expect(seenB.sort()).toEqual([1, 2]);
  });

  it("keeps serving its own handlers through an outage, logs it once, and resumes when Redis is back", async () => {
    const logA = new Log();
    const a = bus(logA);
    const b = bus();
    await Promise.all([a.ready(), b.ready()]);
    const seenA: number[] = [];
    const seenB: number[] = [];
    a.subscribe("ping", (p) => seenA.push(p.n));
    b.subscribe("ping", (p) => seenB.push(p.n));
    await new Promise((r) => setTimeout(r, 100));

    await stopRedis();
    await expect.poll(() => a.connected).toBe(false);
    for (let n = 10; n < 15; n++) expect(() => a.publish("ping", { n })).not.toThrow();
    expect(seenA).toEqual([10, 11, 12, 13, 14]);
    await expect.poll(() => logA.lines.filter((l) => l.startsWith("error")).length).toBe(1);

    await startRedis();
    await expect.poll(() => a.connected && b.connected, { timeout: 10_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 200)); // re-subscribed after reconnecting
    a.publish("ping", { n: 20 });
    await expect.poll(() => seenB).toContain(20);
    expect(logA.lines).toContain("info event bus: Redis is back");
  }, 30_000);
});
