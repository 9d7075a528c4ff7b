// Price alerts through the API and the settlement leader: above/below/move24h fire once per
// crossing on recorded ticks, re-arm when the price comes back, survive a change of leader
// without firing twice; the fired alert is an inbox message (system) in the reader's
// language; another customer cannot list or delete my alerts; input is checked.
import { afterEach, describe, expect, it, vi } from "vitest";
import { tick } from "../contracts/factory";
import { auth, type Customer, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const { app } = await setupApp(startClockAt(MIDWEEK));

afterEach(() => {
  vi.restoreAllMocks();
});

async function call(c: Customer, method: "GET" | "POST", url: string, payload?: unknown, lang?: string) {
  const headers = { ...auth(c.token), ...(lang ? { "x-lang": lang } : {}) };
  const res = await app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json() };
}
const create = (c: Customer, body: Record<string, unknown>) => call(c, "POST", "/api/market/alerts", body);
const list = async (c: Customer) =>
  (await call(c, "GET", "/api/market/alerts")).body.result as Array<Record<string, unknown>>;

/** Pushes the prices as recorded ticks and waits until the leader has stored what they decided. */
async function ticks(symbol: string, prices: string[]) {
  for (const p of prices) {
    tick(app, symbol, p);
    await app.settlement.caughtUp();
    await app.alerts.settler.idle();
  }
}
const fireCounts = async (c: Customer) => {
  const rows = await app.database.query<{ id: string; fire_count: number }>(
    "SELECT id, fire_count FROM price_alerts WHERE user_id = $1 ORDER BY id",
    [c.id],
  );
  return rows.map((r) => r.fire_count);
};

describe("price alerts fire once per crossing", () => {
  it("above and below fire when crossed, not again while beyond, and again after coming back", async () => {
    const c = await registerCustomer(app);
    await ticks("ETHUSDT", ["2000"]);
    const above = await create(c, { symbol: "ethusdt", kind: "above", value: "2100" });
    expect(above.status, JSON.stringify(above.body)).toBe(200);
    expect((await create(c, { symbol: "ETHUSDT", kind: "below", value: 1900 })).status).toBe(200);
    await ticks("ETHUSDT", ["2050", "2100", "2150", "2120"]); // above fires at 2100, once
    expect(await fireCounts(c)).toEqual([1, 0]);
    await ticks("ETHUSDT", ["2099", "1950", "2101"]); // back below re-arms; crossing again fires
    expect(await fireCounts(c)).toEqual([2, 0]);
    await ticks("ETHUSDT", ["1900", "1850", "1901", "1899"]);
    expect(await fireCounts(c)).toEqual([2, 2]);
    const [a] = await list(c);
    expect(a).toMatchObject({ symbol: "ETHUSDT", kind: "above", value: "2100", armed: true, lastFiredPrice: "2101" }); // re-armed: the price went back below
  });

  it("an alert created beyond its threshold waits for a new crossing", async () => {
    const c = await registerCustomer(app);
    await ticks("XAUUSD", ["2500"]);
    await create(c, { symbol: "XAUUSD", kind: "above", value: "2400" });
    await ticks("XAUUSD", ["2510", "2450"]);
    expect(await fireCounts(c)).toEqual([0]);
    await ticks("XAUUSD", ["2399", "2400"]);
    expect(await fireCounts(c)).toEqual([1]);
  });

  it("move24h fires when the price is X % or more away from the price 24 hours before", async () => {
    const c = await registerCustomer(app);
    // The 24-hour reference: the 1-minute candle a day before the tick closed at 100.
    vi.spyOn(app.market, "klines").mockResolvedValue([
      { time: 0, open: "100", high: "100", low: "100", close: "100", volume: "0" },
    ] as never);
    await ticks("EURUSD", ["1.0"]); // far below 100: the condition holds at creation
    await ticks("EURUSD", ["100"]);
    expect((await create(c, { symbol: "EURUSD", kind: "move24h", value: "5" })).status).toBe(200);
    await ticks("EURUSD", ["103", "105", "106", "104", "94.9", "96"]);
    expect(await fireCounts(c)).toEqual([2]);
  });

  it("a change of settlement leader does not fire a crossing twice", async () => {
    const c = await registerCustomer(app);
    await ticks("BTCUSDT", ["60000"]);
    await create(c, { symbol: "BTCUSDT", kind: "above", value: "61000" });
    await ticks("BTCUSDT", ["61500"]);
    expect(await fireCounts(c)).toEqual([1]);
    // The leader steps down and leads again (as a restarted or another node would): it reloads the stored state.
    await app.settlement.stop();
    await app.settlement.start();
    expect(app.alerts.settler.isLeading).toBe(true);
    await ticks("BTCUSDT", ["61600", "62000"]);
    expect(await fireCounts(c)).toEqual([1]);
    await ticks("BTCUSDT", ["60000", "61000"]);
    expect(await fireCounts(c)).toEqual([2]);
  });

  it("a fired alert is a system inbox message in the reader's language", async () => {
    const c = await registerCustomer(app);
    await ticks("ETHUSDT", ["3000"]);
    await create(c, { symbol: "ETHUSDT", kind: "below", value: "2900" });
    await ticks("ETHUSDT", ["2890"]);
    await vi.waitFor(async () => {
      const en = await call(c, "GET", "/api/content/appNotice/myList?category=system");
      expect(en.body.result.records[0]).toMatchObject({
        category: "system",
        title: "Price alert: ETH/USDT",
        body: "ETH/USDT reached 2,890.00 (your alert: ≤ 2,900).", // the reader's separators
      });
    });
    const ko = await call(c, "GET", "/api/content/appNotice/myList?category=system", undefined, "ko");
    expect(ko.body.result.records[0].title).toBe("가격 알림: ETH/USDT");
  });
});

describe("price alerts belong to their customer", () => {
  it("another customer can neither list nor delete my alert (404)", async () => {
    const alice = await registerCustomer(app);
    const mallory = await registerCustomer(app);
    const { body } = await create(alice, { symbol: "BTCUSDT", kind: "above", value: "99999" });
    const id = body.result.id;
    expect(await list(mallory)).toEqual([]);
    const stolen = await call(mallory, "POST", "/api/market/alerts/delete", { id });
    expect(stolen.status).toBe(404);
    expect(await list(alice)).toHaveLength(1);
    expect((await call(alice, "POST", "/api/market/alerts/delete", { id })).status).toBe(200);
    expect(await list(alice)).toEqual([]);
    expect((await call(alice, "POST", "/api/market/alerts/delete", { id })).status).toBe(404);
  });

  it("a deleted alert no longer fires", async () => {
    const c = await registerCustomer(app);
    await ticks("XAUUSD", ["2000"]);
    const { body } = await create(c, { symbol: "XAUUSD", kind: "above", value: "2100" });
    await call(c, "POST", "/api/market/alerts/delete", { id: body.result.id });
    await ticks("XAUUSD", ["2200"]);
    expect(app.alerts.settler.stats.fired).toBeGreaterThan(0);
    const rows = await app.database.query("SELECT 1 FROM price_alerts WHERE user_id = $1", [c.id]);
    expect(rows).toHaveLength(0);
  });

  it("logged out: 401", async () => {
    const res = await app.inject({ method: "GET", url: "/api/market/alerts" });
    expect(res.statusCode).toBe(401);
  });
});

describe("price alert input", () => {
  it.each([
    [{ symbol: "NOPEUSDT", kind: "above", value: "1" }, 400, "NOPEUSDT"],
    [{ symbol: "BTCUSDT", kind: "above", value: "-5" }, 400, "value"],
    [{ symbol: "BTCUSDT", kind: "above", value: "0" }, 400, "value"],
    [{ symbol: "BTCUSDT", kind: "sideways", value: "1" }, 400, "kind"],
    [{ symbol: "BTCUSDT", kind: "below", value: "abc" }, 400, "value"],
  ])("%j → %d naming %s", async (payload, status, named) => {
    const c = await registerCustomer(app);
    const res = await create(c, payload);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(named);
  });

  it("at most 50 alerts per customer (the 51st is 409)", async () => {
    const c = await registerCustomer(app);
    for (let i = 1; i <= 50; i++) {
      expect((await create(c, { symbol: "BTCUSDT", kind: "above", value: String(200000 + i) })).status).toBe(200);
    }
    const over = await create(c, { symbol: "BTCUSDT", kind: "above", value: "300000" });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain("50");
  });
});
