// Spot with contest money: a market buy in mode "contest" spends CUSDT and holds CBTC in
// the contest account (valued in the entry's equity); exit returns both to the treasury.
import { describe, expect, it } from "vitest";
import { setupApp } from "../helper";
import { balance, contestApi, createContest, createOperator, HOUR, registerCustomer, tick } from "./factory";

const { app, database } = await setupApp();
const api = contestApi(app);

describe("spot orders with contest money", () => {
  it("buys CBTC with CUSDT, counts it in the equity, returns it at exit", async () => {
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
