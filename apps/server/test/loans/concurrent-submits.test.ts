// Double submits at the same moment (real concurrency on PostgreSQL; serialised on PGlite):
// the same request id gives one loan, one full repayment wins and the others are refused,
// and one credit application waits for review — money moves once.
import { describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, creditBorrower, loansApi, tick } from "./factory";

const { app, database } = await setupApp();
const api = loansApi(app);

describe("concurrent double submits", () => {
  it("the same pledge request five times at once opens one loan and moves the collateral once", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "BTC", "3");
    const set = await api.set("pledge");
    tick(app, "BTCUSDT", "60000");
    const body = {
      setId: set.id,
      amount: "20000",
      days: 30,
      collateralCurrency: "BTC",
      collateralAmount: "1",
      requestId: "same",
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => api.pledgeApply(c.token, body)));
    for (const r of results) expect(r.status, r.message).toBe(200);
    expect(new Set(results.map((r) => r.result.id)).size).toBe(1);
    expect(await balance(database, c.id, "BTC", "collateral")).toBe("1");
    expect(await balance(database, c.id, "USDT")).toBe("20000");

    // Five full repayments at once: one pays, the others find the loan repaid.
    const id = results[0]?.result.id;
    const repays = await Promise.all(Array.from({ length: 5 }, () => api.repay(c.token, { id })));
    expect(repays.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await balance(database, c.id, "USDT")).toBe("0");
    expect(await balance(database, c.id, "BTC")).toBe("3");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("credit applications sent together: one is under review, the others are refused", async () => {
    const operator = await createOperator(app, database);
    const c = await creditBorrower(app, database, operator);
    const set = await api.set("credit");
    const results = await Promise.all(
      ["100", "200", "300", "400"].map((amount) => api.creditApply(c.token, { setId: set.id, amount, days: 7 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const list = await api.listMy(c.token);
    expect(list.result.total).toBe(1);
    expect(list.result.records[0].status).toBe("under_review");
  });
});
