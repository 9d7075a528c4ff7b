// Item 3 of "Money that cannot be gamed": the VIP level (and with it the one-time gift and
// the credit-loan limit) must follow the customer's own money — net equity: assets minus
// outstanding loans minus withdrawals on hold — measured by the daily run, never on request.
// A pledge loan repaid the same day, or a deposit already on its way out, buys nothing; a
// level's gift comes only after the level was held for a full day; a credit application is
// re-checked against the limit when it is approved.
import { describe, expect, it } from "vitest";
import type { App } from "../../src/app";
import { createOperator, fund, registerCustomer, takeOut, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { creditBorrower, loansApi } from "../loans/factory";
import { api as walletApi } from "../wallet/factory";
import { advance, api, balance, tick } from "./factory";

const ctx = await setupApp(startClockAt(MIDWEEK));
const { app, database } = ctx;
const loans = loansApi(app);
const operator = await createOperator(app, database);

async function businessNow(app: App): Promise<Date> {
  return new Date((await app.inject({ method: "GET", url: "/dev/clock" })).json().result.now);
}

/** Advances to the next 00:00 UTC (plus a minute), so that day's jobs have run. */
async function nextDay(app: App) {
  const now = await businessNow(app);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  const res = await advance(app, Math.ceil((midnight - now.getTime()) / 1000));
  expect(res.statusCode, res.body).toBe(200);
}

const levels = (gifts: { level: number }[]) => gifts.map((g) => g.level);

describe("VIP levels are bought only with the customer's own money", () => {
  it("a pledge loan repaid the same day buys no VIP4 and no 300 USDT gift", async () => {
    tick(app, "BTCUSDT", "60000");
    const set = await loans.set("pledge");
    const c = await registerCustomer(app);
    const me = api(app, c.token);
    await fund(database, c.id, "BTC", "2.5"); // 150,000 USDT: VIP3
    const borrowed = await loans.pledgeApply(c.token, {
      setId: set.id,
      amount: "60000",
      days: 7,
      collateralCurrency: "BTC",
      collateralAmount: "2.5",
    });
    expect(borrowed.status, borrowed.message).toBe(200);
    // Assets now 210,000 USDT, but 60,000 of it is owed: looking at the VIP page changes nothing.
    const vip = (await me.myVip()).body.result;
    expect(vip.level).toBeLessThan(4);
    expect(levels(vip.gifts)).not.toContain(4);
    const repaid = await loans.repay(c.token, { id: borrowed.result.id });
    expect(repaid.status, repaid.message).toBe(200);
    expect((await me.claimGift(4)).status).toBe(404);
    expect(await balance(database, c.id)).toBe("0");

    // The daily run measures net equity: 150,000 → VIP3; the gifts wait a full day at the level.
    await nextDay(app);
    expect((await me.me()).body.result.vipLevel).toBe(3);
    expect((await me.myVip()).body.result).toMatchObject({ level: 3, gifts: [] });
    expect((await me.claimGift(3)).status).toBe(404);
    await nextDay(app);
    expect(levels((await me.myVip()).body.result.gifts)).toEqual([1, 2, 3]);
    expect((await me.claimGift(4)).status).toBe(404);
    expect((await me.claimGift(3)).status).toBe(200);
    expect(await balance(database, c.id)).toBe("80");
  });

  it("a pledge loan kept over midnight counts only the customer's net equity", async () => {
    tick(app, "BTCUSDT", "60000");
    const set = await loans.set("pledge");
    const c = await registerCustomer(app);
    await fund(database, c.id, "BTC", "0.15"); // 9,000 USDT: VIP1
    const borrowed = await loans.pledgeApply(c.token, {
      setId: set.id,
      amount: "4000",
      days: 7,
      collateralCurrency: "BTC",
      collateralAmount: "0.15",
    });
    expect(borrowed.status, borrowed.message).toBe(200);
    await nextDay(app); // assets 13,000 (VIP2) but 4,000 owed
    const vip = (await api(app, c.token).myVip()).body.result;
    expect(vip.level).toBe(1);
    expect(Number(vip.totalAssetsUsdt)).toBeLessThan(10_000);
  });

  it("a deposit with a pending withdrawal buys no level and no gift", async () => {
    const c = await walletCustomer(app);
    const me = api(app, c.token);
    await fund(database, c.id, "USDT", "1500");
    const asked = await walletApi(app).post("/api/finance/appWithdrawal/apply", c.token, {
      currency: "USDT",
      amount: "1500",
      accountId: c.accountId,
      withdrawalPassword: WITHDRAWAL_PASSWORD,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const vip = (await me.myVip()).body.result;
    expect(vip).toMatchObject({ level: 0, gifts: [] });
    expect((await me.claimGift(1)).status).toBe(404);
    await nextDay(app);
    expect((await me.myVip()).body.result).toMatchObject({ level: 0, gifts: [] });
    expect((await me.me()).body.result.vipLevel).toBe(0);
  });

  it("a credit loan applied for at VIP1 is refused at approval once the daily run says VIP0", async () => {
    const c = await creditBorrower(app, database, operator);
    await fund(database, c.id, "USDT", "1500");
    await nextDay(app);
    const info = (await loans.info(c.token)).result;
    expect(info).toMatchObject({ vipLevel: 1, creditLimit: "3000" });
    const set = await loans.set("credit");
    const applied = await loans.creditApply(c.token, { setId: set.id, amount: "2500", days: 7 });
    expect(applied.status, applied.message).toBe(200);

    // The money leaves before the review: at the next daily run the customer is VIP0 (limit 1,000).
    await takeOut(database, c.id, "USDT", "1000");
    await nextDay(app);
    expect((await loans.info(c.token)).result).toMatchObject({ vipLevel: 0, creditLimit: "1000" });
    const approved = await loans.call(
      "POST",
      `/api/operator/loans/orders/${applied.result.id}/approve`,
      operator.token,
    );
    expect(approved.status, approved.message).toBe(409);
    expect(approved.message).toMatch(/available credit/);
    expect(await balance(database, c.id)).toBe("500");
  });
});
