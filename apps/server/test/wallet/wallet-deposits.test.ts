// Deposits: per-customer addresses (stable, well-formed, QR text), the sandbox provider
// confirming through the job queue within 5 s, the minimum, bank transfers, idempotent
// retries, and crediting exactly once.
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { openPostgres } from "../../src/db";
import { getJob } from "../../src/lib/jobs";
import { getTransfersByReference } from "../../src/modules/ledger/service";
import { completeDeposit } from "../../src/modules/wallet/deposit-credit";
import { isValidAddress } from "../../src/modules/wallet/networks";
import type { PaymentProvider } from "../../src/modules/wallet/provider";
import { createOperator, registerCustomer, uniq } from "../factory";
import { onPostgres, setupApp, testConfig } from "../helper";
import { databaseUrlFor } from "../pg-urls";
import { api, platform, spot, waitFor } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const operator = await createOperator(app, database);

const apply = (token: string, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  post("/api/finance/appRecharge/apply", token, payload, headers);

describe("deposit addresses", () => {
  it("asked for at once, a customer's new addresses are created once and every request gets them", async () => {
    // On PostgreSQL the losing inserts also hit the address's own unique key (network,
    // address): that was a 500 for some of these requests.
    const customers = await Promise.all(Array.from({ length: 30 }, () => registerCustomer(app)));
    for (const c of customers) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => get("/api/finance/appRecharge/info?currency=USDT", c.token)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const first = JSON.stringify(answers[0]?.result.addresses);
      for (const a of answers) expect(JSON.stringify(a.result.addresses)).toBe(first);
    }
    // 330 requests: on a loaded 2-core machine this takes longer than the default 30 s.
  }, 120_000);

  it("one well-formed address per currency and network, the same every time, different per customer", async () => {
    const alice = await registerCustomer(app);
    const bob = await registerCustomer(app);
    const info = await get("/api/finance/appRecharge/info?currency=USDT", alice.token);
    expect(info.status).toBe(200);
    expect(info.result).toMatchObject({ currency: "USDT", minDeposit: "10", sandbox: true, confirmSeconds: 1 });
    expect(info.result.addresses.map((a: { network: string }) => a.network)).toEqual(["TRC20", "ERC20", "BEP20"]);
    for (const a of info.result.addresses) {
      expect(isValidAddress(a.network, a.address), `${a.network} ${a.address}`).toBe(true);
      expect(a.qrText).toBe(a.address);
    }
    expect(info.result.bankTransfer).toMatchObject({ bankName: expect.stringContaining("Sandbox") });

    const again = await get("/api/finance/appRecharge/info?currency=USDT", alice.token);
    expect(again.result.addresses).toEqual(info.result.addresses);
    const bobs = await get("/api/finance/appRecharge/info?currency=USDT", bob.token);
    expect(bobs.result.addresses[0].address).not.toBe(info.result.addresses[0].address);
  });

  it.each(["BTC", "ETH", "BNB", "SOL", "XRP", "DOGE", "ADA", "TRX", "LTC", "DOT", "LINK", "AVAX"])(
    "%s has a valid sandbox address on its native network and no bank details",
    async (currency) => {
      const c = await registerCustomer(app);
      const info = await get(`/api/finance/appRecharge/info?currency=${currency}`, c.token);
      expect(info.result.addresses).toHaveLength(1);
      const [a] = info.result.addresses;
      expect(isValidAddress(a.network, a.address), `${a.network} ${a.address}`).toBe(true);
      expect(info.result.bankTransfer).toBeNull();
    },
  );

  it("an unknown currency names it (400)", async () => {
    const c = await registerCustomer(app);
    const res = await get("/api/finance/appRecharge/info?currency=XYZ", c.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Unknown currency XYZ");
  });
});

describe("sandbox deposits", () => {
  it("apply → status 0 → credited with status 1 within 5 s, through the job queue", async () => {
    const c = await registerCustomer(app);
    const clearingBefore = await platform(database, "USDT", "clearing");
    const res = await apply(c.token, { currency: "USDT", network: "TRC20", amount: "250.5" });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ status: 0, currency: "USDT", amount: "250.5", fee: "0", network: "TRC20" });
    const { id } = res.result;
    expect(await getJob(database.db, `deposit-confirm:${id}`)).toMatchObject({ name: "wallet.deposit.confirm" });

    const { elapsedMs } = await waitFor(async () => {
      const list = await get("/api/finance/appRecharge/listMy", c.token);
      return list.result.records[0]?.status === 1;
    }, 5000);
    expect(elapsedMs).toBeLessThan(5000);
    expect(await spot(database, c.id)).toMatchObject({ available: "250.5" });
    expect(Number(await platform(database, "USDT", "clearing"))).toBe(Number(clearingBefore) - 250.5);
    // The queue marks the job done after its handler's transaction (which credited) commits.
    await waitFor(async () => (await getJob(database.db, `deposit-confirm:${id}`))?.status === "done", 5000);
    expect(await getJob(database.db, `deposit-confirm:${id}`)).toMatchObject({ status: "done", attempts: 1 });

    const detail = await get(`/api/finance/appRecharge/detail/${id}`, c.token);
    expect(detail.result).toMatchObject({ id, status: 1, completedAt: expect.any(String) });
    const log = await get("/api/finance/appBalanceLog/list?kind=deposit", c.token);
    expect(log.result.records).toMatchObject([{ currency: "USDT", amount: "250.5", kind: "deposit" }]);
  });

  it("crediting is exactly once even when confirmed again", async () => {
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "ETH", amount: "0.5" });
    await waitFor(async () => (await spot(database, c.id, "ETH")).available === "0.5");
    const receipt = { receivedAmount: "0.5", currency: "ETH", network: "ERC20" };
    expect(await completeDeposit(database.db, res.result.id, "again", receipt)).toEqual({ outcome: "not_pending" });
    const confirm = await post("/api/operator/wallet/deposit/confirm", operator.token, {
      id: res.result.id,
      receivedAmount: "0.5",
      reference: "again",
    });
    expect(confirm.result).toMatchObject({ status: 1, providerRef: `sandbox-deposit-${res.result.id}` });
    expect(await spot(database, c.id, "ETH")).toMatchObject({ available: "0.5" });
  });

  it.each([
    { currency: "USDT", amount: "9.99", message: "The minimum deposit is 10 USDT" },
    { currency: "BTC", amount: "0.00009", message: "The minimum deposit is 0.0001 BTC" },
    { currency: "USDT", amount: "10.1234567", message: "amount may have at most 6 decimal places" },
    { currency: "USDT", amount: "0", message: "Invalid value for amount" },
    { currency: "USDT", amount: "1e3", message: "Invalid value for amount" },
    { currency: "USDT", amount: "9999999999999999999", message: "amount is too long or too large" },
  ])("$amount $currency is refused: $message", async ({ currency, amount, message }) => {
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency, amount });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("a network the currency is not on is refused", async () => {
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "BTC", network: "TRC20", amount: "1" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The TRC20 network is not available for BTC");
  });

  it("a bank-transfer deposit (USDT) confirms the same way; not offered for crypto", async () => {
    const c = await registerCustomer(app);
    const res = await apply(c.token, { currency: "USDT", method: "bank", amount: "100" });
    expect(res.result).toMatchObject({ method: "bank", network: null, address: null, status: 0 });
    await waitFor(async () => (await spot(database, c.id)).available === "100");
    const btc = await apply(c.token, { currency: "BTC", method: "bank", amount: "1" });
    expect(btc.status).toBe(400);
    expect(btc.body.message).toBe("Bank transfer deposits are not offered for BTC");
  });

  it("a retried apply (clientRequestId or Idempotency-Key) creates one deposit, even sent at once", async () => {
    const c = await registerCustomer(app);
    const clientRequestId = `d-${uniq()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => apply(c.token, { currency: "USDT", amount: "20", clientRequestId })),
    );
    expect(new Set(results.map((r) => r.result.id)).size).toBe(1);
    const header = { "idempotency-key": `d-${uniq()}` };
    const a = await apply(c.token, { currency: "USDT", amount: "30" }, header);
    const b = await apply(c.token, { currency: "USDT", amount: "30" }, header);
    expect(b.result.id).toBe(a.result.id);
    const conflict = await apply(c.token, { currency: "USDT", amount: "31" }, header);
    expect(conflict.status).toBe(409);
    await waitFor(async () => (await spot(database, c.id)).available === "50");
    expect((await get("/api/finance/appRecharge/listMy", c.token)).result.total).toBe(2);
  });

  it("another customer's deposit is 404; lists are scoped and filterable", async () => {
    const alice = await registerCustomer(app);
    const bob = await registerCustomer(app);
    const res = await apply(alice.token, { currency: "USDT", amount: "10" });
    expect((await get(`/api/finance/appRecharge/detail/${res.result.id}`, bob.token)).status).toBe(404);
    expect((await get("/api/finance/appRecharge/listMy", bob.token)).result.total).toBe(0);
    await waitFor(async () => (await spot(database, alice.id)).available === "10");
    expect((await get("/api/finance/appRecharge/listMy?status=1&currency=USDT", alice.token)).result.total).toBe(1);
    expect((await get("/api/finance/appRecharge/listMy?status=0", alice.token)).result.total).toBe(0);
    expect((await get("/api/finance/appRecharge/listMy?status=7", alice.token)).status).toBe(400);
  });

  it("a paused currency refuses deposits (operator switch)", async () => {
    const c = await registerCustomer(app);
    await post("/api/operator/wallet/currency/update", operator.token, { currency: "DOGE", depositEnabled: false });
    const res = await apply(c.token, { currency: "DOGE", amount: "100" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Deposits of DOGE are paused at the moment");
    await post("/api/operator/wallet/currency/update", operator.token, { currency: "DOGE", depositEnabled: true });
  });
});

describe("providers that do not confirm by themselves", () => {
  it("a failed check closes the deposit as -2; a pending one waits for the operator", async () => {
    const sandbox = app.wallet.provider;
    const answers: Array<"failed" | "pending"> = ["failed", "pending"];
    const stub: PaymentProvider = {
      name: "stub",
      sandbox: false,
      createDepositAddress: (input) => sandbox.createDepositAddress(input),
      firstCheckDelayMs: () => 0,
      confirmDeposit: async () =>
        answers.shift() === "failed"
          ? { status: "failed", reason: "Chain reorganisation" }
          : { status: "pending", retryInMs: null },
      payout: (input) => sandbox.payout(input),
      cancelPayout: (input) => sandbox.cancelPayout(input),
    };
    app.wallet.provider = stub;
    try {
      const c = await registerCustomer(app);
      const failed = await apply(c.token, { currency: "USDT", amount: "10" });
      await waitFor(async () => (await getJob(database.db, `deposit-confirm:${failed.result.id}`))?.status === "done");
      const pending = await apply(c.token, { currency: "USDT", amount: "20" });
      await waitFor(async () => (await getJob(database.db, `deposit-confirm:${pending.result.id}`))?.status === "done");
      const list = await get("/api/finance/appRecharge/listMy", c.token);
      expect(list.result.records.map((r: { status: number; reason: string | null }) => [r.status, r.reason])).toEqual([
        [0, null],
        [-2, "Chain reorganisation"],
      ]);
      const waiting = await get(`/api/operator/wallet/deposit/list?status=0&userId=${c.id}`, operator.token);
      expect(waiting.result.records.map((r: { id: number }) => r.id)).toEqual([pending.result.id]);
      const confirmed = await post("/api/operator/wallet/deposit/confirm", operator.token, {
        id: pending.result.id,
        receivedAmount: "20",
        reference: "BANK-REF-20",
      });
      expect(confirmed.result).toMatchObject({ status: 1, providerRef: "BANK-REF-20" });
      expect(await spot(database, c.id)).toMatchObject({ available: "20" });
      const reject = await post("/api/operator/wallet/deposit/reject", operator.token, {
        id: pending.result.id,
        reason: "x",
      });
      expect(reject.status).toBe(409);
    } finally {
      app.wallet.provider = sandbox;
    }
  });
});

describe.runIf(onPostgres)("two nodes on one database", () => {
  it("each deposit is confirmed and credited once while both nodes' job workers run", async () => {
    const [current] = await database.query<{ name: string }>("SELECT current_database() AS name");
    const name = current?.name ?? "";
    const secondDb = await openPostgres(databaseUrlFor(process.env.DATABASE_URL ?? "", name), 4);
    const second = await buildApp({ config: testConfig(), database: secondDb, logger: false });
    await second.ready();
    try {
      const c = await registerCustomer(app);
      const applied = await Promise.all(
        Array.from({ length: 12 }, (_, i) => apply(c.token, { currency: "USDT", amount: String(10 + i) })),
      );
      const expected = applied.reduce((s, r) => s + Number(r.result.amount), 0);
      await waitFor(async () => Number((await spot(database, c.id)).available) === expected, 5000);
      for (const r of applied) {
        expect(await getTransfersByReference(database.db, "deposit", r.result.id)).toHaveLength(1);
      }
    } finally {
      await second.close();
      await secondDb.close();
    }
  });
});
