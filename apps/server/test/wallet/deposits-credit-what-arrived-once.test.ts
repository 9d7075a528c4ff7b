// Issue "Money that cannot be gamed", item 6: deposits credit what arrived, once.
// The attacks: an operator confirm without the received amount credited the amount the
// customer typed; one provider reference (one receipt) could credit two deposits; a
// receipt that does not match the application was credited without anyone looking.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { runDepositConfirmJob } from "../../src/modules/wallet/deposits";
import { type DepositCheck, ManualProvider, type PaymentProvider } from "../../src/modules/wallet/provider";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, spot } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const operator = await createOperator(app, database);
const sandbox = app.wallet.provider;

afterEach(() => {
  app.wallet.provider = sandbox;
});
afterAll(async () => {
  expect((await auditLedger(database.db)).violations).toEqual([]);
});

/** Operators confirm by hand (PAYMENT_PROVIDER=manual): nothing confirms by itself. */
function manual() {
  app.wallet.provider = new ManualProvider();
}

/** A provider whose confirmation is the receipt the test gives; run by the test, not the queue. */
function receipts(receipt: (d: { id: number; amount: string; currency: string; network: string | null }) => object) {
  const provider: PaymentProvider = {
    name: "receipts",
    sandbox: false,
    createDepositAddress: (input) => sandbox.createDepositAddress(input),
    firstCheckDelayMs: () => 3_600_000,
    confirmDeposit: async (d) => ({ status: "confirmed", ...receipt(d) }) as DepositCheck,
    payout: (input) => sandbox.payout(input),
    cancelPayout: (input) => sandbox.cancelPayout(input),
  };
  app.wallet.provider = provider;
}

const runConfirmJob = (id: number) =>
  runDepositConfirmJob(app.wallet, { id: 0, name: "t", key: "t", payload: { id }, attempts: 1, maxAttempts: 1 });

const bankDeposit = async (token: string, amount: string) => {
  const res = await post("/api/finance/appRecharge/apply", token, { currency: "USDT", method: "bank", amount });
  expect(res.status).toBe(200);
  return res.result.id as number;
};

const confirm = (body: Record<string, unknown>) => post("/api/operator/wallet/deposit/confirm", operator.token, body);

describe("6. Deposits credit what arrived, once", () => {
  it("typed-amount attack: an operator confirm without the received amount is refused and credits nothing", async () => {
    manual();
    const c = await registerCustomer(app);
    // The customer types a million and sends ten.
    const id = await bankDeposit(c.token, "1000000");
    const res = await confirm({ id, reference: "BANK-0001" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("receivedAmount");
    expect(await spot(database, c.id)).toMatchObject({ available: "0" });
    const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(waiting.result.records).toMatchObject([{ id, status: 0 }]);
    // With what arrived, it credits that.
    const ok = await confirm({ id, receivedAmount: "10", reference: "BANK-0001" });
    expect(ok.status).toBe(200);
    expect(ok.result).toMatchObject({ status: 1, receivedAmount: "10", requestedAmount: "1000000" });
    expect(await spot(database, c.id)).toMatchObject({ available: "10" });
  });

  it("an operator confirm needs the receipt's reference too (the key that makes it once)", async () => {
    manual();
    const c = await registerCustomer(app);
    const id = await bankDeposit(c.token, "50");
    const res = await confirm({ id, receivedAmount: "50" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("reference");
    expect(await spot(database, c.id)).toMatchObject({ available: "0" });
  });

  it("receipt-reuse attack by an operator: one reference credits one deposit, whatever its spelling", async () => {
    manual();
    const c = await registerCustomer(app);
    const first = await bankDeposit(c.token, "100");
    const second = await bankDeposit(c.token, "100");
    expect((await confirm({ id: first, receivedAmount: "100", reference: "TX-77AB" })).status).toBe(200);
    const again = await confirm({ id: second, receivedAmount: "100", reference: "  tx-77ab " });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`deposit ${first}`);
    expect(await spot(database, c.id)).toMatchObject({ available: "100" });
    expect(await getTransfersByReference(database.db, "deposit", second)).toHaveLength(0);
    const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(waiting.result.records).toMatchObject([{ id: second, status: 0 }]);
    // Its own receipt credits it.
    expect((await confirm({ id: second, receivedAmount: "100", reference: "TX-77AC" })).status).toBe(200);
    expect(await spot(database, c.id)).toMatchObject({ available: "200" });
  });

  it("receipt-reuse attack by a provider: a reference that credited a deposit holds the next one for review", async () => {
    receipts((d) => ({ reference: "chain-tx-1", receivedAmount: d.amount, currency: d.currency, network: d.network }));
    const c = await registerCustomer(app);
    const apply = () =>
      post("/api/finance/appRecharge/apply", c.token, { currency: "USDT", network: "TRC20", amount: "30" });
    const a = (await apply()).result.id as number;
    const b = (await apply()).result.id as number;
    await runConfirmJob(a);
    await runConfirmJob(b);
    expect(await spot(database, c.id)).toMatchObject({ available: "30" });
    const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(waiting.result.records).toMatchObject([{ id: b, status: 0, receivedAmount: null }]);
    expect(waiting.result.records[0].flag).toContain(`deposit ${a}`);
  });

  it("two operators confirming two deposits with one receipt at the same time: only one is credited", async () => {
    manual();
    const c = await registerCustomer(app);
    const ids = await Promise.all([bankDeposit(c.token, "40"), bankDeposit(c.token, "40"), bankDeposit(c.token, "40")]);
    const results = await Promise.all(
      ids.map((id) => confirm({ id, receivedAmount: "40", reference: "SAME-RECEIPT" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await spot(database, c.id)).toMatchObject({ available: "40" });
    const credited = await Promise.all(ids.map((id) => getTransfersByReference(database.db, "deposit", id)));
    expect(credited.map((t) => t.length).sort()).toEqual([0, 0, 1]);
  });

  it("mismatch attack: a receipt for more than the application is held for review, never credited as typed", async () => {
    // Applied for 10 (under any deposit limit), sent 10,000.
    receipts((d) => ({ reference: `rcpt-${d.id}`, receivedAmount: "10000", currency: d.currency, network: d.network }));
    const c = await registerCustomer(app);
    const res = await post("/api/finance/appRecharge/apply", c.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "10",
    });
    const id = res.result.id as number;
    await runConfirmJob(id);
    expect(await spot(database, c.id)).toMatchObject({ available: "0" });
    const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(waiting.result.records).toMatchObject([{ id, status: 0, receivedAmount: null, requestedAmount: "10" }]);
    expect(waiting.result.records[0].flag).toContain("10000");
    // The customer still sees it under review, with the amount they asked for.
    const detail = await get(`/api/finance/appRecharge/detail/${id}`, c.token);
    expect(detail.result).toMatchObject({ status: 0, amount: "10", receivedAmount: null });
    // An operator who checked the receipt credits what arrived, under its reference.
    const ok = await confirm({ id, receivedAmount: "10000", reference: `rcpt-${id}` });
    expect(ok.result).toMatchObject({ status: 1, receivedAmount: "10000", providerRef: `rcpt-${id}` });
    expect(await spot(database, c.id)).toMatchObject({ available: "10000" });
  });

  it("a receipt for less than the application is held the same way (not the typed amount, not silently)", async () => {
    receipts((d) => ({ reference: `less-${d.id}`, receivedAmount: "7", currency: d.currency, network: d.network }));
    const c = await registerCustomer(app);
    const res = await post("/api/finance/appRecharge/apply", c.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "25",
    });
    await runConfirmJob(res.result.id);
    expect(await spot(database, c.id)).toMatchObject({ available: "0" });
    const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
    expect(waiting.result.records[0].flag).toMatch(/received 7.*asked 25/);
  });

  it("a matching receipt still credits by itself, once", async () => {
    receipts((d) => ({ reference: `ok-${d.id}`, receivedAmount: d.amount, currency: d.currency, network: d.network }));
    const c = await registerCustomer(app);
    const res = await post("/api/finance/appRecharge/apply", c.token, {
      currency: "USDT",
      network: "TRC20",
      amount: "12.5",
    });
    await runConfirmJob(res.result.id);
    await runConfirmJob(res.result.id);
    expect(await spot(database, c.id)).toMatchObject({ available: "12.5" });
    expect(await getTransfersByReference(database.db, "deposit", res.result.id)).toHaveLength(1);
  });
});
