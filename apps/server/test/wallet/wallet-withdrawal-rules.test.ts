// Withdrawal rules: minimum and fee per currency, decimals, the withdrawal password,
// the 5,000 USDT-per-day limit without identity verification, isolation between
// customers, and idempotent retries.
import { describe, expect, it } from "vitest";
import {
  createOperator,
  fund,
  passHold,
  uniq,
  verifyIdentity,
  type WalletCustomer,
  WITHDRAWAL_PASSWORD,
  walletCustomer,
} from "../factory";
import { setupApp } from "../helper";
import { ADDRESSES, api, setPrices, spot } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
const operator = await createOperator(app, database);
setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });

const withdraw = (c: WalletCustomer, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  post(
    "/api/finance/appWithdrawal/apply",
    c.token,
    { currency: "USDT", accountId: c.accountId, withdrawalPassword: WITHDRAWAL_PASSWORD, ...payload },
    headers,
  );

async function bind(c: WalletCustomer, currency: string, network: keyof typeof ADDRESSES) {
  const res = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
    type: "wallet",
    currency,
    network,
    address: ADDRESSES[network],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await passHold(app);
  return res.result.id as number;
}

describe("minimum, fee and decimals", () => {
  const cases = [
    { currency: "USDT", network: "TRC20", amount: "10", status: 200, fee: "1", receive: "9" },
    {
      currency: "USDT",
      network: "TRC20",
      amount: "9.999999",
      status: 400,
      message: "The minimum withdrawal is 10 USDT",
    },
    {
      currency: "USDT",
      network: "TRC20",
      amount: "10.0000001",
      status: 400,
      message: "amount may have at most 6 decimal places",
    },
    { currency: "BTC", network: "BTC", amount: "0.001", status: 200, fee: "0.0002", receive: "0.0008" },
    { currency: "BTC", network: "BTC", amount: "0.0009", status: 400, message: "The minimum withdrawal is 0.001 BTC" },
    { currency: "ETH", network: "ERC20", amount: "0.5", status: 200, fee: "0.002", receive: "0.498" },
  ] as const;

  it.each(cases)("$amount $currency → $status", async (k) => {
    const c = await walletCustomer(app);
    await verifyIdentity(app, database, c, operator);
    await fund(database, c.id, k.currency, "1000");
    const accountId = k.currency === "USDT" ? c.accountId : await bind(c, k.currency, k.network);
    const res = await withdraw(c, { currency: k.currency, amount: k.amount, accountId });
    expect(res.status, JSON.stringify(res.body)).toBe(k.status);
    if ("fee" in k) {
      expect(res.result).toMatchObject({ fee: k.fee, receive: k.receive });
      expect(await spot(database, c.id, k.currency)).toMatchObject({ held: k.amount });
    } else {
      expect(res.body.message).toBe(k.message);
      expect(await spot(database, c.id, k.currency)).toMatchObject({ available: "1000", held: "0" });
    }
  });

  it("the withdraw screen shows minimum, fee, available, the daily limit and the review time", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "123.45");
    const info = await get("/api/finance/appWithdrawal/info?currency=usdt", c.token);
    expect(info.result).toMatchObject({
      currency: "USDT",
      precision: 6,
      available: "123.45",
      minWithdrawal: "10",
      withdrawalFee: "1",
      usdtRate: "1",
      hasWithdrawalPassword: true,
      kycPassed: false,
      dailyLimitUsdt: "5000",
      usedTodayUsdt: "0",
      remainingTodayUsdt: "5000",
      reviewHours: 24,
    });
    expect(info.result.networks.map((n: { network: string }) => n.network)).toEqual(["TRC20", "ERC20", "BEP20"]);
  });

  it("more than available is a 409 and holds nothing", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "50");
    const res = await withdraw(c, { amount: "50.01" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Insufficient USDT balance");
    expect(await spot(database, c.id)).toMatchObject({ available: "50", held: "0" });
  });

  it("a wallet bound for another currency, or a bank account for crypto, is refused", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "BTC", "1");
    const wrong = await withdraw(c, { currency: "BTC", amount: "0.01" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("This wallet receives USDT, not BTC");
    const bank = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      type: "bank",
      bankName: "Deutsche Bank",
      realName: "Erika Mustermann",
      account: "DE89 3704 0044 0532 0130 00",
    });
    await passHold(app);
    const viaBank = await withdraw(c, { currency: "BTC", amount: "0.01", accountId: bank.result.id });
    expect(viaBank.body.message).toBe("Bank accounts can receive USDT withdrawals only");
  });

  it("USDT can go to a bank account; the destination is kept as it was", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const bank = await post("/api/user/appUserWithdrawalInfoSet/addAccount", c.token, {
      type: "bank",
      bankName: "ING",
      realName: "Jan Jansen",
      account: "NL91ABNA0417164300",
    });
    await passHold(app);
    const res = await withdraw(c, { amount: "60", accountId: bank.result.id });
    expect(res.status).toBe(200);
    await post("/api/user/appUserWithdrawalInfoSet/updateAccount", c.token, {
      id: bank.result.id,
      type: "bank",
      bankName: "ING Bank",
      realName: "Jan Jansen",
      account: "NL91ABNA0417164399",
    });
    const list = await get("/api/finance/appWithdrawal/listMy", c.token);
    expect(list.result.records[0].destination).toEqual({
      type: "bank",
      bankName: "ING",
      realName: "Jan Jansen",
      account: "NL91ABNA0417164300",
    });
  });
});

describe("withdrawal password", () => {
  it("wrong → 400 (the session stays valid); none set → 409 with a clear message", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const wrong = await withdraw(c, { amount: "20", withdrawalPassword: "Wrong1234" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("The withdrawal password is wrong");
    expect((await get("/api/finance/appWallet/queryUserBalance", c.token)).status).toBe(200);

    const none = await walletCustomer(app, { withdrawalPassword: false });
    await fund(database, none.id, "USDT", "100");
    const res = await withdraw(none, { amount: "20", withdrawalPassword: "Anything1" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Please set a withdrawal password first");
    expect(await spot(database, none.id)).toMatchObject({ available: "100", held: "0" });
  });

  it("a missing field names it", async () => {
    const c = await walletCustomer(app);
    const res = await post("/api/finance/appWithdrawal/apply", c.token, {
      currency: "USDT",
      amount: "20",
      accountId: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("withdrawalPassword is required");
  });
});

describe("5,000 USDT per rolling day without identity verification", () => {
  it("up to the limit passes, above is 403; cancelled and rejected ones free the limit again", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "20000");
    const first = await withdraw(c, { amount: "4000" });
    expect(first.status).toBe(200);
    const over = await withdraw(c, { amount: "1000.01" });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      "Without identity verification you can withdraw up to 5000.00 USDT per 24 hours (1000.00 USDT left). Please complete basic verification to withdraw more.",
    );
    expect(await spot(database, c.id)).toMatchObject({ held: "4000" });
    const exactly = await withdraw(c, { amount: "1000" });
    expect(exactly.status).toBe(200);

    await post(`/api/finance/appWithdrawal/cancel/${first.result.id}`, c.token);
    expect((await withdraw(c, { amount: "3000" })).status).toBe(200);
    const info = await get("/api/finance/appWithdrawal/info?currency=USDT", c.token);
    expect(info.result).toMatchObject({ usedTodayUsdt: "4000", remainingTodayUsdt: "1000" });
  });

  it("other currencies count at their USDT value when requested", async () => {
    const c = await walletCustomer(app);
    const btc = await bind(c, "BTC", "BTC");
    await fund(database, c.id, "BTC", "1");
    // 0.09 BTC × 50,000 = 4,500 USDT; another 0.011 BTC (550) would exceed 5,000.
    expect((await withdraw(c, { currency: "BTC", amount: "0.09", accountId: btc })).status).toBe(200);
    expect((await withdraw(c, { currency: "BTC", amount: "0.011", accountId: btc })).status).toBe(403);
    expect((await withdraw(c, { currency: "BTC", amount: "0.01", accountId: btc })).status).toBe(200);
  });

  it("verified customers are not limited by it", async () => {
    const c = await walletCustomer(app);
    await verifyIdentity(app, database, c, operator);
    await fund(database, c.id, "USDT", "20000");
    const res = await withdraw(c, { amount: "12000" });
    expect(res.status).toBe(200);
    const info = await get("/api/finance/appWithdrawal/info?currency=USDT", c.token);
    expect(info.result).toMatchObject({ kycPassed: true, dailyLimitUsdt: null, remainingTodayUsdt: null });
  });
});

describe("isolation: another customer's things are 404", () => {
  it("accounts, withdrawals, trackers and cancels", async () => {
    const alice = await walletCustomer(app);
    const bob = await walletCustomer(app);
    await fund(database, alice.id, "USDT", "100");
    await fund(database, bob.id, "USDT", "100");

    const viaBobsAccount = await withdraw(alice, { amount: "20", accountId: bob.accountId });
    expect(viaBobsAccount.status).toBe(404);

    const bobs = await withdraw(bob, { amount: "20" });
    expect((await get(`/api/finance/appWithdrawal/tracker/${bobs.result.id}`, alice.token)).status).toBe(404);
    expect((await post(`/api/finance/appWithdrawal/cancel/${bobs.result.id}`, alice.token)).status).toBe(404);
    expect((await get("/api/finance/appWithdrawal/listMy", alice.token)).result.total).toBe(0);
    expect(await spot(database, bob.id)).toMatchObject({ held: "20" });
    expect((await get("/api/finance/appWithdrawal/tracker/999999", alice.token)).status).toBe(404);
  });

  it("not logged in → 401", async () => {
    expect((await get("/api/finance/appWallet/queryUserBalance")).status).toBe(401);
    expect((await post("/api/finance/appWithdrawal/apply", undefined, {})).status).toBe(401);
  });
});

describe("idempotent retries", () => {
  it("the same clientRequestId returns the first result and holds once", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const clientRequestId = `w-${uniq()}`;
    const first = await withdraw(c, { amount: "30", clientRequestId });
    const retry = await withdraw(c, { amount: "30", clientRequestId });
    expect(retry.status).toBe(200);
    expect(retry.result).toEqual(first.result);
    expect(await spot(database, c.id)).toMatchObject({ available: "70", held: "30" });
    const other = await withdraw(c, { amount: "31", clientRequestId });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("This request was already submitted with different details");
  });

  it("the Idempotency-Key header works the same way", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const key = { "idempotency-key": `h-${uniq()}` };
    const first = await withdraw(c, { amount: "45" }, key);
    const retry = await withdraw(c, { amount: "45" }, key);
    expect(retry.result.id).toBe(first.result.id);
    expect(await spot(database, c.id)).toMatchObject({ available: "55", held: "45" });
    const bad = await withdraw(c, { amount: "45" }, { "idempotency-key": "has spaces" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid value for Idempotency-Key");
  });

  it("a retry after the withdrawal moved on still answers with the first result", async () => {
    const c = await walletCustomer(app);
    await fund(database, c.id, "USDT", "100");
    const clientRequestId = `w-${uniq()}`;
    const first = await withdraw(c, { amount: "30", clientRequestId });
    await post(`/api/finance/appWithdrawal/cancel/${first.result.id}`, c.token);
    const retry = await withdraw(c, { amount: "30", clientRequestId });
    expect(retry.result).toMatchObject({ id: first.result.id, status: -1 });
    expect(await spot(database, c.id)).toMatchObject({ available: "100", held: "0" });
  });
});
