// Spot limit orders have a lifetime: the sweep cancels open orders older than
// SPOT_ORDER_MAX_AGE_DAYS (reason "expired"), voids their holds once, leaves younger and
// finished orders alone, and a sweep racing a fill ends with exactly one outcome.
// Time is injected (`now` of the sweep), never slept.
import { describe, expect, it } from "vitest";
import { expireOpenOrders } from "../../src/modules/spot/expiry";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, held, post, tick } from "../options/trading-helpers";

const { app, database, config } = await setupApp();
const DAY = 86_400_000;
const maxAgeMs = config.spotOrderMaxAgeDays * DAY;

const create = (token: string, body: Record<string, unknown>) =>
  post(app, token, "/api/trade/appSpotOrder/create", body);

async function restingBuy(token: string, price = "60000") {
  tick(app, "BTCUSDT", "65000");
  const res = await create(token, { symbol: "BTCUSDT", side: "buy", type: "limit", quantity: "0.01", price });
  expect(res.status).toBe(200);
  return res.body.result as { id: number; status: string };
}

describe("spot limit order lifetime", () => {
  it("defaults to 30 days", () => {
    expect(config.spotOrderMaxAgeDays).toBe(30);
  });

  it("cancels an order past its lifetime, voids its hold and shows it as expired", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const order = await restingBuy(c.token);
    expect(await held(database, c.id, "USDT")).not.toBe("0");

    // A day short of the lifetime: nothing happens.
    expect(await expireOpenOrders(database.db, maxAgeMs, Date.now() + maxAgeMs - DAY)).toBe(0);
    expect(await available(database, c.id, "USDT")).not.toBe("1000");

    const expired = await expireOpenOrders(database.db, maxAgeMs, Date.now() + maxAgeMs + DAY);
    expect(expired).toBeGreaterThanOrEqual(1);
    expect(await available(database, c.id, "USDT")).toBe("1000");
    expect(await held(database, c.id, "USDT")).toBe("0");
    const list = await get(app, c.token, "/api/trade/appSpotOrder/listMy?status=cancelled");
    expect(list.body.result.records).toContainEqual(
      expect.objectContaining({ id: order.id, status: "cancelled", cancelReason: "expired" }),
    );
    // A second sweep finds nothing more to do and moves no money.
    expect(await expireOpenOrders(database.db, maxAgeMs, Date.now() + maxAgeMs + DAY)).toBe(0);
    expect(await available(database, c.id, "USDT")).toBe("1000");
  });

  it("marks a customer's own cancel as such", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const order = await restingBuy(c.token);
    const res = await post(app, c.token, `/api/trade/appSpotOrder/cancel/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ status: "cancelled", cancelReason: "customer" });
  });

  it("ends a sweep racing a fill with exactly one outcome", async () => {
    for (let round = 0; round < 6; round++) {
      const c = await registerCustomer(app, { countryCode: "US" });
      await fund(database, c.id, "USDT", "1000");
      const order = await restingBuy(c.token);
      expect(order.status).toBe("open");
      // A crossing tick handed straight to fill (no ingest, so the settler stays out): fill and sweep race.
      const crossing = { price: "59978", ts: Date.now(), bid: "59966.00", ask: "59990.00" };
      const sweep = () => expireOpenOrders(database.db, maxAgeMs, Date.now() + maxAgeMs + DAY);
      const fill = () => app.spotService.fill(order.id, crossing);
      await Promise.all(round % 2 === 0 ? [fill(), sweep()] : [sweep(), fill()]);
      const mine = (await get(app, c.token, "/api/trade/appSpotOrder/listMy")).body.result.records as Array<{
        id: number;
        status: string;
      }>;
      const status = mine.find((o) => o.id === order.id)?.status;
      expect(["filled", "cancelled"]).toContain(status);
      expect(await held(database, c.id, "USDT")).toBe("0");
      const usdt = Number(await available(database, c.id, "USDT"));
      const btc = Number(await available(database, c.id, "BTC"));
      if (status === "cancelled") {
        expect(usdt).toBe(1000);
        expect(btc).toBe(0);
      } else {
        expect(usdt).toBeLessThan(1000);
        expect(btc).toBe(0.01);
      }
    }
  });
});
