// The asset centre reads every ledger account once and the open positions once (issue 9);
// before, getFuturesEquity read the margin account a second time and every position row
// through the query builder. The answer must not change: the previous computation is kept
// here as the reference, and the endpoint's figures must equal it exactly (strings) over
// long and short positions on several symbols, prices moving, a position closed, and
// contest, earn and demo money beside them.
import type { UserAssets } from "@candor/contract";
import { type Decimal, dec, exitPrice, settlePosition, toMoneyString, truncate } from "@candor/domain";
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { futuresPositions } from "../../src/modules/contracts/schema";
import { FEE_RATES, getFuturesEquity, positionView } from "../../src/modules/contracts/service";
import { getAccountBalance, getAccountTotals } from "../../src/modules/ledger/service";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, setPrices } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });

/** The previous getFuturesEquity (real mode): margin account + P&L of every open row. */
async function previousFuturesEquity(userId: number) {
  const t = futuresPositions;
  const [account, rows] = await Promise.all([
    getAccountBalance(database.db, { userId, kind: "margin", currency: "USDT" }),
    database.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.mode, "real"), ne(t.status, "closed"))),
  ]);
  let unrealised = dec(0);
  for (const row of rows) {
    const q = app.market.quote(row.symbol);
    unrealised = unrealised.plus(
      settlePosition(positionView(row), exitPrice(row.direction, q.bid, q.ask), FEE_RATES).pnl,
    );
  }
  const margin = dec(account?.balance ?? "0");
  return { count: rows.length, equity: toMoneyString(margin.plus(unrealised)) };
}

/** The previous queryUserAssets for the accounts this test creates (USDT, ETH, earn, contest, demo). */
async function previousAssets(userId: number): Promise<UserAssets> {
  const [accounts, futures] = await Promise.all([getAccountTotals(database.db, userId), previousFuturesEquity(userId)]);
  const money = (d: Decimal) => toMoneyString(truncate(d, 8));
  const totals = { spot: dec(0), position: dec(futures.equity), contestFrozen: dec(0), other: dec(0), virtual: dec(0) };
  for (const a of accounts) {
    if (a.balance === "0") continue;
    if (a.currency === "VUSDT") {
      totals.virtual = totals.virtual.plus(a.balance);
      continue;
    }
    if (a.kind === "margin" && a.currency === "USDT") continue;
    const rate = app.market.usdtRate(a.currency);
    if (rate === null) throw new Error(`no rate for ${a.currency}`);
    const value = dec(a.balance).mul(rate);
    if (a.kind === "spot" || a.kind === "frozen") totals.spot = totals.spot.plus(value);
    else if (a.kind === "contest") totals.contestFrozen = totals.contestFrozen.plus(value);
    else totals.other = totals.other.plus(value);
  }
  const totalUsdt = money(totals.spot.plus(totals.position).plus(totals.contestFrozen).plus(totals.other));
  return {
    totalUsdt,
    spot: money(totals.spot),
    position: money(totals.position),
    contestFrozen: money(totals.contestFrozen),
    virtual: money(totals.virtual),
    other: money(totals.other),
    unpricedCurrencies: [],
    loansOwed: "0", // no loans here: net = total
    netUsdt: totalUsdt,
  };
}

describe("asset centre figures", () => {
  it("equal the previous computation with positions open, prices moving and a position closed", async () => {
    const c = await registerCustomer(app);
    const assets = async () => {
      const res = await get("/api/finance/appWallet/queryUserAssets", c.token);
      expect(res.status).toBe(200);
      return res.result as UserAssets;
    };
    // No account, no position yet.
    expect(await assets()).toStrictEqual(await previousAssets(c.id));

    await fund(database, c.id, "USDT", "5000");
    await fund(database, c.id, "ETH", "1.23456789");
    await fund(database, c.id, "VUSDT", "10000", "demo");
    await fund(database, c.id, "USDT", "25", "contest");
    await fund(database, c.id, "USDT", "40.5", "earn");
    const open = async (symbol: string, direction: "long" | "short", margin: string) => {
      const res = await post("/api/trade/appTradePositions/create", c.token, {
        symbol,
        direction,
        margin,
        leverage: 2,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.result.id as number;
    };
    await open("BTCUSDT", "long", "100");
    const short = await open("ETHUSDT", "short", "33.33");
    await open("BTCUSDT", "short", "250.5");

    const seen = new Set<string>();
    for (const prices of [
      { BTCUSDT: "50000", ETHUSDT: "2500" },
      { BTCUSDT: "50123.45", ETHUSDT: "2488.8" },
      { BTCUSDT: "49877.77", ETHUSDT: "2511.11" },
    ]) {
      setPrices(app, prices);
      const now = await assets();
      expect(now).toStrictEqual(await previousAssets(c.id));
      expect((await getFuturesEquity(database.db, app.market, c.id, "real")).equity).toBe(now.position);
      seen.add(now.position);
    }
    expect(seen.size).toBe(3); // the figures moved with the prices

    const closed = await post(`/api/trade/appTradePositions/close/${short}`, c.token);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const after = await assets();
    expect(after).toStrictEqual(await previousAssets(c.id));
    expect((await previousFuturesEquity(c.id)).count).toBe(2);
    setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });
  });
});
