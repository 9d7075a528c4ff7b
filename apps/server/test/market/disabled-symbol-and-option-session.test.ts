// Issue 18 item 7: disabling a symbol stops NEW trades on it but never freezes money —
// open positions still close by hand and by stop-loss, options still settle, resting
// limit orders still fill; and an option whose expiry falls outside its symbol's
// trading session (an FX 30 s option bought 10 s before Friday 22:00 UTC) is refused.
import { dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/lib/errors";
import { openOk } from "../contracts/factory";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, post, tick, waitFor } from "../options/trading-helpers";

const { app, database } = await setupApp();

describe("a disabled symbol", () => {
  it("refuses new trades but lets open positions close (by hand and by stop-loss), options settle and limit orders fill", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const trader = { id: c.id, token: c.token };
    await fund(database, c.id, "USDT", "2000");
    tick(app, "LINKUSDT", "13.5");
    const byHand = await openOk(app, trader, { symbol: "LINKUSDT", direction: "long", margin: "100", leverage: 2 });
    const withStop = await openOk(app, trader, {
      symbol: "LINKUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
      stopLoss: "12",
    });
    const sets = await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=LINKUSDT");
    const set = sets.body.result.find((s: { periodSeconds: number }) => s.periodSeconds === 30);
    const option = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "LINKUSDT",
      setId: set.id,
      direction: "up",
      amount: "10",
    });
    expect(option.status).toBe(200);
    const limit = await post(app, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "LINKUSDT",
      side: "buy",
      type: "limit",
      quantity: "10",
      price: "13",
    });
    expect(limit.body.result.status).toBe("open");

    await database.query("UPDATE market_symbols SET enabled = false WHERE symbol = 'LINKUSDT'");
    await app.market.loadSymbols();

    // New trades: refused as for an unknown symbol.
    const newFutures = await post(app, c.token, "/api/trade/appTradePositions/create", {
      symbol: "LINKUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
    });
    expect(newFutures.status).toBe(404);
    const newSpot = await post(app, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "LINKUSDT",
      side: "buy",
      type: "market",
      quantity: "1",
    });
    expect(newSpot.status).toBe(404);
    const newOption = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "LINKUSDT",
      setId: set.id,
      direction: "up",
      amount: "10",
    });
    expect(newOption.status).toBe(404);
    const swap = await post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", {
      from: "USDT",
      to: "LINK",
      amount: "10",
    });
    expect(swap.status).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/trade/appSymbol/list" })).json().result).not.toContainEqual(
      expect.objectContaining({ symbol: "LINKUSDT" }),
    );

    // Existing ones: listed, TP/SL changeable, closed by hand at a fresh tick.
    const open = await get(app, c.token, "/api/trade/appTradePositions/listMy?status=open");
    expect(open.body.result.total).toBe(2);
    tick(app, "LINKUSDT", "13.6");
    const tpsl = await post(app, c.token, "/api/trade/appTradePositions/updateStopLoss", {
      id: withStop.id,
      takeProfit: "20",
    });
    expect(tpsl.status, JSON.stringify(tpsl.body)).toBe(200);
    const closed = await post(app, c.token, `/api/trade/appTradePositions/close/${byHand.id}`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    // A tick through the stop-loss and the limit: the settlers still act on it.
    const drop = tick(app, "LINKUSDT", "11.9");
    const stopped = await waitFor(
      async () => (await get(app, c.token, `/api/trade/appTradePositions/detail/${withStop.id}`)).body.result,
      (r) => r.status === "closed",
    );
    expect(stopped).toMatchObject({ status: "closed", closeReason: "stopLoss", closeTick: { ts: drop.ts } });
    const filled = await waitFor(
      async () => (await get(app, c.token, `/api/trade/appSpotOrder/detail/${limit.body.result.id}`)).body.result,
      (r) => r.status === "filled",
    );
    expect(filled).toMatchObject({ status: "filled", fillTick: { ts: drop.ts } });

    // The option settles from the first tick at or after its expiry.
    const expiresAt = Date.parse(option.body.result.expiresAt);
    const atExpiry = tick(app, "LINKUSDT", "14", expiresAt);
    // Settled here or by the leader's settler on that tick, whichever comes first (never both).
    expect(["settled", "done"]).toContain(await app.optionService.settle(option.body.result.id));
    const settled = await waitFor(
      async () =>
        (await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${option.body.result.id}`)).body.result,
      (r) => r.status === "settled",
    );
    expect(settled).toMatchObject({ status: "settled", result: "win", closeTick: { ts: atExpiry.ts } });
    expect(dec(await available(database, c.id, "USDT")).gt(0)).toBe(true);
  });
});

describe("an option's expiry must fall inside the session", () => {
  const fridayClose = Date.UTC(2026, 10, 20, 22, 0, 0); // Friday 20 Nov 2026 22:00 UTC: FX closes

  it("a 30 s EURUSD option 10 s before Friday's close → 409 optionsExpiryOutsideSession; 40 s before → bought", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const sets = await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=EURUSD");
    const set = sets.body.result.find((s: { periodSeconds: number }) => s.periodSeconds === 30);
    const body = { symbol: "EURUSD", setId: set.id, direction: "up" as const, amount: "10", mode: "real" as const };

    tick(app, "EURUSD", "1.15500", fridayClose - 41_000);
    const early = await app.optionService.buy(c.id, body, fridayClose - 40_000);
    // The window starts at the opening tick (41 s before the close), not at the order.
    expect(early).toMatchObject({ status: "open", expiresAt: new Date(fridayClose - 11_000).toISOString() });

    // Before the first option's expiry (close − 11 s), so that tick does not settle it.
    tick(app, "EURUSD", "1.15510", fridayClose - 12_000);
    const late = app.optionService.buy(c.id, body, fridayClose - 10_000);
    await expect(late).rejects.toBeInstanceOf(AppError);
    await expect(late).rejects.toMatchObject({ status: 409, key: "optionsExpiryOutsideSession" });
    expect(await available(database, c.id, "USDT")).toBe("90");
  });

  it("a break between buy and expiry is refused even when both ends are open (a 3-day period over the weekend)", () => {
    const thursday = Date.UTC(2026, 10, 19, 12, 0, 0);
    expect(app.market.isOpenThroughout("EURUSD", thursday, thursday + 3_600_000)).toBe(true);
    expect(app.market.isOpenThroughout("EURUSD", thursday, thursday + 4 * 86_400_000)).toBe(false); // Monday 12:00
    expect(app.market.isOpenThroughout("BTCUSDT", thursday, thursday + 4 * 86_400_000)).toBe(true);
  });
});
