// Repayment and overdue on the test clock: interest accrues day by day through the
// scheduler (nothing during the interest-free days); a partial repayment pays interest first
// and then principal; an early repayment pays interest up to that day only and returns the
// collateral; a loan not repaid by its end shows overdue and accrues the disclosed overdue
// rate. Operator settings are created and edited through the operator routes.
import { dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, createStaffMember, fund, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { balance, creditBorrower, DAY, loansApi, tick } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = loansApi(app);
const operator = await createOperator(app, database);

const settingInput = {
  type: "pledge",
  name: { "en-us": "Short BTC-backed loan", "zh-cn": "短期 BTC 質押借款" },
  currency: "USDT",
  minAmount: "100",
  maxAmount: "5000",
  days: [10, 5],
  dailyRate: "0.001",
  interestFreeDays: 2,
  overdueRate: "0.003",
  collateralCurrencies: ["BTC"],
  initialLtv: "0.5",
  marginCallLtv: "0.7",
  liquidationLtv: "0.8",
};

describe("operator loan settings", () => {
  it("creates, edits and stops offering a setting; bad settings are 400; only admins change them", async () => {
    const finance = await createStaffMember(app, database, "finance");
    expect((await api.call("POST", "/api/operator/loans/settings", finance.token, settingInput)).status).toBe(403);
    const bad = await api.call("POST", "/api/operator/loans/settings", operator.token, {
      ...settingInput,
      marginCallLtv: "0.9", // above the liquidation LTV
    });
    expect(bad.status).toBe(400);
    const noMarket = await api.call("POST", "/api/operator/loans/settings", operator.token, {
      ...settingInput,
      collateralCurrencies: ["DOGEX"],
    });
    expect(noMarket.status).toBe(400);
    const created = await api.call("POST", "/api/operator/loans/settings", operator.token, settingInput);
    expect(created.status, created.message).toBe(200);
    expect(created.result).toMatchObject({
      type: "pledge",
      days: [5, 10],
      enabled: true,
      name: "Short BTC-backed loan",
    });
    const edited = await api.call("PUT", `/api/operator/loans/settings/${created.result.id}`, operator.token, {
      ...settingInput,
      maxAmount: "6000",
    });
    expect(edited.result.maxAmount).toBe("6000");
    const off = await api.call("DELETE", `/api/operator/loans/settings/${created.result.id}`, operator.token);
    expect(off.result.enabled).toBe(false);
    expect((await api.sets()).some((s) => s.id === created.result.id)).toBe(false);
    const all = await api.call("GET", "/api/operator/loans/settings", operator.token);
    expect(all.result.some((s: { id: number }) => s.id === created.result.id)).toBe(true);
  });
});

describe("early and partial repayment", () => {
  it("accrues daily after the free days, pays interest first, and an early full repayment returns the collateral", async () => {
    const set = (await api.call("POST", "/api/operator/loans/settings", operator.token, settingInput)).result;
    const c = await registerCustomer(app);
    await fund(database, c.id, "BTC", "1");
    await fund(database, c.id, "USDT", "10");
    tick(app, "BTCUSDT", "60000");
    const q = await api.quote(c.token, `setId=${set.id}&amount=1000&days=10&collateralCurrency=BTC&collateralAmount=1`);
    expect(q.result.totalInterest).toBe("8"); // 1000 × 0.001 × (10 − 2)
    const open = await api.pledgeApply(c.token, {
      setId: set.id,
      amount: "1000",
      days: 10,
      collateralCurrency: "BTC",
      collateralAmount: "1",
    });
    expect(open.status, open.message).toBe(200);
    const id = open.result.id;

    await api.advance(2 * DAY);
    expect((await api.detail(c.token, id)).result).toMatchObject({ accruedDays: 2, interestOutstanding: "0" });
    await api.advance(3 * DAY);
    expect((await api.detail(c.token, id)).result).toMatchObject({
      accruedDays: 5,
      interestOutstanding: "3",
      outstanding: "1003",
    });

    const part = await api.repay(c.token, { id, amount: "103", requestId: "part-1" });
    expect(part.status, part.message).toBe(200);
    expect(part.result).toMatchObject({
      status: "passed",
      paid: "103",
      interestPaid: "3",
      principalPaid: "100",
      outstanding: "900",
    });
    // A double submit with the same request id pays once.
    expect((await api.repay(c.token, { id, amount: "103", requestId: "part-1" })).result).toEqual(part.result);
    expect(await balance(database, c.id, "USDT")).toBe("907");
    // More than owed: 400, nothing moves.
    const tooMuch = await api.repay(c.token, { id, amount: "900.01" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.message).toContain("900");
    expect(await balance(database, c.id, "USDT")).toBe("907");

    await api.advance(DAY); // day 6 on the 900 left: 0.9
    expect((await api.detail(c.token, id)).result.outstanding).toBe("900.9");
    const full = await api.repay(c.token, { id });
    expect(full.result).toMatchObject({
      status: "repaid",
      paid: "900.9",
      interestPaid: "0.9",
      outstanding: "0",
      collateralReturned: "1",
    });
    expect(await balance(database, c.id, "USDT")).toBe("6.1");
    expect(await balance(database, c.id, "BTC")).toBe("1");
    expect(await balance(database, c.id, "BTC", "collateral")).toBe("0");
    const d = (await api.detail(c.token, id)).result;
    expect(d).toMatchObject({ status: "repaid", interestPaid: "3.9", totalInterest: "8" }); // early: 3.9 of the 8
    expect(d.history.map((h: { event: string }) => h.event)).toEqual(["started", "partial_repaid", "repaid"]);
    expect(d.repayments.map((r: { amount: string }) => r.amount)).toEqual(["103", "900.9"]);
    expect((await api.repay(c.token, { id })).status).toBe(409);
    // The customer sees every movement in the balance log.
    const log = await api.call("GET", "/api/finance/appBalanceLog/list?pageSize=100", c.token);
    expect(log.status).toBe(200);
    const kinds = new Set(log.result.records.map((r: { kind: string }) => r.kind));
    for (const kind of ["loan_disburse", "loan_interest", "loan_repay", "loan_collateral", "loan_collateral_release"]) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

describe("overdue", () => {
  it("past its end a credit loan shows overdue and accrues the overdue rate until repaid", async () => {
    const c = await creditBorrower(app, database, operator);
    const set = await api.set("credit");
    const applied = await api.creditApply(c.token, { setId: set.id, amount: "1000", days: 7 });
    const id = applied.result.id;
    expect((await api.call("POST", `/api/operator/loans/orders/${id}/approve`, operator.token)).status).toBe(200);
    await api.advance(7 * DAY);
    let d = (await api.detail(c.token, id)).result;
    // Days 4–7 at 0.0005 (days 1–3 free); the end has come: overdue.
    expect(d).toMatchObject({ status: "overdue", accruedDays: 7, interestOutstanding: "2", outstanding: "1002" });
    await api.advance(DAY); // day 8 at the overdue rate 0.002
    d = (await api.detail(c.token, id)).result;
    expect(d).toMatchObject({ status: "overdue", interestOutstanding: "4", outstanding: "1004" });
    expect(d.history.map((h: { event: string; status: string }) => [h.event, h.status])).toEqual([
      ["applied", "under_review"],
      ["approved", "passed"],
      ["overdue", "overdue"],
    ]);
    expect(d.history[2].reason).toContain("0.002");
    const list = await api.listMy(c.token, "?status=overdue");
    expect(list.result.records.map((r: { id: number }) => r.id)).toEqual([id]);
    await fund(database, c.id, "USDT", "4");
    const paid = await api.repay(c.token, { id });
    expect(paid.result).toMatchObject({ status: "repaid", paid: "1004", interestPaid: "4" });
    expect(await balance(database, c.id, "USDT")).toBe("0");
    expect(dec((await api.info(c.token)).result.outstanding).isZero()).toBe(true);
  });
});
