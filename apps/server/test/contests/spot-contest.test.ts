// Spot with contest money: a market buy in mode "contest" spends CUSDT and holds CBTC in
// the contest account (valued in the entry's equity, the live ranking and the daily profit
// after the 00:00 UTC snapshot); exit returns both to the treasury.
import { describe, expect, it, vi } from "vitest";
import { createOperator, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { balance, contestApi, createContest, DAY, HOUR, tick } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = contestApi(app);

describe("spot orders with contest money", () => {
  it("buys CBTC with CUSDT, counts it in the equity and the daily profit, returns it at exit", async () => {
    const operator = await createOperator(app, database);
    tick(app, "BTCUSDT", "60000");
    const contest = await createContest(app, operator.token);
    const c = await registerCustomer(app);
    expect((await api.join(c.token, contest.id)).status).toBe(200);
    await api.advance(HOUR + 60);
    tick(app, "BTCUSDT", "60000");

    const order = await api.call("POST", "/api/trade/appSpotOrder/create", c.token, {
      symbol: "BTCUSDT",
      side: "buy",
      type: "market",
      quantity: "0.01",
      mode: "contest",
      contestId: contest.id,
    });
    expect(order.status, order.message).toBe(200);
    expect(order.result).toMatchObject({
      mode: "contest",
      contestId: contest.id,
      baseCurrency: "CBTC",
      quoteCurrency: "CUSDT",
    });
    expect(await balance(database, c.id, "CBTC", "contest")).toBe("0.01");
    expect(await balance(database, c.id, "USDT")).toBe("0");

    const account = await api.account(c.token, contest.id);
    expect(Number(account.result.spotValue)).toBeGreaterThan(500);
    expect(Number(account.result.equity)).toBeGreaterThan(9900);
    expect(Number(account.result.equity)).toBeLessThan(10000);

    // The live ranking values the holding: the price rises, the yield turns positive.
    tick(app, "BTCUSDT", "66000");
    await vi.waitFor(async () => {
      await app.settlement.caughtUp();
      await app.contests.board.idle();
      const ranking = await api.ranking(contest.id, c.token);
      expect(Number(ranking.result.records[0].yieldRate)).toBeGreaterThan(0);
    });

    // The daily 00:00 UTC snapshot: right after it the daily profit is ~0, the total is not.
    expect((await api.advance(DAY)).status).toBe(200);
    const afterMidnight = (await api.myEntries(c.token)).result.records[0];
    expect(Math.abs(Number(afterMidnight.dailyProfit))).toBeLessThan(0.01);
    expect(Number(afterMidnight.totalProfit)).toBeGreaterThan(0);
    tick(app, "BTCUSDT", "70000");
    const later = (await api.myEntries(c.token)).result.records[0];
    expect(Number(later.dailyProfit)).toBeGreaterThan(30); // 0.01 BTC × ~4,000
    expect(Number(later.totalProfit)).toBeGreaterThan(Number(afterMidnight.totalProfit));

    const listed = await api.call(
      "GET",
      `/api/trade/appSpotOrder/listMy?mode=contest&contestId=${contest.id}`,
      c.token,
    );
    expect(listed.status).toBe(200);
    expect(listed.result.records).toHaveLength(1);

    const exited = await api.exit(c.token, contest.id);
    expect(exited.status, exited.message).toBe(200);
    expect(Number(exited.result.equity)).toBeGreaterThan(9900);
    expect(await balance(database, c.id, "CBTC", "contest")).toBe("0");
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe("0");
  });
});
