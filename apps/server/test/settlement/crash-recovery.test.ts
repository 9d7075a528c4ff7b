// Crash in the middle of a settlement batch: nothing is lost and nothing is doubled.
// A tick triggers many take-profits; the settling process dies part-way (PostgreSQL: a
// real server process killed with SIGKILL; both databases: a batch interrupted inside a
// settlement transaction, after its ledger batch, with the queue thrown away). After a
// restart the new leader replays the recorded ticks from the watermark and every
// triggered position is settled exactly once, by the same tick, with a clean ledger.
import { spawn } from "node:child_process";
import path from "node:path";
import { dec } from "@candor/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { balance, detail, openOk, settled, type Trader, tick } from "../contracts/factory";
import { fundedCustomer } from "../factory";
import { onPostgres, setupApp } from "../helper";
import { databaseUrlFor } from "../pg-urls";

const { app, database } = await setupApp();

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  app.futures.settler.hooks = {};
});

async function countByStatus(ids: number[]) {
  const rows = await database.query<{ status: string; n: number | string }>(
    "SELECT status, count(*) AS n FROM futures_positions WHERE id = ANY($1::bigint[]) GROUP BY status",
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

async function openMany(t: Trader, n: number) {
  tick(app, "BTCUSDT", "60000");
  const opened = [];
  for (let i = 0; i < n; i++) {
    opened.push(
      await openOk(app, t, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2, takeProfit: "61000" }),
    );
  }
  return opened;
}

/** Every position settled once by the trigger tick: exact ledger keys, balances, audit. */
async function expectSettledExactlyOnce(
  t: Trader,
  opened: Awaited<ReturnType<typeof openMany>>,
  triggerTs: number,
  start: string,
) {
  let returned = dec(0);
  for (const p of opened) {
    const d = await detail(app, t, p.id);
    expect(d).toMatchObject({
      status: "closed",
      closeReason: "takeProfit",
      closeTick: { price: "61500.00", ts: triggerTs },
    });
    returned = returned.plus(String(d.returned));
    const keys = (await getTransfersByReference(database.db, "futures_position", p.id)).map((x) => x.key).sort();
    expect(keys).toEqual(
      [
        `futures:open:${p.id}:fee`,
        `futures:open:${p.id}:margin`,
        `settle:position:${p.id}:fee`,
        `settle:position:${p.id}:pnl`,
        `settle:position:${p.id}:return`,
      ].sort(),
    );
  }
  const spent = opened.reduce((sum, p) => sum.plus(100).plus(p.openingFee), dec(0));
  expect(await balance(database, t.id)).toBe(dec(start).minus(spent).plus(returned).toFixed());
  expect(await balance(database, t.id, "margin")).toBe("0");
  expect((await auditLedger(database.db)).violations).toEqual([]);
}

const until = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("a settlement batch interrupted inside a transaction", () => {
  it("rolls back the one in flight, drops the queue, and the restarted leader settles the rest once", async () => {
    const N = 20;
    const t = await fundedCustomer(app, database, "10000");
    const opened = await openMany(t, N);
    const ids = opened.map((p) => p.id);
    const settler = app.futures.settler;
    let calls = 0;
    let crashed = 0;
    settler.hooks = {
      beforeCommit: (id) => {
        calls++;
        if (calls === 8) {
          crashed = id;
          // The process "dies" here: after this position's ledger batch, before its commit.
          settler.kill();
          throw new Error("process died");
        }
      },
    };
    const trigger = tick(app, "BTCUSDT", "61500");
    await app.settlement.caughtUp();
    await settler.idle();
    // Settlements already past the hook when it "died" (PostgreSQL settles 4 at a time) commit.
    const atCrash = await countByStatus(ids);
    expect(atCrash.closed).toBeGreaterThanOrEqual(7);
    expect(atCrash.closed).toBeLessThan(N);
    expect(atCrash.settling).toBeUndefined();
    // The one that "died" inside its transaction left no trace.
    expect((await countByStatus([crashed])).open).toBe(1);
    const keys = (await getTransfersByReference(database.db, "futures_position", crashed)).map((x) => x.key);
    expect(keys.some((k) => k.startsWith("settle:"))).toBe(false);
    expect((await auditLedger(database.db)).violations).toEqual([]);

    settler.hooks = {};
    await app.settlement.stop();
    await app.settlement.start();
    await settled(app);
    expect(await countByStatus(ids)).toEqual({ closed: N });
    await expectSettledExactlyOnce(t, opened, trigger.ts, "10000");

    // Another restart finds nothing more to do.
    const before = settler.stats.settled;
    await app.settlement.stop();
    await app.settlement.start();
    await settled(app);
    expect(settler.stats.settled).toBe(before);
    await expectSettledExactlyOnce(t, opened, trigger.ts, "10000");
  });

  it("a failing settlement is retried until it commits, holding the watermark back meanwhile", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const [p] = await openMany(t, 1);
    if (!p) throw new Error("no position");
    let failures = 3;
    app.futures.settler.hooks = {
      beforeCommit: () => {
        if (failures-- > 0) throw new Error("database hiccup");
      },
    };
    const trigger = tick(app, "BTCUSDT", "61500");
    await app.settlement.caughtUp();
    expect(app.futures.settler.watermarks().get("BTCUSDT")).toBe(trigger.ts);
    await settled(app);
    expect((await detail(app, t, p.id)).closeTick?.ts).toBe(trigger.ts);
    expect(app.futures.settler.stats.failures).toBeGreaterThanOrEqual(3);
    await expectSettledExactlyOnce(t, [p], trigger.ts, "1000");
  });
});

describe.runIf(onPostgres)("a server process killed with SIGKILL while settling", () => {
  it("loses nothing and doubles nothing after a restart", { timeout: 90_000 }, async () => {
    const N = 40;
    const t = await fundedCustomer(app, database, "10000");
    const opened = await openMany(t, N);
    const ids = opened.map((p) => p.id);

    // This process stops leading; the trigger is recorded while nobody leads.
    await app.settlement.stop();
    const trigger = tick(app, "BTCUSDT", "61500");
    await app.market.flush();

    const [{ name } = { name: "" }] = await database.query<{ name: string }>("SELECT current_database() AS name");
    const url = databaseUrlFor(process.env.DATABASE_URL ?? "", name);
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "settle-child.ts"), url], {
      env: { ...process.env, SETTLE_DELAY_MS: "60" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on("exit", (_code, signal) => resolve(signal)),
    );
    try {
      // Kill it part-way through the batch.
      await until(async () => ((await countByStatus(ids)).closed ?? 0) >= 8, 60_000, "the child to settle some");
      child.kill("SIGKILL");
      expect(await exited).toBe("SIGKILL");
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await new Promise((r) => setTimeout(r, 200));
    const afterKill = await countByStatus(ids);
    expect(afterKill.closed).toBeGreaterThanOrEqual(8);
    expect(afterKill.closed).toBeLessThan(N);
    expect(afterKill.settling).toBeUndefined();
    expect((await auditLedger(database.db)).violations).toEqual([]);

    // Restart here: once the dead session's lock is gone this process leads and replays.
    await app.settlement.start();
    await until(async () => (await countByStatus(ids)).closed === N, 30_000, "the restarted leader");
    await settled(app);
    expect(app.settlement.isLeader).toBe(true);
    await expectSettledExactlyOnce(t, opened, trigger.ts, "10000");
  });
});
