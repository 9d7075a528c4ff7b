// Operators edit a symbol's spread (issue 12): finance and admin list the symbols, only an
// admin changes a spread within 0 < spread ≤ 0.05 (8 decimals); the next quote's bid/ask
// width follows at once, open positions keep their prices, every change is audited with
// its before/after, and bad input is a translated 4xx that changes nothing.
import { dec } from "@candor/domain";
import { describe, expect, it, vi } from "vitest";
import { openOk, tick } from "../contracts/factory";
import { auth, createStaffMember, fundedCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const admin = await createStaffMember(app, database, "admin");
const finance = await createStaffMember(app, database, "finance");

const LIST = "/api/operator/market/symbols";
const UPDATE = "/api/operator/market/symbols/update";

const list = (token: string) => app.inject({ method: "GET", url: LIST, headers: auth(token) });
const update = (token: string, payload: unknown, lang = "en-us") =>
  app.inject({ method: "POST", url: UPDATE, headers: { ...auth(token), "x-lang": lang }, payload: payload as object });
const price = async (symbol: string) =>
  (await app.inject({ method: "GET", url: `/api/trade/appSymbol/price?symbol=${symbol}` })).json().result as {
    price: string;
    bid: string;
    ask: string;
    spread: string;
  };
const storedSpread = async (symbol: string) =>
  dec(
    (await database.query<{ spread: string }>("SELECT spread FROM market_symbols WHERE symbol = $1", [symbol]))[0]
      ?.spread ?? "NaN",
  ).toFixed();
const auditRows = async () =>
  (
    await app.inject({
      method: "GET",
      url: "/api/operator/audit/list?targetType=market_symbol&pageSize=100",
      headers: auth(admin.token),
    })
  ).json().result.records as { action: string; username: string; before: unknown; after: unknown }[];

describe("listing symbols", () => {
  it("finance and admin see every symbol with spread, asset class, leverage cap, precision and hours", async () => {
    tick(app, "BTCUSDT", "60000");
    for (const staff of [finance, admin]) {
      const res = await list(staff.token);
      expect(res.statusCode).toBe(200);
      const rows = res.json().result as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThanOrEqual(20);
      expect(rows.find((r) => r.symbol === "BTCUSDT")).toMatchObject({
        base: "BTC",
        quote: "USDT",
        assetClass: "crypto",
        spread: "0.0004",
        maxLeverage: 2,
        pricePrecision: 2,
        enabled: true,
        tradingHours: { kind: "always" },
        price: "60000.00",
        bid: "59988.00",
        ask: "60012.00",
      });
      expect(rows.find((r) => r.symbol === "EURUSD")).toMatchObject({ assetClass: "forex", price: null, bid: null });
    }
  });

  it("is for staff only: a customer gets 403, no token 401", async () => {
    const customer = await fundedCustomer(app, database, "0");
    expect((await list(customer.token)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: LIST })).statusCode).toBe(401);
  });
});

describe("changing a spread", () => {
  it("an admin widens BTCUSDT: the next quote's bid/ask width follows, the audit log has before and after", async () => {
    tick(app, "BTCUSDT", "60000");
    const before = await price("BTCUSDT");
    expect(dec(before.ask).minus(before.bid).toFixed()).toBe("24");

    const res = await update(admin.token, { symbol: "btcusdt", spread: "0.002" });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ symbol: "BTCUSDT", spread: "0.002", bid: "59940.00", ask: "60060.00" });

    const after = await price("BTCUSDT");
    expect(after).toMatchObject({ spread: "0.002", bid: "59940.00", ask: "60060.00" });
    expect(dec(after.ask).minus(after.bid).toFixed()).toBe("120");
    expect(app.market.tradeQuote("BTCUSDT")).toMatchObject({ bid: "59940.00", ask: "60060.00" });
    expect(await storedSpread("BTCUSDT")).toBe("0.002");
    // The public list shows it too.
    const symbols = (await app.inject({ method: "GET", url: "/api/trade/appSymbol/list" })).json().result as {
      symbol: string;
      spread: string;
    }[];
    expect(symbols.find((s) => s.symbol === "BTCUSDT")?.spread).toBe("0.002");

    const [row] = await auditRows();
    expect(row).toMatchObject({
      action: "market.symbols.update",
      username: admin.username,
      targetType: "market_symbol",
      targetId: "BTCUSDT",
      before: { symbol: "BTCUSDT", spread: "0.0004" },
      after: { request: { symbol: "BTCUSDT", spread: "0.002" }, result: { symbol: "BTCUSDT", spread: "0.002" } },
    });

    // A number works as well, and the next change audits the previous value as its "before".
    const again = await update(admin.token, { symbol: "BTCUSDT", spread: 0.0004 });
    expect(again.statusCode).toBe(200);
    expect((await price("BTCUSDT")).spread).toBe("0.0004");
    const [latest] = await auditRows();
    expect(latest?.before).toEqual({ symbol: "BTCUSDT", spread: "0.002" });
  });

  it("an open position keeps its open price; only new quotes use the new spread", async () => {
    tick(app, "ETHUSDT", "3000");
    const trader = await fundedCustomer(app, database, "1000");
    const position = await openOk(app, trader, { symbol: "ETHUSDT", direction: "long", margin: "100", leverage: 2 });
    const openPrice = position.openPrice as string;
    expect((await update(admin.token, { symbol: "ETHUSDT", spread: "0.01" })).statusCode).toBe(200);
    expect(await price("ETHUSDT")).toMatchObject({ bid: "2985.00", ask: "3015.00" });
    const [listed] = (
      await app.inject({
        method: "GET",
        url: "/api/trade/appTradePositions/listMy?status=open",
        headers: auth(trader.token),
      })
    ).json().result.records as { id: number; openPrice: string }[];
    expect(listed).toMatchObject({ id: position.id, openPrice });
  });

  it("finance may not change a spread (403) and nothing changes", async () => {
    const audits = (await auditRows()).length;
    const res = await update(finance.token, { symbol: "XAUUSD", spread: "0.001" });
    expect(res.statusCode).toBe(403);
    expect(await storedSpread("XAUUSD")).toBe("0.0001");
    expect(app.market.symbol("XAUUSD").spread).toBe("0.0001");
    expect((await auditRows()).length).toBe(audits);
  });

  it.each([
    [{ symbol: "XAUUSD", spread: "-0.001" }, 400, "spread"],
    [{ symbol: "XAUUSD", spread: "0" }, 400, "above 0 and at most 0.05 (5 %)"],
    [{ symbol: "XAUUSD", spread: "0.0500001" }, 400, "at most 0.05"],
    [{ symbol: "XAUUSD", spread: "0.5" }, 400, "got 0.5"],
    [{ symbol: "XAUUSD", spread: "0.000000001" }, 400, "at most 8 decimals"],
    [{ symbol: "XAUUSD", spread: "abc" }, 400, "spread"],
    [{ symbol: "XAUUSD", spread: "1e-3" }, 400, "spread"],
    [{ symbol: "XAUUSD", spread: 1e-7 }, 400, "spread"],
    [{ symbol: "XAUUSD", spread: null }, 400, "spread"],
    [{ symbol: "XAUUSD" }, 400, "spread"],
    [{ spread: "0.001" }, 400, "symbol"],
    [{ symbol: "XAU-USD", spread: "0.001" }, 400, "symbol"],
    [{ symbol: "NOPEUSD", spread: "0.001" }, 404, "Unknown symbol: NOPEUSD"],
  ])("%j → %i naming the problem, nothing changes", async (payload, status, text) => {
    const audits = (await auditRows()).length;
    const res = await update(admin.token, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code: status });
    expect(res.json().message).toContain(text);
    expect(await storedSpread("XAUUSD")).toBe("0.0001");
    expect(app.market.symbol("XAUUSD").spread).toBe("0.0001");
    expect((await auditRows()).length).toBe(audits);
  });

  it("the 8 decimals and 0.05 themselves are accepted", async () => {
    expect((await update(admin.token, { symbol: "GBPUSD", spread: "0.00000001" })).json().result.spread).toBe(
      "0.00000001",
    );
    expect((await update(admin.token, { symbol: "GBPUSD", spread: "0.05" })).json().result.spread).toBe("0.05");
    expect((await update(admin.token, { symbol: "GBPUSD", spread: "0.0001" })).json().result.spread).toBe("0.0001");
  });

  it("translates the messages", async () => {
    const ko = await update(admin.token, { symbol: "XAUUSD", spread: "0.2" }, "ko");
    expect(ko.statusCode).toBe(400);
    expect(ko.json().message).toContain("0보다 크고 0.05(5 %) 이하");
    const zh = await update(admin.token, { symbol: "XAUUSD", spread: "0.2" }, "zh-cn");
    expect(zh.json().message).toContain("需大於 0 且不超過 0.05");
    const jp = await update(admin.token, { symbol: "NOPEUSD", spread: "0.001" }, "jp");
    expect(jp.json().message).toBe("不明な銘柄です: NOPEUSD");
  });
});

describe("other nodes", () => {
  it("reload their symbols when a change is announced on the bus", async () => {
    tick(app, "SOLUSDT", "100");
    // Another node wrote the table and announced it; this node only hears the event.
    await database.query("UPDATE market_symbols SET spread = '0.02' WHERE symbol = 'SOLUSDT'");
    expect(app.market.symbol("SOLUSDT").spread).not.toBe("0.02");
    app.bus.publish("market.symbols", { symbol: "SOLUSDT" });
    await vi.waitFor(() => expect(app.market.symbol("SOLUSDT").spread).toBe("0.02"));
    expect(await price("SOLUSDT")).toMatchObject({ bid: "99.00", ask: "101.00" });
  });
});
