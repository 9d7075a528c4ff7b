// Credit loans: the limit comes from identity verification and VIP level; the loan identity
// check goes start → pending → retry → pending → passed (operator decides); an application
// is under review until an operator rejects it (the customer reads the reason) or approves
// it (the amount reaches available through the ledger). Every change is in the history.

import type { LoanStatusEvent } from "@candor/contract";
import { afterAll, describe, expect, it } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { setVipLevel } from "../../src/modules/users/service";
import { createOperator, createStaffMember, registerCustomer, verifyIdentity } from "../factory";
import { setupApp } from "../helper";
import { balance, creditBorrower, loansApi, uploadPhoto } from "./factory";

const { app, database } = await setupApp();
const api = loansApi(app);
const operator = await createOperator(app, database);
const statusEvents: LoanStatusEvent[] = [];
const off = app.bus.subscribe("loan.status", (e) => statusEvents.push(e));
afterAll(() => off());

describe("credit loan with review", () => {
  it("seeds one credit and one pledge setting, shown with their terms", async () => {
    const sets = await api.sets();
    const credit = sets.find((s) => s.type === "credit");
    const pledge = sets.find((s) => s.type === "pledge");
    expect(credit).toMatchObject({ currency: "USDT", days: [7, 14, 30], dailyRate: "0.0005", interestFreeDays: 3 });
    expect(credit.collateralCurrencies).toBeUndefined();
    expect(pledge).toMatchObject({
      currency: "USDT",
      collateralCurrencies: ["BTC", "ETH"],
      initialLtv: "0.6",
      marginCallLtv: "0.75",
      liquidationLtv: "0.85",
    });
  });

  it("a customer without identity verification has no credit and cannot apply", async () => {
    const c = await registerCustomer(app);
    const info = await api.info(c.token);
    expect(info.result).toMatchObject({ creditLimit: "0", creditUsed: "0", identityCheck: "start", outstanding: "0" });
    const set = await api.set("credit");
    const res = await api.creditApply(c.token, { setId: set.id, amount: "500", days: 7 });
    expect(res.status).toBe(403);
    // The loan identity check needs basic verification first.
    const submit = await api.identitySubmit(c.token, { realName: "No Body", idNumber: "Z999", photo: "x.jpg" });
    expect(submit.status).toBe(409);
  });

  it("the loan identity check: start, pending, retry with a reason, pending, passed", async () => {
    const c = await registerCustomer(app);
    await verifyIdentity(app, database, c, operator);
    expect((await api.identity(c.token)).result).toMatchObject({ state: "start", canSubmit: true, kycLevel: 1 });
    const photo = await uploadPhoto(app, c);
    const body = { realName: "Grace Hopper", idNumber: "G1906", photo };
    expect((await api.identitySubmit(c.token, body)).result.state).toBe("pending");
    expect((await api.identitySubmit(c.token, body)).status).toBe(409); // already pending
    const support = await createStaffMember(app, database, "support");
    const decide = (token: string, payload: object) =>
      api.call("POST", `/api/operator/loans/identity-checks/${c.id}/decide`, token, payload);
    expect((await decide(support.token, { decision: "passed" })).status).toBe(403); // compliance decides
    expect((await decide(operator.token, { decision: "retry" })).status).toBe(400); // a retry needs a reason
    expect((await decide(operator.token, { decision: "retry", reason: "The photo is blurred" })).status).toBe(200);
    expect((await api.identity(c.token)).result).toMatchObject({ state: "retry", reason: "The photo is blurred" });
    expect((await api.info(c.token)).result.identityCheckReason).toBe("The photo is blurred");
    expect((await api.identitySubmit(c.token, body)).result.state).toBe("pending");
    const queue = await api.call("GET", "/api/operator/loans/identity-checks?state=pending", support.token);
    expect(queue.result.records.some((r: { userId: number }) => r.userId === c.id)).toBe(true);
    expect((await decide(operator.token, { decision: "passed" })).result.state).toBe("passed");
    expect((await decide(operator.token, { decision: "passed" })).status).toBe(409); // decided already
    expect((await api.info(c.token)).result.identityCheck).toBe("passed");
  });

  it("limit from verification and VIP level; under review → rejected with a reason → applied again → passed and paid", async () => {
    const c = await creditBorrower(app, database, operator);
    const set = await api.set("credit");
    expect((await api.info(c.token)).result).toMatchObject({ creditLimit: "1000", kycLevel: 1, vipLevel: 0 });
    // The rewards module sets the level only at its daily run (net equity): set by hand here.
    await setVipLevel(database.db, c.id, 2);
    expect((await api.info(c.token)).result).toMatchObject({
      creditLimit: "5000",
      creditAvailable: "5000",
      vipLevel: 2,
    });

    // Shown before applying: 2000 × 0.0005 × (14 − 3) = 11.
    const q = await api.quote(c.token, `setId=${set.id}&amount=2000&days=14`);
    expect(q.result).toMatchObject({ totalInterest: "11", repayAtEnd: "2011" });

    const first = await api.creditApply(c.token, { setId: set.id, amount: "2000", days: 14, requestId: "credit-1" });
    expect(first.status, first.message).toBe(200);
    expect(first.result.status).toBe("under_review");
    // Double submit: the same request id returns the first application; another application waits.
    const again = await api.creditApply(c.token, { setId: set.id, amount: "2000", days: 14, requestId: "credit-1" });
    expect(again.result).toEqual(first.result);
    expect((await api.creditApply(c.token, { setId: set.id, amount: "100", days: 7 })).status).toBe(409);
    expect((await api.info(c.token)).result).toMatchObject({ creditUsed: "2000", creditAvailable: "3000" });
    expect(await balance(database, c.id, "USDT")).toBe("0");

    const finance = await createStaffMember(app, database, "finance");
    const support = await createStaffMember(app, database, "support");
    const queue = await api.call("GET", "/api/operator/loans/orders?status=under_review", support.token);
    expect(queue.result.records.map((r: { id: number }) => r.id)).toContain(first.result.id);
    // The console shows the customer by name and e-mail, not only an id.
    expect(queue.result.records.find((r: { id: number }) => r.id === first.result.id)).toMatchObject({
      userId: c.id,
      username: expect.any(String),
      email: c.email,
    });
    expect(
      (await api.call("POST", `/api/operator/loans/orders/${first.result.id}/approve`, support.token)).status,
    ).toBe(403);
    const rejected = await api.call("POST", `/api/operator/loans/orders/${first.result.id}/reject`, finance.token, {
      reason: "Income not sufficient for this amount",
    });
    expect(rejected.status, rejected.message).toBe(200);
    expect(rejected.result.status).toBe("rejected");
    const r = await api.detail(c.token, first.result.id);
    expect(r.result.history.map((h: { status: string; event: string }) => [h.status, h.event])).toEqual([
      ["under_review", "applied"],
      ["rejected", "rejected"],
    ]);
    expect(r.result.history[1].reason).toBe("Income not sufficient for this amount");
    expect(r.result.reason).toBe("Income not sufficient for this amount");
    expect(await balance(database, c.id, "USDT")).toBe("0");
    expect((await api.info(c.token)).result.creditUsed).toBe("0");
    // Deciding twice is refused.
    expect(
      (await api.call("POST", `/api/operator/loans/orders/${first.result.id}/approve`, finance.token)).status,
    ).toBe(409);

    const second = await api.creditApply(c.token, { setId: set.id, amount: "1500", days: 7 });
    expect(second.status, second.message).toBe(200);
    expect(second.result.status).toBe("under_review");
    const approved = await api.call("POST", `/api/operator/loans/orders/${second.result.id}/approve`, finance.token);
    expect(approved.status, approved.message).toBe(200);
    expect(approved.result).toMatchObject({ status: "passed", userId: c.id, identityCheck: "passed" });
    expect(await balance(database, c.id, "USDT")).toBe("1500");
    const keys = (await getTransfersByReference(database.db, "loan", second.result.id)).map((t) => t.key);
    expect(keys).toEqual([`loan:${second.result.id}:disburse`]);

    const list = await api.listMy(c.token);
    const loan = list.result.records.find((x: { id: number }) => x.id === second.result.id);
    // 1500 × 0.0005 × (7 − 3) = 3
    expect(loan).toMatchObject({
      type: "credit",
      currency: "USDT",
      amount: "1500",
      days: 7,
      dailyRate: "0.0005",
      totalInterest: "3",
      interestFreeDays: 3,
      status: "passed",
      collateralCurrency: null,
      collateralAmount: null,
      ltv: null,
      outstanding: "1500",
    });
    expect(Date.parse(loan.endAt) - Date.parse(loan.startAt)).toBe(7 * 86_400_000);
    expect((await api.info(c.token)).result).toMatchObject({ creditUsed: "1500", outstanding: "1500" });
    const d = await api.detail(c.token, second.result.id);
    expect(d.result.history.map((h: { event: string }) => h.event)).toEqual(["applied", "approved"]);
    expect(d.result.history[1].reason).toContain("1500 USDT");

    // Another customer's loan is not found; the events went out for the inbox.
    const other = await registerCustomer(app);
    expect((await api.detail(other.token, second.result.id)).status).toBe(404);
    expect((await api.repay(other.token, { id: second.result.id })).status).toBe(404);
    expect(statusEvents.filter((e) => e.orderId === second.result.id).map((e) => e.event)).toEqual([
      "applied",
      "approved",
    ]);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("an application above the available credit is refused with the figure", async () => {
    const c = await creditBorrower(app, database, operator);
    const set = await api.set("credit");
    const res = await api.call("POST", "/api/prod/appLoanOrder/creditApply", c.token, {
      setId: set.id,
      amount: "1200",
      days: 7,
    });
    expect(res.status).toBe(409);
    expect(res.message).toContain("1000");
  });
});
