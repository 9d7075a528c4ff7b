// Races through the API: many withdrawals at once against one balance (exactly the
// affordable number succeed), the daily limit under parallel requests, one request sent
// many times, and an approval racing a cancellation. On PostgreSQL the requests really
// run in parallel over the pool; on PGlite they queue on its single connection.
import { afterAll, describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, fund, uniq, type WalletCustomer, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, spot } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const operator = await createOperator(app, database);

const withdraw = (c: WalletCustomer, amount: string, extra: Record<string, unknown> = {}) =>
  post("/api/finance/appWithdrawal/apply", c.token, {
    currency: "USDT",
    amount,
    accountId: c.accountId,
    withdrawalPassword: WITHDRAWAL_PASSWORD,
    ...extra,
  });

const statuses = (results: Array<{ status: number }>) =>
  results.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

afterAll(async () => {
  const audit = await auditLedger(database.db);
  expect(audit.violations).toEqual([]);
});

describe("parallel withdrawals against one balance", () => {
  it("exactly the affordable number succeed (100 / 15 → 6 of 24); the rest are 409 with nothing held", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const results = await Promise.all(Array.from({ length: 24 }, () => withdraw(c, "15")));
    expect(statuses(results)).toEqual({ 200: 6, 409: 18 });
    expect(await spot(database, c.id)).toEqual({ available: "10", held: "90", balance: "100" });
    const mine = await get("/api/finance/appWithdrawal/listMy?pageSize=100", c.token);
    expect(mine.result.total).toBe(6);
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.result.id)).size).toBe(6);
  });

  it("the 5,000 USDT daily limit without verification holds under parallel requests (5 of 12)", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "20000");
    const results = await Promise.all(Array.from({ length: 12 }, () => withdraw(c, "1000")));
    expect(statuses(results)).toEqual({ 200: 5, 403: 7 });
    expect(await spot(database, c.id)).toMatchObject({ held: "5000" });
  });

  it("one request sent 10 times at once is applied once", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const clientRequestId = `race-${uniq()}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(c, "40", { clientRequestId })));
    expect(statuses(results)).toEqual({ 200: 10 });
    expect(new Set(results.map((r) => r.result.id)).size).toBe(1);
    expect(await spot(database, c.id)).toMatchObject({ available: "60", held: "40" });
  });

  it("approval racing the customer's cancellation: exactly one wins, and the money matches it", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "200");
    let paid = 0;
    for (let i = 0; i < 6; i++) {
      const w = await withdraw(c, "20");
      const [approve, cancel] = await Promise.all([
        post("/api/operator/wallet/withdrawal/approve", operator.token, { id: w.result.id }),
        post(`/api/finance/appWithdrawal/cancel/${w.result.id}`, c.token),
      ]);
      expect([approve.status, cancel.status].sort()).toEqual([200, 409]);
      if (approve.status === 200) {
        expect(approve.result.status).toBe(2);
        paid++;
      } else {
        expect(cancel.result).toMatchObject({ status: -1, cancelled: true });
      }
    }
    expect(await spot(database, c.id)).toEqual({
      available: String(200 - paid * 20),
      held: "0",
      balance: String(200 - paid * 20),
    });
  });
});
