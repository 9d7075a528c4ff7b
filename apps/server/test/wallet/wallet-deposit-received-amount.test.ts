// Deposits credit what the provider received, not what the customer typed. A confirmation
// without a positive amount in the deposit's currency (and network) is not credited: the
// deposit stays under review, flagged and logged for an operator.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getJob } from "../../src/lib/jobs";
import { auditLedger } from "../../src/modules/ledger/service";
import { runDepositConfirmJob } from "../../src/modules/wallet/deposits";
import type { DepositCheck, PaymentProvider } from "../../src/modules/wallet/provider";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, spot, waitFor } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const operator = await createOperator(app, database);
const sandbox = app.wallet.provider;

/** A provider that confirms each deposit with the receipt the test gives it. */
function confirmingWith(
  receipt: (deposit: { amount: string; currency: string; network: string | null }) => unknown,
  firstCheckMs = 0,
) {
  const provider: PaymentProvider = {
    name: "receipts",
    sandbox: false,
    createDepositAddress: (input) => sandbox.createDepositAddress(input),
    firstCheckDelayMs: () => firstCheckMs,
    confirmDeposit: async (d) =>
      ({ status: "confirmed", reference: `rcpt-${d.id}`, ...(receipt(d) as object) }) as DepositCheck,
    payout: (input) => sandbox.payout(input),
    cancelPayout: (input) => sandbox.cancelPayout(input),
  };
  app.wallet.provider = provider;
}
afterEach(() => {
  app.wallet.provider = sandbox;
});
afterAll(async () => {
  expect((await auditLedger(database.db)).violations).toEqual([]);
});

const apply = (token: string, payload: Record<string, unknown>) =>
  post("/api/finance/appRecharge/apply", token, payload);
const jobDone = (id: number) =>
  waitFor(async () => (await getJob(database.db, `deposit-confirm:${id}`))?.status === "done");

describe("the ledger credits the received amount", () => {
  it("asked 100 USDT, the provider received 80 → held for review; the operator credits 80; the record shows both", async () => {
    confirmingWith((d) => ({ receivedAmount: "80", currency: d.currency, network: d.network }));
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "USDT", network: "TRC20", amount: "100" });
    await jobDone(res.result.id);
    // A receipt that is not what was asked for is not credited by itself (item 6 of "Money
    // that cannot be gamed"): an operator checks it and credits what arrived.
    expect(await spot(database, c.id)).toMatchObject({ available: "0" });
    const held = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(held.result.records[0].flag).toContain("received 80, asked 100");
    const confirmed = await post("/api/operator/wallet/deposit/confirm", operator.token, {
      id: res.result.id,
      receivedAmount: "80",
      reference: `rcpt-${res.result.id}`,
    });
    expect(confirmed.status).toBe(200);
    expect(await spot(database, c.id)).toMatchObject({ available: "80" });
    const detail = await get(`/api/finance/appRecharge/detail/${res.result.id}`, c.token);
    expect(detail.result).toMatchObject({ status: 1, amount: "80", requestedAmount: "100", receivedAmount: "80" });
    const log = await get("/api/finance/appBalanceLog/list?kind=deposit", c.token);
    expect(log.result.records).toMatchObject([{ currency: "USDT", amount: "80", kind: "deposit" }]);
  });

  it("the sandbox provider confirms the requested amount", async () => {
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "USDT", network: "TRC20", amount: "42.5" });
    await waitFor(async () => (await spot(database, c.id)).available === "42.5");
    const detail = await get(`/api/finance/appRecharge/detail/${res.result.id}`, c.token);
    expect(detail.result).toMatchObject({ status: 1, amount: "42.5", requestedAmount: "42.5", receivedAmount: "42.5" });
  });

  it("an operator confirming by hand credits the amount that arrived (15 of 20 asked)", async () => {
    app.wallet.provider = new (await import("../../src/modules/wallet/provider")).ManualProvider();
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "USDT", method: "bank", amount: "20" });
    const confirmed = await post("/api/operator/wallet/deposit/confirm", operator.token, {
      id: res.result.id,
      receivedAmount: "15",
      reference: `bank-${res.result.id}`,
    });
    expect(confirmed.result).toMatchObject({ status: 1, amount: "15", requestedAmount: "20", receivedAmount: "15" });
    expect(await spot(database, c.id)).toMatchObject({ available: "15" });
  });
});

describe("confirmations that cannot be credited stay under review, flagged", () => {
  it.each([
    { name: "no amount", receipt: { currency: "USDT", network: "TRC20" }, flag: "not a number" },
    { name: "zero", receipt: { receivedAmount: "0", currency: "USDT", network: "TRC20" }, flag: "not positive" },
    { name: "negative", receipt: { receivedAmount: "-5", currency: "USDT", network: "TRC20" }, flag: "not positive" },
    { name: "another currency", receipt: { receivedAmount: "100", currency: "BTC", network: "TRC20" }, flag: "BTC" },
    { name: "another network", receipt: { receivedAmount: "100", currency: "USDT", network: "ERC20" }, flag: "ERC20" },
  ])("$name → not credited, status 0, flag names the problem, logged", async ({ receipt, flag }) => {
    confirmingWith(() => receipt, 3_600_000); // the queue leaves it to this test
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "USDT", network: "TRC20", amount: "100" });
    // The confirmation job, with a logger to see the rejection.
    const logged: unknown[] = [];
    await runDepositConfirmJob(
      app.wallet,
      { id: 0, name: "t", key: "t", payload: { id: res.result.id }, attempts: 1, maxAttempts: 1 },
      { error: (o) => logged.push(o) },
    );
    expect(logged).toMatchObject([{ depositId: res.result.id, problem: expect.stringContaining(flag) }]);
    expect(await spot(database, c.id)).toMatchObject({ available: "0" });
    const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(waiting.result.records).toHaveLength(1);
    expect(waiting.result.records[0]).toMatchObject({ id: res.result.id, status: 0, receivedAmount: null });
    expect(waiting.result.records[0].flag).toContain(flag);
    const detail = await get(`/api/finance/appRecharge/detail/${res.result.id}`, c.token);
    expect(detail.result).toMatchObject({ status: 0, amount: "100", receivedAmount: null });
    // An operator who checked with the provider can still credit what arrived.
    const confirmed = await post("/api/operator/wallet/deposit/confirm", operator.token, {
      id: res.result.id,
      receivedAmount: "99",
      reference: `checked-${res.result.id}`,
    });
    expect(confirmed.result).toMatchObject({ status: 1, receivedAmount: "99" });
    expect(await spot(database, c.id)).toMatchObject({ available: "99" });
  });
});
