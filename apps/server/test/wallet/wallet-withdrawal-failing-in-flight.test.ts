// An operator fails a withdrawal whose payout may be in flight: it becomes "failing"
// (status 1, money still frozen) and only the provider's answer decides — cancelled →
// the hold is voided once (-2); paid after all → the hold is posted once (2). Also the
// timeout flag, and fail racing the payout's completion (PostgreSQL).
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Job } from "../../src/lib/jobs";
import { auditLedger } from "../../src/modules/ledger/service";
import type { CancelPayoutResult, PaymentProvider, PayoutResult } from "../../src/modules/wallet/provider";
import {
  failWithdrawal,
  flagIfUnanswered,
  markWithdrawalPaid,
  PROVIDER_ANSWER_TIMEOUT_MS,
  runCancelPayoutJob,
  runPayoutJob,
  voidInFlightWithdrawal,
} from "../../src/modules/wallet/withdrawal-transitions";
import { createOperator, fund, type WalletCustomer, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { onPostgres, setupApp } from "../helper";
import { api, platform, spot, waitFor } from "./factory";

// No new-address hold here: passing it moves the business clock a day, which would run other
// tests' scheduled provider calls out of turn (the hold has its own tests in test/security).
const { app, database } = await setupApp({ withdrawalAddressCooldownHours: 0 });
const { get, post } = api(app);
const operator = await createOperator(app, database);
const sandbox = app.wallet.provider;

/** A provider whose answers the test scripts; counts what it was asked. */
class ScriptedProvider implements PaymentProvider {
  readonly name = "scripted";
  readonly sandbox = false;
  payoutCalls = 0;
  cancelCalls = 0;
  payoutAnswer: () => Promise<PayoutResult> = async () => ({ status: "pending", retryInMs: 60_000 });
  cancelAnswer: () => Promise<CancelPayoutResult> = async () => ({ status: "pending", retryInMs: 60_000 });
  createDepositAddress = (input: { userId: number; currency: string; network: string }) =>
    sandbox.createDepositAddress(input);
  firstCheckDelayMs = () => 0;
  confirmDeposit = async () => ({ status: "pending", retryInMs: null }) as const;
  async payout(): Promise<PayoutResult> {
    this.payoutCalls++;
    return this.payoutAnswer();
  }
  async cancelPayout(): Promise<CancelPayoutResult> {
    this.cancelCalls++;
    return this.cancelAnswer();
  }
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const job = (id: number, key: string): Job<{ id: number }> => ({
  id: 0,
  name: "test",
  key,
  payload: { id },
  attempts: 1,
  maxAttempts: 10,
});
const payoutJob = (id: number) => runPayoutJob(app.wallet, job(id, `withdrawal-payout:${id}`));
const cancelJob = (id: number) => runCancelPayoutJob(app.wallet, job(id, `withdrawal-cancel:${id}`));

let provider: ScriptedProvider;
function useScripted(): ScriptedProvider {
  provider = new ScriptedProvider();
  app.wallet.provider = provider;
  return provider;
}
afterEach(() => {
  app.wallet.provider = sandbox;
});
afterAll(async () => {
  const audit = await auditLedger(database.db);
  expect(audit.violations).toEqual([]);
});

async function withdraw(c: WalletCustomer, amount: string): Promise<number> {
  const res = await post("/api/finance/appWithdrawal/apply", c.token, {
    currency: "USDT",
    amount,
    accountId: c.accountId,
    withdrawalPassword: WITHDRAWAL_PASSWORD,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.result.id;
}

const approve = (id: number) => post("/api/operator/wallet/withdrawal/approve", operator.token, { id });
const fail = (id: number, reason = "customer's bank bounced it") =>
  post("/api/operator/wallet/withdrawal/fail", operator.token, { id, reason });
/** The operator's record of a withdrawal (found in the list of its status). */
const operatorView = async (id: number) => {
  for (const status of [1, 2, -2]) {
    const page = await get(`/api/operator/wallet/withdrawal/list?status=${status}&pageSize=100`, operator.token);
    const found = page.result.records.find((r: { id: number }) => r.id === id);
    if (found) return found;
  }
  return null;
};

/** A customer with 100 USDT and a 40 USDT withdrawal approved, its payout pending at the provider. */
async function approvedAndPending() {
  const scripted = useScripted();
  const c = await walletCustomer(app);
  await fund(database, c.id, "USDT", "100");
  const id = await withdraw(c, "40");
  const approved = await approve(id);
  expect(approved.result).toMatchObject({ status: 1, state: "paying" });
  expect(scripted.payoutCalls).toBe(1);
  return { c, id, scripted };
}

describe("operator fails a withdrawal whose payout is in flight", () => {
  it("becomes failing: status 1, the 40 stays frozen, the tracker shows it; nothing voided before the provider answers", async () => {
    const { c, id } = await approvedAndPending();
    const failed = await fail(id);
    expect(failed.status).toBe(200);
    expect(failed.result).toMatchObject({ status: 1, state: "failing", reason: "customer's bank bounced it" });
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "40", balance: "100" });

    // The provider still says "pending" to the cancellation: still frozen.
    expect(await cancelJob(id)).toMatchObject({ retryInMs: expect.any(Number) });
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "40", balance: "100" });

    const mine = await get("/api/finance/appWithdrawal/listMy", c.token);
    expect(mine.result.records[0]).toMatchObject({ id, status: 1, state: "failing" });
    const tracker = await get(`/api/finance/appWithdrawal/tracker/${id}`, c.token);
    expect(tracker.result.events.map((e: { event: string; status: number }) => [e.event, e.status])).toEqual([
      ["requested", 0],
      ["approved", 1],
      ["failing", 1],
    ]);
    expect(tracker.result.canCancel).toBe(false);
    // Failing again changes nothing; the customer cannot cancel it either.
    expect((await fail(id)).result).toMatchObject({ status: 1, state: "failing" });
    expect((await post(`/api/finance/appWithdrawal/cancel/${id}`, c.token)).status).toBe(409);
  });

  it("the provider confirms the cancellation → voided once (-2), all 100 available again", async () => {
    const { c, id, scripted } = await approvedAndPending();
    await fail(id);
    scripted.cancelAnswer = async () => ({ status: "cancelled" });
    expect(await cancelJob(id)).toBeUndefined();
    expect(await cancelJob(id)).toBeUndefined();
    expect(scripted.cancelCalls).toBe(2); // once from the fail request (pending), once here; the repeat did not ask
    expect(await spot(database, c.id)).toEqual({ available: "100", held: "0", balance: "100" });
    const view = await operatorView(id);
    expect(view).toMatchObject({ status: -2, state: "failed", flaggedAt: null });
    // A late "paid" for a voided withdrawal is refused (409), never posted.
    expect((await post("/api/operator/wallet/withdrawal/markPaid", operator.token, { id })).status).toBe(409);
    expect(await spot(database, c.id)).toEqual({ available: "100", held: "0", balance: "100" });
  });

  it("the provider says it paid after all → posted once (2): 40 gone, fee 1 to the platform, never voided", async () => {
    const { c, id, scripted } = await approvedAndPending();
    const feesBefore = await platform(database, "USDT", "fees");
    await fail(id);
    scripted.cancelAnswer = async () => ({ status: "paid", reference: "prov-123" });
    await cancelJob(id);
    await cancelJob(id);
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "0", balance: "60" });
    expect(Number(await platform(database, "USDT", "fees")) - Number(feesBefore)).toBe(1);
    expect(await operatorView(id)).toMatchObject({ status: 2, state: "paid", providerRef: "prov-123" });
    const tracker = await get(`/api/finance/appWithdrawal/tracker/${id}`, c.token);
    expect(tracker.result.events.map((e: { event: string }) => e.event)).toEqual([
      "requested",
      "approved",
      "failing",
      "paid",
    ]);
  });

  it("a payout call still in flight when the operator fails it, then paid: posted once, the cancellation finds nothing to do", async () => {
    const scripted = useScripted();
    const slow = deferred<PayoutResult>();
    scripted.payoutAnswer = () => slow.promise;
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const id = await withdraw(c, "40");
    const approving = approve(id); // the payout job is now waiting on the provider
    await waitFor(async () => scripted.payoutCalls === 1);

    const failed = await fail(id);
    expect(failed.result).toMatchObject({ status: 1, state: "failing" });
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "40", balance: "100" });

    slow.resolve({ status: "paid", reference: "prov-slow" });
    expect((await approving).result).toMatchObject({ status: 2, state: "paid" });
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "0", balance: "60" });
    scripted.cancelAnswer = async () => ({ status: "cancelled" });
    expect(await cancelJob(id)).toBeUndefined();
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "0", balance: "60" });
  });

  it("the payout job does not try to pay a failing withdrawal again", async () => {
    const { id, scripted } = await approvedAndPending();
    await fail(id);
    expect(await payoutJob(id)).toBeUndefined();
    expect(scripted.payoutCalls).toBe(1);
  });

  it("the manual provider confirms at once: failing an approved manual payout releases the money in the same request", async () => {
    app.wallet.provider = new (await import("../../src/modules/wallet/provider")).ManualProvider();
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const id = await withdraw(c, "40");
    expect((await approve(id)).result).toMatchObject({ status: 1, state: "paying" });
    expect((await fail(id)).result).toMatchObject({ status: -2, state: "failed" });
    expect(await spot(database, c.id)).toEqual({ available: "100", held: "0", balance: "100" });
  });
});

describe("the provider never answers", () => {
  it("a failing withdrawal is flagged for an operator after 24 h, once, and stays frozen (never voided blindly)", async () => {
    const { c, id } = await approvedAndPending();
    await fail(id);
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000);
    expect(await flagIfUnanswered(database.db, id, inAnHour)).toBe(false);
    const later = new Date(Date.now() + PROVIDER_ANSWER_TIMEOUT_MS + 60_000);
    expect(await flagIfUnanswered(database.db, id, later)).toBe(true);
    expect(await flagIfUnanswered(database.db, id, later)).toBe(false);
    expect(await operatorView(id)).toMatchObject({
      status: 1,
      state: "failing",
      flaggedAt: later.toISOString(),
      flag: "provider has not confirmed the cancellation",
    });
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "40", balance: "100" });
    const tracker = await get(`/api/finance/appWithdrawal/tracker/${id}`, c.token);
    expect(tracker.result.events.at(-1)).toMatchObject({ event: "flagged", status: 1 });
  });

  it("an approved payout without an answer for 24 h is flagged the same way", async () => {
    const { c, id } = await approvedAndPending();
    const later = new Date(Date.now() + PROVIDER_ANSWER_TIMEOUT_MS + 60_000);
    expect(await flagIfUnanswered(database.db, id, later)).toBe(true);
    expect(await operatorView(id)).toMatchObject({
      status: 1,
      state: "paying",
      flag: "provider has not confirmed the payout",
    });
    expect(await spot(database, c.id)).toEqual({ available: "60", held: "40", balance: "100" });
  });
});

describe("races on PostgreSQL", () => {
  it.skipIf(!onPostgres)(
    "operator fail racing the payout's completion (8 times, each side started first half the time): always paid once, never voided",
    async () => {
      const c = await walletCustomer(app);
      await fund(database, c.id, "USDT", "400");
      useScripted();
      for (let i = 0; i < 8; i++) {
        const id = await withdraw(c, "40");
        await approve(id);
        const failIt = () => failWithdrawal(app.wallet, operator.id, id, "race");
        const payIt = () => markWithdrawalPaid(database.db, "system", id, `prov-${i}`);
        const [first, second] = i % 2 === 0 ? [failIt(), payIt()] : [payIt(), failIt()];
        const results = await Promise.allSettled([first, second]);
        const paid = results[i % 2 === 0 ? 1 : 0];
        const failed = results[i % 2 === 0 ? 0 : 1];
        expect(paid?.status).toBe("fulfilled");
        // The fail either came first (failing, then the payment wins) or found it paid (409).
        if (failed?.status === "rejected") expect(failed.reason).toMatchObject({ status: 409 });
        expect(await operatorView(id)).toMatchObject({ status: 2, state: "paid" });
      }
      expect(await spot(database, c.id)).toEqual({ available: "80", held: "0", balance: "80" });
    },
  );

  it.skipIf(!onPostgres)(
    "the provider's cancelled and paid answers racing on a failing withdrawal (10 times): exactly one wins, money matches",
    async () => {
      const c = await walletCustomer(app);
      await fund(database, c.id, "USDT", "500");
      useScripted();
      let paidCount = 0;
      for (let i = 0; i < 10; i++) {
        const id = await withdraw(c, "40");
        await approve(id);
        await fail(id);
        const results = await Promise.allSettled([
          voidInFlightWithdrawal(database.db, id, "cancelled"),
          markWithdrawalPaid(database.db, "system", id, `prov-${i}`),
        ]);
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        const view = await operatorView(id);
        expect([2, -2]).toContain(view.status);
        if (view.status === 2) paidCount++;
      }
      const left = String(500 - paidCount * 40);
      expect(await spot(database, c.id)).toEqual({ available: left, held: "0", balance: left });
      const audit = await auditLedger(database.db);
      expect(audit.violations).toEqual([]);
    },
  );
});
