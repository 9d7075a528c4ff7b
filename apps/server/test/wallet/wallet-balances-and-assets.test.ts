// Currencies, per-currency balances, the asset centre (spot, position = futures margin +
// unrealised P&L, contest, virtual), the balance log, operator adjustments (ledger
// transfers with a reason) and the operator's currency rules and wallet settings.
import { describe, expect, it } from "vitest";
import { getFuturesEquity } from "../../src/modules/contracts/service";
import { createOperator, fund, registerCustomer, uniq, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, setPrices, spot } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const operator = await createOperator(app, database);
setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });

const SEEDED = ["USDT", "BTC", "ETH", "BNB", "SOL", "XRP", "DOGE", "ADA", "TRX", "LTC", "DOT", "LINK", "AVAX"];

describe("currencies", () => {
  it("USDT and every crypto base of the market, with networks, minimums, fee and USDT rate", async () => {
    const res = await get("/api/finance/appWallet/currencies");
    expect(res.status).toBe(200);
    expect(res.result.map((c: { currency: string }) => c.currency)).toEqual(SEEDED);
    const [usdt, btc] = res.result;
    expect(usdt).toMatchObject({
      currency: "USDT",
      precision: 6,
      minDeposit: "10",
      minWithdrawal: "10",
      withdrawalFee: "1",
      depositEnabled: true,
      withdrawalEnabled: true,
      usdtRate: "1",
    });
    expect(usdt.networks).toEqual([
      { network: "TRC20", name: "TRON (TRC20)" },
      { network: "ERC20", name: "Ethereum (ERC20)" },
      { network: "BEP20", name: "BNB Smart Chain (BEP20)" },
    ]);
    expect(btc).toMatchObject({ networks: [{ network: "BTC", name: "Bitcoin" }], usdtRate: "50000.00" });
    for (const c of res.result) expect(Number(c.withdrawalFee)).toBeLessThan(Number(c.minWithdrawal));
  });

  it("operators change the rules; the fee must stay below the minimum", async () => {
    const ok = await post("/api/operator/wallet/currency/update", operator.token, {
      currency: "LTC",
      minWithdrawal: "0.1",
      withdrawalFee: "0.002",
      networks: ["LTC"],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.result).toMatchObject({ minWithdrawal: "0.1", withdrawalFee: "0.002" });
    const listed = (await get("/api/finance/appWallet/currencies")).result.find(
      (c: { currency: string }) => c.currency === "LTC",
    );
    expect(listed).toMatchObject({ minWithdrawal: "0.1", withdrawalFee: "0.002" });

    const bad = await post("/api/operator/wallet/currency/update", operator.token, {
      currency: "LTC",
      withdrawalFee: "0.1",
    });
    expect(bad.status).toBe(409);
    expect(bad.body.message).toBe("The withdrawal fee must be lower than the minimum withdrawal");
    const unknownNetwork = await post("/api/operator/wallet/currency/update", operator.token, {
      currency: "LTC",
      networks: ["NOPE"],
    });
    expect(unknownNetwork.status).toBe(400);
    const customer = await registerCustomer(app);
    expect((await post("/api/operator/wallet/currency/update", customer.token, { currency: "LTC" })).status).toBe(403);
  });

  it("wallet settings: the review time limit applies to new withdrawals", async () => {
    const before = await get("/api/operator/wallet/settings", operator.token);
    expect(before.result).toMatchObject({
      reviewHours: 24,
      unverifiedDailyLimitUsdt: "5000",
      sandboxConfirmSeconds: 1,
    });
    const changed = await post("/api/operator/wallet/settings/update", operator.token, { reviewHours: 48 });
    expect(changed.result.reviewHours).toBe(48);
    try {
      const c = await walletCustomer(app);
      await fund(database, c.id, "USDT", "50");
      const w = await post("/api/finance/appWithdrawal/apply", c.token, {
        currency: "USDT",
        amount: "20",
        accountId: c.accountId,
        withdrawalPassword: WITHDRAWAL_PASSWORD,
      });
      const tracker = await get(`/api/finance/appWithdrawal/tracker/${w.result.id}`, c.token);
      expect(tracker.result.reviewHours).toBe(48);
    } finally {
      await post("/api/operator/wallet/settings/update", operator.token, { reviewHours: 24 });
    }
  });
});

describe("balances", () => {
  it("every currency with available and frozen (held by a pending withdrawal) and its USDT value", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    await fund(database, c.id, "BTC", "0.5");
    await post("/api/finance/appWithdrawal/apply", c.token, {
      currency: "USDT",
      amount: "30",
      accountId: c.accountId,
      withdrawalPassword: WITHDRAWAL_PASSWORD,
    });
    const res = await get("/api/finance/appWallet/queryUserBalance", c.token);
    expect(res.result.map((b: { currency: string }) => b.currency)).toEqual(SEEDED);
    const by = Object.fromEntries(res.result.map((b: { currency: string }) => [b.currency, b]));
    expect(by.USDT).toEqual({ currency: "USDT", available: "70", frozen: "30", usdtValue: "100" });
    expect(by.BTC).toEqual({ currency: "BTC", available: "0.5", frozen: "0", usdtValue: "25000" });
    expect(by.ETH).toMatchObject({ available: "0", frozen: "0", usdtValue: "0" });
  });
});

describe("asset centre", () => {
  it("spot, position (margin + unrealised P&L), contest and other funds make the total; virtual stays apart", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "1000");
    await fund(database, c.id, "ETH", "2");
    await fund(database, c.id, "VUSDT", "10000", "demo");
    await fund(database, c.id, "USDT", "25", "contest");
    await fund(database, c.id, "USDT", "40", "earn");

    const opened = await post("/api/trade/appTradePositions/create", c.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);

    const assets = async () => (await get("/api/finance/appWallet/queryUserAssets", c.token)).result;
    const equity = await getFuturesEquity(database.db, app.market, c.id, "real");
    const first = await assets();
    const spotUsdt = Number((await spot(database, c.id)).balance) + 2 * 2500;
    expect(Number(first.spot)).toBeCloseTo(spotUsdt, 8);
    expect(first.position).toBe(equity.equity);
    expect(Number(first.position)).toBeLessThan(100); // spread and closing fee: closing now realises a little less
    expect(first).toMatchObject({ contestFrozen: "25", other: "40", virtual: "10000", unpricedCurrencies: [] });
    const total = Number(first.spot) + Number(first.position) + 25 + 40;
    expect(Number(first.totalUsdt)).toBeCloseTo(total, 6);

    setPrices(app, { BTCUSDT: "55000" });
    const later = await assets();
    expect(Number(later.position)).toBeGreaterThan(Number(first.position) + 5);
    expect(later.position).toBe((await getFuturesEquity(database.db, app.market, c.id, "real")).equity);
    setPrices(app, { BTCUSDT: "50000" });
  });

  it("a held currency without a price is listed as unpriced, not guessed", async () => {
    const c = await registerCustomer(app);
    const unpriced = SEEDED.find((code) => app.market.usdtRate(code) === null);
    if (!unpriced) return; // every currency has a price in this run
    await fund(database, c.id, unpriced, "3");
    const res = await get("/api/finance/appWallet/queryUserAssets", c.token);
    expect(res.result.unpricedCurrencies).toEqual([unpriced]);
    expect(res.result.totalUsdt).toBe("0");
  });
});

describe("operator adjustments and the balance log", () => {
  it("an adjustment is a ledger transfer with the reason, shown signed in the customer's balance log", async () => {
    const c = await registerCustomer(app);
    const credit = await post("/api/operator/wallet/adjust", operator.token, {
      userId: c.id,
      currency: "USDT",
      amount: "75.5",
      reason: "Compensation for delayed payout",
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.result).toMatchObject({ userId: c.id, amount: "75.5", available: "75.5" });
    const debit = await post("/api/operator/wallet/adjust", operator.token, {
      userId: c.id,
      currency: "USDT",
      amount: -20,
      reason: "Correction of a duplicate credit",
    });
    expect(debit.result).toMatchObject({ amount: "-20", available: "55.5" });

    const log = await get("/api/finance/appBalanceLog/list?kind=adjustment", c.token);
    expect(log.result.total).toBe(2);
    expect(log.result.records).toMatchObject([
      {
        currency: "USDT",
        amount: "-20",
        kind: "adjustment",
        memo: "Correction of a duplicate credit",
        accountKind: "spot",
      },
      { currency: "USDT", amount: "75.5", kind: "adjustment", memo: "Compensation for delayed payout" },
    ]);
    expect((await get("/api/finance/appBalanceLog/list?kind=deposit", c.token)).result.total).toBe(0);
    expect((await get("/api/finance/appBalanceLog/list?pageSize=1&pageNo=2", c.token)).result).toMatchObject({
      total: 2,
      pageNo: 2,
      records: [{ amount: "75.5" }],
    });
    expect((await get("/api/finance/appBalanceLog/list?kind=Bad-Kind", c.token)).status).toBe(400);
  });

  it("a debit beyond the balance is refused (409) and leaves nothing behind", async () => {
    const c = await registerCustomer(app);
    const res = await post("/api/operator/wallet/adjust", operator.token, {
      userId: c.id,
      currency: "USDT",
      amount: "-1",
      reason: "Too much",
    });
    expect(res.status).toBe(409);
    expect((await get("/api/finance/appBalanceLog/list", c.token)).result.total).toBe(0);
  });

  it("retries with the same clientRequestId adjust once; customers cannot adjust; unknown customers are 404", async () => {
    const c = await registerCustomer(app);
    const body = { userId: c.id, currency: "BTC", amount: "0.01", reason: "Promotion", clientRequestId: `a-${uniq()}` };
    const a = await post("/api/operator/wallet/adjust", operator.token, body);
    const b = await post("/api/operator/wallet/adjust", operator.token, body);
    expect(b.result).toEqual(a.result);
    expect(await spot(database, c.id, "BTC")).toMatchObject({ available: "0.01" });
    expect((await post("/api/operator/wallet/adjust", c.token, body)).status).toBe(403);
    expect((await post("/api/operator/wallet/adjust", operator.token, { ...body, userId: 99999999 })).status).toBe(404);
    const zero = await post("/api/operator/wallet/adjust", operator.token, { ...body, amount: "0" });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe("Invalid value for amount");
  });
});
