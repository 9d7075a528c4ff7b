// Issue "Money that cannot be gamed", item 7: house exposure counts what is open.
// The attack: the cap checked the booked house balance plus one trade's worst case, so many
// trades — each under the limit alone, or opened at the same moment — together put the
// house far past it. The limit now holds for the sum of the worst cases of everything open
// (futures notional, options' possible profit), kept per currency as trades open and end;
// loans count through the treasury's balance, which their payout already moved.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { settleOpenPosition } from "../../src/modules/contracts/service";
import { auditLedger } from "../../src/modules/ledger/service";
import { settled } from "../contracts/factory";
import { auth, createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { loansApi } from "../loans/factory";
import { available, get, platformBalance, post } from "../options/trading-helpers";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);
const loans = loansApi(app);

let lastTickTs = 0;
/** A BTCUSDT tick at `ts` (default now), never older than the one before (the market keeps the newest). */
function tick(price: string, ts = Date.now()) {
  lastTickTs = Math.max(lastTickTs + 1, ts);
  if (!app.market.ingest({ symbol: "BTCUSDT", price, ts: lastTickTs })) throw new Error("tick ignored");
}

beforeEach(() => {
  tick("65000");
});

async function setLimit(body: Record<string, unknown>) {
  const res = await app.inject({
    method: "POST",
    url: "/api/operator/risk/limits",
    headers: auth(operator.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

type Row = { currency: string; account: string; balance: string; open: string; headroom: string; paused: boolean };
async function exposureRow(account: "house" | "treasury", currency: string): Promise<Row> {
  const res = await app.inject({ method: "GET", url: "/api/operator/risk/exposure", headers: auth(operator.token) });
  expect(res.statusCode).toBe(200);
  const row = (res.json().result.rows as Row[]).find((r) => r.account === account && r.currency === currency);
  // No row yet: that account has never moved in this currency.
  return row ?? { currency, account, balance: "0", open: "0", headroom: "0", paused: false };
}

/** The limit that leaves `headroom` of new worst case on `account` in `currency`, whatever is open already. */
async function leaveHeadroom(account: "house" | "treasury", currency: string, headroom: number) {
  await setLimit({ currency, limit: "1000000000" });
  const row = await exposureRow(account, currency);
  const used = -Number(row.balance) + Number(row.open ?? "0");
  await setLimit({ currency, limit: (used + headroom).toFixed(8) });
}

const openFutures = (token: string, margin: string, clientRequestId?: string) =>
  post(app, token, "/api/trade/appTradePositions/create", {
    symbol: "BTCUSDT",
    direction: "long",
    leverage: "2",
    margin,
    ...(clientRequestId ? { clientRequestId } : {}),
  });

async function option30s(token: string) {
  const res = await get(app, token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT");
  return res.body.result.find((s: { periodSeconds: number }) => s.periodSeconds === 30) as {
    id: number;
    payoutRate: string;
  };
}

describe("7. House exposure counts what is open", () => {
  it("many-small-trades attack: futures each under the limit cannot together pass it", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    await leaveHeadroom("house", "USDT", 1000);
    // Notional 2 × 200 = 400 each: two fit (800), the third would make 1200.
    expect((await openFutures(c.token, "200")).status).toBe(200);
    expect((await openFutures(c.token, "200")).status).toBe(200);
    const before = await available(database, c.id, "USDT");
    const third = await openFutures(c.token, "200");
    expect(third.status).toBe(409);
    expect(third.body.message).toContain("paused");
    expect(await available(database, c.id, "USDT")).toBe(before);
    const row = await exposureRow("house", "USDT");
    expect(Number(row.open)).toBeGreaterThanOrEqual(800);
    expect(Number(row.headroom)).toBeCloseTo(200, 8);
  });

  it("futures and options share one aggregate per currency", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    await leaveHeadroom("house", "USDT", 1000);
    expect((await openFutures(c.token, "300")).status).toBe(200); // 600 open
    const set = await option30s(c.token);
    const buy = (amount: string) =>
      post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "BTCUSDT",
        setId: set.id,
        direction: "up",
        amount,
      });
    // A 500 stake may win 500 × rate (> 400 at any rate of 0.8 or more): past the 400 left.
    const profitOf500 = 500 * Number(set.payoutRate);
    expect(profitOf500).toBeGreaterThan(400);
    expect((await buy("500")).status).toBe(409);
    expect((await buy("100")).status).toBe(200);
  });

  it("whatever ends an open risk gives its room back: close, close-out, option expiry", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    await leaveHeadroom("house", "USDT", 1000);
    const a = await openFutures(c.token, "250"); // 500
    const b = await openFutures(c.token, "250"); // 1000
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await openFutures(c.token, "50")).status).toBe(409);

    // The customer closes one: its 500 is free again (the booked P&L moves the balance instead).
    const closed = await post(app, c.token, `/api/trade/appTradePositions/close/${a.body.result.id}`);
    expect(closed.status).toBe(200);
    const afterClose = await exposureRow("house", "USDT");
    expect(Number(afterClose.headroom)).toBeGreaterThan(400);

    // A close-out by the market releases too.
    const openBeforeOut = Number(afterClose.open);
    tick("30000");
    await settled(app);
    const out = await settleOpenPosition(database.db, b.body.result.id, {
      kind: "manual",
      bid: "30000",
      ask: "30000",
      tick: { price: "30000", ts: Date.now() },
    });
    expect(["settled", "notOpen"]).toContain(out.outcome);
    tick("65000");
    const afterOut = await exposureRow("house", "USDT");
    expect(Number(afterOut.open)).toBeLessThanOrEqual(openBeforeOut - 500 + 1e-9);

    // An option that expires releases its possible profit.
    const set = await option30s(c.token);
    const bought = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "BTCUSDT",
      setId: set.id,
      direction: "up",
      amount: "200",
    });
    expect(bought.status).toBe(200);
    const openWithOption = Number((await exposureRow("house", "USDT")).open);
    tick("65000", Date.parse(bought.body.result.expiresAt) + 1);
    expect(["settled", "done"]).toContain(await app.optionService.settle(bought.body.result.id));
    const openAfterExpiry = Number((await exposureRow("house", "USDT")).open);
    // (The option of the test before expired by then too: the settler released it as well.)
    expect(openWithOption - openAfterExpiry).toBeGreaterThanOrEqual(200 * Number(set.payoutRate) - 1e-9);
  });

  it("two concurrent opens that together pass the limit: only one goes through", async () => {
    const [x, y] = [
      await registerCustomer(app, { countryCode: "US" }),
      await registerCustomer(app, { countryCode: "US" }),
    ];
    await fund(database, x.id, "USDT", "5000");
    await fund(database, y.id, "USDT", "5000");
    await leaveHeadroom("house", "USDT", 1000);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        openFutures(x.token, "300", randomUUID()), // 600
        openFutures(y.token, "300", randomUUID()), // 600
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      // Close the one that went through, for the next round.
      const ok = results.find((r) => r.status === 200);
      const owner = ok === results[0] ? x : y;
      expect((await post(app, owner.token, `/api/trade/appTradePositions/close/${ok?.body.result.id}`)).status).toBe(
        200,
      );
      await leaveHeadroom("house", "USDT", 1000);
    }
  });

  it("a loan that would take the treasury past its limit is refused; repaying gives the room back", async () => {
    const setting = await loans.call("POST", "/api/operator/loans/settings", operator.token, {
      type: "pledge",
      name: { "en-us": "Exposure test loan" },
      currency: "USDT",
      minAmount: "100",
      maxAmount: "5000",
      days: [10],
      dailyRate: "0.001",
      interestFreeDays: 10,
      overdueRate: "0.003",
      collateralCurrencies: ["BTC"],
      initialLtv: "0.5",
      marginCallLtv: "0.7",
      liquidationLtv: "0.8",
    });
    expect(setting.status, setting.message).toBe(200);
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "BTC", "1");
    await leaveHeadroom("treasury", "USDT", 1500);
    const apply = (amount: string) =>
      loans.pledgeApply(c.token, {
        setId: setting.result.id,
        amount,
        days: 10,
        collateralCurrency: "BTC",
        collateralAmount: "0.1",
      });
    const first = await apply("1000");
    expect(first.status, first.message).toBe(200);
    const treasury = await platformBalance(database, "treasury", "USDT");
    const refused = await apply("1000");
    expect(refused.status).toBe(409);
    expect(await platformBalance(database, "treasury", "USDT")).toBe(treasury);
    expect(await available(database, c.id, "BTC")).toBe("0.9");
    // Repaid: the room is back.
    const repaid = await loans.repay(c.token, { id: first.result.id });
    expect(repaid.status, repaid.message).toBe(200);
    expect((await apply("1000")).status).toBe(200);
  });

  it("the operator's figure shows what is open and the headroom after it; the ledger stays balanced", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    await leaveHeadroom("house", "USDT", 1000);
    expect((await openFutures(c.token, "100")).status).toBe(200);
    const row = await exposureRow("house", "USDT");
    expect(Number(row.headroom)).toBeCloseTo(800, 8);
    expect(row.paused).toBe(false);
    expect((await auditLedger(database.db)).violations).toEqual([]);
    await setLimit({ currency: "USDT", limit: null });
  });
});
