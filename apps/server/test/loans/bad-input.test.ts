// Bad input on every loan endpoint: a translated 4xx naming the problem, balances untouched,
// never a 5xx; a double submit with the same request id moves money once.
import { describe, expect, it } from "vitest";
import { auth, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, loansApi, tick } from "./factory";

const { app, database } = await setupApp();
const api = loansApi(app);

const owner = await registerCustomer(app);
await fund(database, owner.id, "BTC", "1");
await fund(database, owner.id, "USDT", "100");
const stranger = await registerCustomer(app);
const pledgeSet = await api.set("pledge");
const creditSet = await api.set("credit");
tick(app, "BTCUSDT", "60000");
const good = { setId: pledgeSet.id, amount: "30000", days: 30, collateralCurrency: "BTC", collateralAmount: "1" };

async function snapshot() {
  return {
    btc: await balance(database, owner.id, "BTC"),
    usdt: await balance(database, owner.id, "USDT"),
    collateral: await balance(database, owner.id, "BTC", "collateral"),
  };
}

const opened = await api.pledgeApply(owner.token, { ...good, amount: "1000", requestId: "first" });
if (opened.status !== 200) throw new Error(opened.message);
const loanId: number = opened.result.id;

type Case = [name: string, url: string, body: Record<string, unknown>, status: number, token?: "stranger" | "none"];
const P = "/api/prod/appLoanOrder";
const cases: Case[] = [
  ["amount below the minimum", `${P}/pledgeApply`, { ...good, amount: "50" }, 400],
  ["amount above the maximum", `${P}/pledgeApply`, { ...good, amount: "100001" }, 400],
  ["amount with too many decimals", `${P}/pledgeApply`, { ...good, amount: "1000.123456789" }, 400],
  ["amount not a number", `${P}/pledgeApply`, { ...good, amount: "lots" }, 400],
  ["negative amount", `${P}/pledgeApply`, { ...good, amount: "-5" }, 400],
  ["term not offered", `${P}/pledgeApply`, { ...good, days: 8 }, 400],
  ["collateral not accepted", `${P}/pledgeApply`, { ...good, collateralCurrency: "XAU" }, 400],
  ["collateral short (LTV above initial)", `${P}/pledgeApply`, { ...good, collateralAmount: "0.5" }, 400],
  ["more collateral than held", `${P}/pledgeApply`, { ...good, amount: "1000", collateralAmount: "2" }, 409],
  ["unknown setting", `${P}/pledgeApply`, { ...good, setId: 999999 }, 404],
  ["credit setting on the pledge endpoint", `${P}/pledgeApply`, { ...good, setId: creditSet.id }, 400],
  ["pledge setting on the credit endpoint", `${P}/creditApply`, { setId: pledgeSet.id, amount: "500", days: 30 }, 400],
  ["missing days", `${P}/pledgeApply`, { ...good, days: undefined }, 400],
  ["request id reused for another request", `${P}/pledgeApply`, { ...good, amount: "2000", requestId: "first" }, 409],
  ["repaying more than owed", `${P}/repay`, { id: loanId, amount: "1000.5" }, 400],
  ["repaying with too many decimals", `${P}/repay`, { id: loanId, amount: "1.000000001" }, 400],
  ["repaying another's loan", `${P}/repay`, { id: loanId }, 404, "stranger"],
  ["repaying an unknown loan", `${P}/repay`, { id: 987654 }, 404],
  ["collateral to another's loan", `${P}/addCollateral`, { id: loanId, amount: "0.1" }, 404, "stranger"],
  ["adding more collateral than held", `${P}/addCollateral`, { id: loanId, amount: "5" }, 409],
  ["adding zero collateral", `${P}/addCollateral`, { id: loanId, amount: "0" }, 400],
  ["not logged in", `${P}/pledgeApply`, good, 401, "none"],
];

describe("bad input on the loan endpoints", () => {
  it.each(cases)("%s (%s)", async (_name, url, body, status, who) => {
    const before = await snapshot();
    const token = who === "stranger" ? stranger.token : who === "none" ? undefined : owner.token;
    const res = await app.inject({
      method: "POST",
      url,
      headers: { ...(token ? auth(token) : {}), "x-lang": "zh-cn" },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(status);
    const json = res.json();
    expect(json).toMatchObject({ success: false, code: status });
    expect(json.message).toMatch(/[\u4e00-\u9fff]/); // in the request's language
    expect(await snapshot()).toEqual(before);
  });

  it("another customer's loan detail is 404; the list is the caller's own", async () => {
    expect((await api.detail(stranger.token, loanId)).status).toBe(404);
    expect((await api.listMy(stranger.token)).result.total).toBe(0);
    expect((await api.detail(owner.token, loanId)).status).toBe(200);
  });

  it("a double submit with the same request id returns the first loan and moves money once", async () => {
    const before = await snapshot();
    const again = await api.pledgeApply(owner.token, { ...good, amount: "1000", requestId: "first" });
    expect(again.status).toBe(200);
    expect(again.result.id).toBe(loanId);
    expect(await snapshot()).toEqual(before);
    expect((await api.listMy(owner.token)).result.total).toBe(1);
  });

  it("bad queries are 400, never 500", async () => {
    for (const url of [
      `${P}/quote?setId=abc&amount=1&days=7`,
      `${P}/quote?setId=${pledgeSet.id}&amount=1&days=7`,
      `${P}/detail?id=-1`,
      `${P}/listMy?status=lost`,
      "/api/prod/appLoanSet/list?type=mortgage",
    ]) {
      const res = await app.inject({ method: "GET", url, headers: auth(owner.token) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
  });
});
