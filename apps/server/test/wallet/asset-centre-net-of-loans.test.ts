// The asset centre nets out loans (issue 35 §3): a pledge loan's disbursed USDT and its
// collateral are assets, what is owed on it is its own line, and net = total − owed; demo
// money stays virtual, outside both.
import { describe, expect, it } from "vitest";
import { auth, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { loansApi, tick } from "../loans/factory";

const { app, database } = await setupApp();
const loans = loansApi(app);

async function assets(token: string) {
  const res = await app.inject({ method: "GET", url: "/api/finance/appWallet/queryUserAssets", headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

describe("asset centre net of loans", () => {
  it("without loans, net equals the total and nothing is owed", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "250");
    await fund(database, c.id, "VUSDT", "10000", "demo");
    const a = await assets(c.token);
    expect(a).toMatchObject({ totalUsdt: "250", loansOwed: "0", netUsdt: "250", virtual: "10000" });
  });

  it("a pledge loan: owed on its own line, subtracted from the net, collateral still an asset", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "100");
    await fund(database, c.id, "BTC", "1");
    await fund(database, c.id, "VUSDT", "5000", "demo");
    tick(app, "BTCUSDT", "60000");
    const pledge = await loans.set("pledge");
    const opened = await loans.pledgeApply(c.token, {
      setId: pledge.id,
      amount: "1000",
      days: 30,
      collateralCurrency: "BTC",
      collateralAmount: "1",
      requestId: "net-assets",
    });
    expect(opened.status, opened.message).toBe(200);
    const a = await assets(c.token);
    // 100 + 1000 USDT on spot, 1 BTC (60000) as collateral; 1000 owed; 5000 VUSDT virtual.
    expect(a).toMatchObject({
      spot: "1100",
      other: "60000",
      totalUsdt: "61100",
      loansOwed: "1000",
      netUsdt: "60100",
      virtual: "5000",
    });
  });
});
