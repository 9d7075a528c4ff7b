// Every money-in and risk-taking path × every protection state (issue 34 §2): no limit,
// under a deposit limit, over a deposit limit, loss limit reached, time-out, self-exclusion.
// "refused" = the protection gate answers (403 for an exclusion, 409 for a limit, with its
// translated message) and the customer's balances are untouched; "passes" = whatever the
// path answers, it is not the protection gate's refusal (the path's own rules still apply:
// an unknown product id is its own 404).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeRes, openOk, settled, tick } from "../contracts/factory";
import { auth, type Customer, fundedCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
tick(app, "XAUUSD", "2400");
tick(app, "BTCUSDT", "60000");

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => vi.restoreAllMocks());

type State = "none" | "underDeposit" | "overDeposit" | "lossReached" | "timeout" | "selfExclusion";
const STATES: State[] = ["none", "underDeposit", "overDeposit", "lossReached", "timeout", "selfExclusion"];

interface Path {
  name: string;
  method: "GET" | "POST";
  url: string;
  payload?: Record<string, unknown>;
  /** What this path is: money in (deposit limits count), trading risk (loss limits count), other risk. */
  kind: "deposit" | "address" | "trading" | "risk";
}

const PATHS: Path[] = [
  {
    name: "deposit apply",
    method: "POST",
    url: "/api/finance/appRecharge/apply",
    payload: { currency: "USDT", network: "TRC20", amount: "60" },
    kind: "deposit",
  },
  {
    name: "deposit screen (addresses)",
    method: "GET",
    url: "/api/finance/appRecharge/info?currency=USDT",
    kind: "address",
  },
  { name: "deposit address", method: "GET", url: "/api/finance/rechargeAddr/getAddr?currency=USDT", kind: "address" },
  {
    name: "futures open",
    method: "POST",
    url: "/api/trade/appTradePositions/create",
    payload: { symbol: "XAUUSD", direction: "long", margin: "10", leverage: 10 },
    kind: "trading",
  },
  {
    name: "option buy",
    method: "POST",
    url: "/api/trade/appSecondContractOrder/buy",
    payload: { symbol: "BTCUSDT", setId: 1, direction: "up", amount: "10" },
    kind: "trading",
  },
  {
    name: "spot buy",
    method: "POST",
    url: "/api/trade/appSpotOrder/create",
    payload: { symbol: "BTCUSDT", side: "buy", type: "market", quantity: "0.0001" },
    kind: "trading",
  },
  {
    name: "earn purchase",
    method: "POST",
    url: "/api/prod/appProductOrder/debitBuy",
    payload: { productId: 999999, amount: "10" },
    kind: "risk",
  },
  {
    name: "mining purchase",
    method: "POST",
    url: "/api/prod/appProductOrder/minerBuy",
    payload: { productId: 999999, amount: "10" },
    kind: "risk",
  },
  {
    name: "credit loan apply",
    method: "POST",
    url: "/api/prod/appLoanOrder/creditApply",
    payload: { setId: 999999, amount: "10", days: 7 },
    kind: "risk",
  },
  {
    name: "pledge loan apply",
    method: "POST",
    url: "/api/prod/appLoanOrder/pledgeApply",
    payload: { setId: 999999, amount: "10", days: 7, collateralCurrency: "BTC", collateralAmount: "1" },
    kind: "risk",
  },
  {
    name: "IEO apply",
    method: "POST",
    url: "/api/prod/appOrderIoe/apply",
    payload: { projectId: 999999, quantity: 1 },
    kind: "risk",
  },
  { name: "contest join", method: "POST", url: "/api/contest/join", payload: { id: 999999 }, kind: "risk" },
];

/** What the gate answers for a path in a state: a status and the start of its message, or "passes". */
function expected(path: Path, state: State): { status: number; message: string } | "passes" {
  if (state === "timeout") return { status: 403, message: "You are taking a time-out" };
  if (state === "selfExclusion") return { status: 403, message: "You have excluded yourself" };
  if (state === "overDeposit" && path.kind === "deposit")
    return { status: 409, message: "This deposit would pass your daily (last 24 hours) deposit limit" };
  if (state === "lossReached" && path.kind === "trading")
    return { status: 409, message: "You have reached your daily (last 24 hours) loss limit" };
  return "passes";
}

const PROTECTION_MESSAGES = ["time-out", "excluded yourself", "deposit limit", "loss limit"];

async function call(c: Customer, path: Path) {
  return app.inject({ method: path.method, url: path.url, headers: auth(c.token), payload: path.payload });
}

async function post(c: Customer, url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: "POST", url, headers: auth(c.token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

async function balances(c: Customer) {
  const res = await app.inject({
    method: "GET",
    url: "/api/finance/appWallet/queryUserBalance",
    headers: auth(c.token),
  });
  return JSON.stringify(res.json().result);
}

async function deposits(c: Customer) {
  const res = await app.inject({ method: "GET", url: "/api/finance/appRecharge/listMy", headers: auth(c.token) });
  return res.json().result.total as number;
}

/**
 * The sandbox provider confirms a deposit about a second after it is applied (real time): a
 * deposit that passed the gate in an earlier step must land before a refusal's balances are
 * compared, or its credit reads as money the refusal moved.
 */
async function noDepositPending(c: Customer) {
  await vi.waitFor(
    async () => {
      const res = await app.inject({ method: "GET", url: "/api/finance/appRecharge/listMy", headers: auth(c.token) });
      const records = res.json().result.records as Array<{ status: number }>;
      expect(records.some((r) => r.status === 0)).toBe(false);
    },
    { timeout: 20_000, interval: 100 },
  );
}

async function customerIn(state: State): Promise<Customer> {
  const c = await fundedCustomer(app, database, "10000");
  switch (state) {
    case "underDeposit":
      await post(c, "/api/user/limits", { depositDay: "1000" });
      break;
    case "overDeposit":
      await post(c, "/api/user/limits", { depositDay: "50" });
      break;
    case "lossReached": {
      // Fees are a realised loss: open and close a position, then set a day loss limit below them.
      const held = await openOk(app, c, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
      expect((await closeRes(app, c, held.id)).statusCode).toBe(200);
      await settled(app);
      await post(c, "/api/user/limits", { lossDay: "0.01" });
      break;
    }
    case "timeout":
      await post(c, "/api/user/exclusion", { kind: "timeout", period: "24h" });
      break;
    case "selfExclusion":
      await post(c, "/api/user/exclusion", { kind: "self_exclusion", period: "6m" });
      break;
  }
  return c;
}

describe("every money-in and risk path × every protection state", () => {
  for (const state of STATES) {
    describe(state, async () => {
      let c: Customer;
      beforeEach(async () => {
        c ??= await customerIn(state);
      });
      for (const path of PATHS) {
        const want = expected(path, state);
        it(`${path.name}: ${want === "passes" ? "passes the gate" : `${want.status}`}`, async () => {
          await noDepositPending(c);
          const before = await balances(c);
          const depositsBefore = await deposits(c);
          const res = await call(c, path);
          if (want === "passes") {
            const message = res.statusCode >= 400 ? String(res.json().message) : "";
            expect(
              PROTECTION_MESSAGES.some((m) => message.includes(m)),
              `${res.statusCode} ${message}`,
            ).toBe(false);
          } else {
            expect(res.statusCode, res.body).toBe(want.status);
            expect(res.json().message).toContain(want.message);
            expect(await balances(c)).toBe(before);
            expect(await deposits(c)).toBe(depositsBefore);
          }
        });
      }
    });
  }
});

describe("what stays open while excluded", () => {
  it("closing a position, withdrawal info, demo trades, spot sells and reading the limits stay open during a time-out", async () => {
    const c = await fundedCustomer(app, database, "10000");
    const held = await openOk(app, c, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    await post(c, "/api/user/exclusion", { kind: "timeout", period: "24h" });
    expect((await closeRes(app, c, held.id)).statusCode).toBe(200);
    const info = await app.inject({
      method: "GET",
      url: "/api/finance/appWithdrawal/info?currency=USDT",
      headers: auth(c.token),
    });
    expect(info.statusCode, info.body).toBe(200);
    const demo = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/create",
      headers: auth(c.token),
      payload: { symbol: "XAUUSD", direction: "long", margin: "10", leverage: 10, mode: "demo" },
    });
    expect(String(demo.json().message ?? "")).not.toContain("time-out");
    const sell = await app.inject({
      method: "POST",
      url: "/api/trade/appSpotOrder/create",
      headers: auth(c.token),
      payload: { symbol: "BTCUSDT", side: "sell", type: "market", quantity: "0.0001" },
    });
    expect(String(sell.json().message ?? "")).not.toContain("time-out");
    const limits = await app.inject({ method: "GET", url: "/api/user/limits", headers: auth(c.token) });
    expect(limits.json().result.exclusion.kind).toBe("timeout");
  });

  it("the refusal is translated", async () => {
    const c = await customerIn("timeout");
    const res = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/create",
      headers: { ...auth(c.token), "x-lang": "ko" },
      payload: { symbol: "XAUUSD", direction: "long", margin: "10", leverage: 10 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain("휴식 기간");
  });
});
