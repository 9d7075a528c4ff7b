// The balance log as a bank statement (issue 35 §6): a move between the customer's own
// accounts is one line, memos come as message keys with values, categories filter by kind of
// business on the server, virtual money is apart, and a bad filter is a translated 400.
import { describe, expect, it } from "vitest";
import { openOk } from "../contracts/factory";
import { auth, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { loansApi, tick } from "../loans/factory";

const { app, database } = await setupApp();
const loans = loansApi(app);

const c = await registerCustomer(app);
await fund(database, c.id, "USDT", "1000");
await fund(database, c.id, "BTC", "1");
await fund(database, c.id, "VUSDT", "10000", "demo");
tick(app, "BTCUSDT", "60000");
const position = await openOk(app, c, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
const pledge = await loans.set("pledge");
const loan = await loans.pledgeApply(c.token, {
  setId: pledge.id,
  amount: "500",
  days: 30,
  collateralCurrency: "BTC",
  collateralAmount: "0.5",
  requestId: "statement",
});
if (loan.status !== 200) throw new Error(loan.message);

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
type Json = any;
async function log(query: string, lang = "en-us") {
  const res = await app.inject({
    method: "GET",
    url: `/api/finance/appBalanceLog/list?pageSize=50${query}`,
    headers: { ...auth(c.token), "x-lang": lang },
  });
  return { status: res.statusCode, body: res.json() as Json };
}
const kinds = (records: Json[]) => records.map((r: Json) => r.kind).sort();

describe("balance log as a statement", () => {
  it("shows a move between my own accounts once, from the account it left", async () => {
    const { body } = await log("&category=trading");
    const margin = body.result.records.filter((r: Json) => r.kind === "futures_margin");
    expect(margin).toHaveLength(1);
    expect(margin[0]).toMatchObject({
      accountKind: "spot",
      toAccountKind: "margin",
      amount: "-100",
      currency: "USDT",
      virtual: false,
      memoKey: "futuresMargin",
      memoParams: { symbol: "BTCUSDT", direction: "long", leverage: "2" },
      referenceId: String(position.id),
    });
    // The fee left the customer for good: one line of its own, no toAccountKind.
    const fee = body.result.records.find((r: Json) => r.kind === "futures_fee");
    expect(fee).toMatchObject({ accountKind: "spot", toAccountKind: null, memoKey: "futuresOpeningFee" });
    expect(fee.amount.startsWith("-")).toBe(true);
  });

  it("filters loans, earn, rewards and contests on the server", async () => {
    const loansLog = await log("&category=loans");
    expect(loansLog.status).toBe(200);
    expect(kinds(loansLog.body.result.records)).toEqual(["loan_collateral", "loan_disburse"]);
    expect(loansLog.body.result.total).toBe(2);
    const collateral = loansLog.body.result.records.find((r: Json) => r.kind === "loan_collateral");
    expect(collateral).toMatchObject({ accountKind: "spot", toAccountKind: "collateral", amount: "-0.5" });
    for (const category of ["earn", "rewards", "contests"]) {
      const { status, body } = await log(`&category=${category}`);
      expect(status, category).toBe(200);
      expect(body.result.records, category).toEqual([]);
    }
  });

  it("keeps virtual money apart", async () => {
    const virtual = await log("&money=virtual");
    expect(kinds(virtual.body.result.records)).toEqual(["demo_grant"]);
    expect(virtual.body.result.records[0]).toMatchObject({ currency: "VUSDT", virtual: true });
    const real = await log("&money=real");
    expect(real.body.result.records.some((r: Json) => r.virtual)).toBe(false);
    const all = await log("");
    expect(all.body.result.total).toBe(real.body.result.total + virtual.body.result.total);
  });

  it("refuses an unknown category with a translated 400 envelope", async () => {
    const en = await log("&category=lottery");
    const zh = await log("&category=lottery", "zh-cn");
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ success: false, code: 400, result: null });
    expect(zh.status).toBe(400);
    expect(zh.body.message).not.toBe(en.body.message);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect((await log("&money=play")).status).toBe(400);
  });
});
