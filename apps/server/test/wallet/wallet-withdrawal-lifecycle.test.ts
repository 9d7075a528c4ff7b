// Withdrawal lifecycle as a table of scenarios: ask (the whole amount leaves available
// for frozen at once) → approve (paid out, fee to the platform) / reject / cancel / fail
// (the hold is voided), with the balances after each step — plus the tracker.
import { describe, expect, it } from "vitest";
import { createOperator, fund, type WalletCustomer, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, platform, spot } from "./factory";

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

type Step = "approve" | "reject" | "cancel" | "fail";

interface Scenario {
  name: string;
  deposit: string;
  amount: string;
  receive: string;
  /** Available right after asking (the amount is held at once). */
  availableWhileHeld: string;
  step: Step;
  status: number;
  cancelled?: boolean;
  after: { available: string; frozen: string; balance: string };
  /** Platform fees collected in USDT by this scenario. */
  fees: string;
  events: string[];
}

const scenarios: Scenario[] = [
  {
    name: "approved → paid out: the whole amount leaves, the fee goes to the platform",
    deposit: "100",
    amount: "40",
    receive: "39",
    availableWhileHeld: "60",
    step: "approve",
    status: 2,
    after: { available: "60", frozen: "0", balance: "60" },
    fees: "1",
    events: ["requested", "approved", "paid"],
  },
  {
    name: "rejected with a reason → everything available again",
    deposit: "100",
    amount: "40",
    receive: "39",
    availableWhileHeld: "60",
    step: "reject",
    status: -1,
    after: { available: "100", frozen: "0", balance: "100" },
    fees: "0",
    events: ["requested", "rejected"],
  },
  {
    name: "cancelled by the customer under review → everything available again",
    deposit: "55.5",
    amount: "55.5",
    receive: "54.5",
    availableWhileHeld: "0",
    step: "cancel",
    status: -1,
    cancelled: true,
    after: { available: "55.5", frozen: "0", balance: "55.5" },
    fees: "0",
    events: ["requested", "cancelled"],
  },
  {
    name: "failed under review → everything available again",
    deposit: "30",
    amount: "12.345678",
    receive: "11.345678",
    availableWhileHeld: "17.654322",
    step: "fail",
    status: -2,
    after: { available: "30", frozen: "0", balance: "30" },
    fees: "0",
    events: ["requested", "failed"],
  },
];

async function runStep(c: WalletCustomer, id: number, step: Step) {
  switch (step) {
    case "approve":
      return post("/api/operator/wallet/withdrawal/approve", operator.token, { id });
    case "reject":
      return post("/api/operator/wallet/withdrawal/reject", operator.token, {
        id,
        reason: "Address on a sanctions list",
      });
    case "cancel":
      return post(`/api/finance/appWithdrawal/cancel/${id}`, c.token);
    default:
      return post("/api/operator/wallet/withdrawal/fail", operator.token, { id, reason: "Network congestion" });
  }
}

describe("withdrawal lifecycle", () => {
  it.each(scenarios)("$name", async (s) => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", s.deposit);
    const feesBefore = await platform(database, "USDT", "fees");

    const asked = await withdraw(c, s.amount);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const fee = "1";
    expect(asked.result).toMatchObject({ status: 0, fee, receive: s.receive, amount: s.amount, currency: "USDT" });

    // Held at once: available → frozen.
    const balances = await get("/api/finance/appWallet/queryUserBalance", c.token);
    const usdt = balances.result.find((b: { currency: string }) => b.currency === "USDT");
    expect(usdt).toMatchObject({ available: s.availableWhileHeld, frozen: s.amount });

    const done = await runStep(c, asked.result.id, s.step);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.result.status).toBe(s.status);

    const after = await get("/api/finance/appWallet/queryUserBalance", c.token);
    const usdtAfter = after.result.find((b: { currency: string }) => b.currency === "USDT");
    expect({ available: usdtAfter.available, frozen: usdtAfter.frozen }).toEqual({
      available: s.after.available,
      frozen: s.after.frozen,
    });
    expect((await spot(database, c.id)).balance).toBe(s.after.balance);
    expect(Number(await platform(database, "USDT", "fees")) - Number(feesBefore)).toBe(Number(s.fees));

    const list = await get("/api/finance/appWithdrawal/listMy", c.token);
    expect(list.result.total).toBe(1);
    expect(list.result.records[0]).toMatchObject({
      id: asked.result.id,
      currency: "USDT",
      amount: s.amount,
      fee,
      status: s.status,
      cancelled: s.cancelled ?? false,
    });
    expect(Object.keys(list.result.records[0])).toEqual(
      expect.arrayContaining(["id", "currency", "amount", "fee", "status", "createdAt"]),
    );

    const tracker = await get(`/api/finance/appWithdrawal/tracker/${asked.result.id}`, c.token);
    expect(tracker.result.events.map((e: { event: string }) => e.event)).toEqual(s.events);
    expect(tracker.result.canCancel).toBe(false);
  });

  it("receive = amount − fee, and the fee is never charged on top", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "25");
    const asked = await withdraw(c, "25");
    expect(asked.result).toMatchObject({ amount: "25", fee: "1", receive: "24" });
    expect(await spot(database, c.id)).toMatchObject({ available: "0", held: "25" });
    await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: asked.result.id });
    expect(await spot(database, c.id)).toEqual({ available: "0", held: "0", balance: "0" });
  });

  it("the tracker shows each change with its time, the review time limit and the no-payment notice", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "20");
    const asked = await withdraw(c, "20");
    const tracker = await get(`/api/finance/appWithdrawal/tracker/${asked.result.id}`, c.token);
    expect(tracker.status).toBe(200);
    expect(tracker.result).toMatchObject({
      reviewHours: 24,
      canCancel: true,
      noticeKey: "walletNoPaymentNotice",
      withdrawal: { id: asked.result.id, status: 0, receive: "19" },
    });
    expect(tracker.result.notice).toMatch(/never asks you to pay/);
    expect(tracker.result.events).toEqual([
      { event: "requested", status: 0, actor: "customer", note: null, at: expect.any(String) },
    ]);
    const due = Date.parse(tracker.result.reviewDueAt) - Date.parse(tracker.result.withdrawal.createdAt);
    expect(Math.abs(due - 24 * 3600_000)).toBeLessThan(5_000);

    const korean = await app.inject({
      method: "GET",
      url: `/api/finance/appWithdrawal/tracker/${asked.result.id}`,
      headers: { "x-access-token": c.token, "x-lang": "ko" },
    });
    expect(korean.json().result.notice).toMatch(/Candor는/);

    await post("/api/operator/wallet/withdrawal/reject", operator.token, { id: asked.result.id, reason: "Duplicate" });
    const rejected = await get(`/api/finance/appWithdrawal/tracker/${asked.result.id}`, c.token);
    expect(rejected.result.events.at(-1)).toMatchObject({
      event: "rejected",
      status: -1,
      actor: "operator",
      note: "Duplicate",
    });
    expect(rejected.result.withdrawal).toMatchObject({ status: -1, reason: "Duplicate", cancelled: false });
  });

  it("wrong states are 409: cancel after approval, approve after rejection, reject after payout", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const a = await withdraw(c, "20");
    await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: a.result.id });
    expect((await post(`/api/finance/appWithdrawal/cancel/${a.result.id}`, c.token)).status).toBe(409);
    expect(
      (await post("/api/operator/wallet/withdrawal/reject", operator.token, { id: a.result.id, reason: "x" })).status,
    ).toBe(409);
    expect(
      (await post("/api/operator/wallet/withdrawal/fail", operator.token, { id: a.result.id, reason: "x" })).status,
    ).toBe(409);

    const b = await withdraw(c, "20");
    await post("/api/operator/wallet/withdrawal/reject", operator.token, { id: b.result.id, reason: "No" });
    expect((await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: b.result.id })).status).toBe(
      409,
    );
    const cancel = await post(`/api/finance/appWithdrawal/cancel/${b.result.id}`, c.token);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe("This withdrawal is no longer under review and cannot be cancelled");
    expect(await spot(database, c.id)).toMatchObject({ available: "80", held: "0" });
  });

  it("operator transitions repeat safely: a second approve, reject, fail or cancel changes nothing", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const a = await withdraw(c, "30");
    const first = await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: a.result.id });
    const second = await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: a.result.id });
    expect([first.result.status, second.result.status]).toEqual([2, 2]);
    const b = await withdraw(c, "30");
    await post(`/api/finance/appWithdrawal/cancel/${b.result.id}`, c.token);
    const again = await post(`/api/finance/appWithdrawal/cancel/${b.result.id}`, c.token);
    expect(again.result).toMatchObject({ status: -1, cancelled: true });
    const d = await withdraw(c, "30");
    await post("/api/operator/wallet/withdrawal/fail", operator.token, { id: d.result.id, reason: "x" });
    const failAgain = await post("/api/operator/wallet/withdrawal/fail", operator.token, {
      id: d.result.id,
      reason: "x",
    });
    expect(failAgain.result.status).toBe(-2);
    expect(await spot(database, c.id)).toMatchObject({ available: "70", held: "0", balance: "70" });
  });

  it("the balance log shows the hold as −amount, a void as +amount and a full post as 0", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const a = await withdraw(c, "40");
    await post(`/api/finance/appWithdrawal/cancel/${a.result.id}`, c.token);
    const b = await withdraw(c, "25");
    await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: b.result.id });
    const log = await get("/api/finance/appBalanceLog/list?kind=withdrawal&pageSize=100", c.token);
    expect(log.result.records.map((r: { amount: string; phase: string }) => [r.phase, r.amount])).toEqual([
      ["post", "0"],
      ["pending", "-25"],
      ["void", "40"],
      ["pending", "-40"],
    ]);
    const sum = log.result.records.reduce((s: number, r: { amount: string }) => s + Number(r.amount), 0);
    expect(sum).toBe(-25);
  });

  it("the operator lists withdrawals by status", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const a = await withdraw(c, "11");
    const pending = await get(`/api/operator/wallet/withdrawal/list?status=0&userId=${c.id}`, operator.token);
    expect(pending.result.records.map((r: { id: number }) => r.id)).toEqual([a.result.id]);
    expect(pending.result.records[0]).toMatchObject({ userId: c.id, amountUsdt: "11", receive: "10" });
    await post("/api/operator/wallet/withdrawal/approve", operator.token, { id: a.result.id });
    const paid = await get(`/api/operator/wallet/withdrawal/list?status=2&userId=${c.id}`, operator.token);
    expect(paid.result.records[0]).toMatchObject({ id: a.result.id, providerRef: `sandbox-payout-${a.result.id}` });
    expect((await get("/api/operator/wallet/withdrawal/list", c.token)).status).toBe(403);
  });
});
