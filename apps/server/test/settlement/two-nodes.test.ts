// Two app instances on one PostgreSQL database, each with its own connection pool and its
// own in-process bus (so no event crosses between them): node A leads settlement, node B
// takes the customers' orders. The leader finds what B wrote from the database alone —
// a position opened on B, a stop-loss set on B, an option bought on B, a limit order placed
// on B — and settles each soon after the deciding tick. The options and spot scans also
// find an order whose id is lower than one they already saw, committed after it.
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../../src/app";
import { type Database, openPostgres } from "../../src/db";
import { openOk } from "../contracts/factory";
import { auth, fund, fundedCustomer, registerCustomer } from "../factory";
import { onPostgres, setupApp, testConfig } from "../helper";
import { databaseUrlFor } from "../pg-urls";

const { app: a, database } = await setupApp();
let b: App;
let dbB: Database;
let url = "";

beforeAll(async () => {
  if (!onPostgres) return;
  const [row] = await database.query<{ name: string }>("SELECT current_database() AS name");
  url = databaseUrlFor(process.env.DATABASE_URL ?? "", row?.name ?? "");
  dbB = await openPostgres(url, 5);
  b = await buildApp({ config: testConfig(), database: dbB, logger: false });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await dbB?.close();
});
beforeEach(() => {
  vi.spyOn(a.market, "isMarketOpen").mockReturnValue(true);
  if (b) vi.spyOn(b.market, "isMarketOpen").mockReturnValue(true);
});

let clock = Date.now();
/** The same tick on both nodes (A records it for the replay; B needs it for its quotes). */
function both(symbol: string, price: string, ts = Math.max(++clock, Date.now())): number {
  clock = Math.max(clock, ts);
  for (const node of [a, b]) if (!node.market.ingest({ symbol, price, ts })) throw new Error("tick ignored");
  return ts;
}

/** Polls until `check` holds; returns how long that took (ms). */
async function within(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return Math.round(performance.now() - started);
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const statusOf = async (table: string, id: number) =>
  (await database.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id]))[0]?.status;

const post = (node: App, token: string, url: string, payload: Record<string, unknown>) =>
  node.inject({ method: "POST", url, headers: auth(token), payload });

async function setIdOf(node: App, token: string, symbol: string): Promise<number> {
  const res = await node.inject({
    method: "GET",
    url: `/api/trade/appSecondContractSet/list?symbol=${symbol}`,
    headers: auth(token),
  });
  const sets = res.json().result as Array<{ id: number; periodSeconds: number }>;
  const set = sets.find((s) => s.periodSeconds === 30);
  if (!set) throw new Error(`no 30 s option period for ${symbol}`);
  return set.id;
}

const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`two nodes: ${figures.join("; ")}`);
});

describe.runIf(onPostgres)("two nodes: the leader settles what the other node wrote", () => {
  it("node A leads, node B does not", () => {
    expect([a.settlement.isLeader, b.settlement.isLeader]).toEqual([true, false]);
  });

  it("a position opened on B is closed by A's take-profit, even when the crossing tick comes before A sees it", async () => {
    const t = await fundedCustomer(a, database);
    both("BTCUSDT", "60000");
    const p = await openOk(b, t, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
      takeProfit: "61000",
    });
    const trigger = both("BTCUSDT", "61500");
    const ms = await within(async () => (await statusOf("futures_positions", p.id)) === "closed", 5000, "close");
    figures.push(`position opened on B closed by A's take-profit in ${ms} ms`);
    const [row] = await database.query<{ close_reason: string; close_tick_at: Date }>(
      "SELECT close_reason, close_tick_at FROM futures_positions WHERE id = $1",
      [p.id],
    );
    expect(row?.close_reason).toBe("takeProfit");
    expect(row?.close_tick_at.getTime()).toBe(trigger);
    expect(ms).toBeLessThan(3000);
  });

  it("a stop-loss set on B stops the position out on A", async () => {
    const t = await fundedCustomer(a, database);
    both("ETHUSDT", "3000");
    const before = a.futures.settler.stats.discovered;
    const p = await openOk(b, t, { symbol: "ETHUSDT", direction: "long", margin: "100", leverage: 2 });
    // A indexes the position from the database (without a stop-loss yet).
    await within(async () => a.futures.settler.stats.discovered > before, 5000, "discovery");
    const res = await post(b, t.token, "/api/trade/appTradePositions/updateStopLoss", { id: p.id, stopLoss: "2950" });
    expect(res.statusCode, res.body).toBe(200);
    const trigger = both("ETHUSDT", "2940");
    const ms = await within(async () => (await statusOf("futures_positions", p.id)) === "closed", 5000, "stop-out");
    figures.push(`stop-loss set on B fired on A in ${ms} ms`);
    const [row] = await database.query<{ close_reason: string; close_tick_at: Date }>(
      "SELECT close_reason, close_tick_at FROM futures_positions WHERE id = $1",
      [p.id],
    );
    expect(row?.close_reason).toBe("stopLoss");
    expect(row?.close_tick_at.getTime()).toBe(trigger);
    expect(ms).toBeLessThan(3000);
  });

  it("an option bought on B and a limit order placed on B are settled by A", async () => {
    const c = await registerCustomer(a, { countryCode: "US" });
    await fund(database, c.id, "USDT", "2000");
    both("SOLUSDT", "140");
    both("BNBUSDT", "900");
    const setId = await setIdOf(b, c.token, "SOLUSDT");
    const bought = await post(b, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "SOLUSDT",
      setId,
      direction: "up",
      amount: 10,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const option = bought.json().result as { id: number; expiresAt: string };
    const placed = await post(b, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "BNBUSDT",
      side: "buy",
      type: "limit",
      quantity: "1",
      price: "880",
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().result as { id: number };

    // The tick at expiry (recorded with its own time, no waiting for the clock) and a crossing tick.
    both("SOLUSDT", "141", new Date(option.expiresAt).getTime() + 1);
    const optionMs = within(async () => (await statusOf("option_orders", option.id)) === "settled", 5000, "option");
    both("BNBUSDT", "870");
    const spotMs = within(async () => (await statusOf("spot_orders", order.id)) === "filled", 5000, "spot fill");
    const [o, s] = await Promise.all([optionMs, spotMs]);
    figures.push(`option bought on B settled by A in ${o} ms`, `limit order placed on B filled by A in ${s} ms`);
  });
});

/**
 * Two orders bought on B: the first one's transaction allocates the lower id and then waits
 * (a test connection holds its customer's ledger rows); the second commits, the leader
 * scans it; then the first commits. The leader must still find and settle the lower id.
 */
describe.runIf(onPostgres)("an order committed after a higher id was scanned", () => {
  async function heldUpWhile<T>(userId: number, first: () => Promise<T>, second: () => Promise<unknown>) {
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("SELECT id FROM ledger_accounts WHERE user_id = $1 FOR UPDATE", [userId]);
      const pending = first();
      // The first order's transaction has its id and waits for the ledger rows.
      await within(
        async () =>
          (
            await database.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            )
          )[0]?.n !== "0",
        5000,
        "the first order to wait",
      );
      await second();
      const release = async () => {
        await blocker.query("COMMIT");
        await blocker.end();
      };
      return { pending, release };
    } catch (err) {
      await blocker.end();
      throw err;
    }
  }

  it("options: the lower id is settled too", async () => {
    const c1 = await registerCustomer(a, { countryCode: "US" });
    const c2 = await registerCustomer(a, { countryCode: "US" });
    await fund(database, c1.id, "USDT", "100");
    await fund(database, c2.id, "USDT", "100");
    both("LTCUSDT", "90");
    const setId = await setIdOf(b, c1.token, "LTCUSDT");
    const buy = (token: string) =>
      post(b, token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "LTCUSDT",
        setId,
        direction: "up",
        amount: 10,
      });
    let second: { id: number; expiresAt: string } | null = null;
    const { pending, release } = await heldUpWhile(
      c1.id,
      () => buy(c1.token),
      async () => {
        const res = await buy(c2.token);
        expect(res.statusCode, res.body).toBe(200);
        second = res.json().result;
      },
    );
    const higher = second as unknown as { id: number; expiresAt: string };
    // The leader's scan has seen the higher id (it tracks it) while the lower one is uncommitted.
    await within(async () => a.optionSettler.trackedCount > 0, 5000, "the scan");
    await new Promise((r) => setTimeout(r, 700));
    await release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    const lower = res.json().result as { id: number; expiresAt: string };
    expect(lower.id).toBeLessThan(higher.id);

    const expiry = Math.max(new Date(lower.expiresAt).getTime(), new Date(higher.expiresAt).getTime());
    both("LTCUSDT", "91", expiry + 1);
    const ms = await within(
      async () =>
        (await statusOf("option_orders", lower.id)) === "settled" &&
        (await statusOf("option_orders", higher.id)) === "settled",
      5000,
      "both options settled",
    );
    figures.push(`option with the lower id committed late settled in ${ms} ms`);
  });

  it("spot: the lower id is filled too", async () => {
    const c1 = await registerCustomer(a, { countryCode: "US" });
    const c2 = await registerCustomer(a, { countryCode: "US" });
    await fund(database, c1.id, "USDT", "100");
    // The second order is a sell: its hold goes to the DOT treasury row, not the USDT one the
    // first order's waiting transaction has already locked.
    await fund(database, c2.id, "DOT", "100");
    both("DOTUSDT", "2.8");
    const place = (token: string, side: "buy" | "sell", price: string) =>
      post(b, token, "/api/trade/appSpotOrder/create", {
        symbol: "DOTUSDT",
        side,
        type: "limit",
        quantity: "10",
        price,
      });
    let higherId = 0;
    const { pending, release } = await heldUpWhile(
      c1.id,
      () => place(c1.token, "buy", "2.7"),
      async () => {
        const res = await place(c2.token, "sell", "2.9");
        expect(res.statusCode, res.body).toBe(200);
        higherId = (res.json().result as { id: number }).id;
      },
    );
    // Scans of the leader (every second) pass while the lower id is uncommitted.
    await new Promise((r) => setTimeout(r, 1500));
    await release();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    const lowerId = (res.json().result as { id: number }).id;
    expect(lowerId).toBeLessThan(higherId);
    // The price crosses both limits (before or after the next scan: a scan replays the
    // recorded ticks since a newly found order was placed).
    both("DOTUSDT", "3.0");
    both("DOTUSDT", "2.6");
    const ms = await within(
      async () =>
        (await statusOf("spot_orders", lowerId)) === "filled" && (await statusOf("spot_orders", higherId)) === "filled",
      5000,
      "both limit orders filled",
    );
    figures.push(`limit order with the lower id committed late filled ${ms} ms after the crossing tick`);
  });
});
