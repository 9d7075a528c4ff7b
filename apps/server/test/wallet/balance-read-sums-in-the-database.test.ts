// The balance read sums spot totals in SQL (the speed work of issue 9) and still gives the
// same figures as the accounts one by one: spot less holds is available, holds and the frozen
// kind are frozen, earn is neither; currencies come in the operator's order.
import type { LedgerKind } from "@candor/contract";
import { describe, expect, it } from "vitest";
import {
  getBalances,
  getSpotTotals,
  hold,
  numericToMoneyString,
  platformAccount,
  userAccount,
} from "../../src/modules/ledger/service";
import { createOperator, fund, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";
import { api, setPrices } from "./factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });

describe("spot totals summed by the database", () => {
  it("prints NUMERIC text the way toMoneyString does", () => {
    expect(numericToMoneyString("25000.000000000000000000")).toBe("25000");
    expect(numericToMoneyString("0.500000000000000000")).toBe("0.5");
    expect(numericToMoneyString("-12.340000000000000000")).toBe("-12.34");
    expect(numericToMoneyString("0.000000000000000000")).toBe("0");
    expect(numericToMoneyString("100")).toBe("100");
    expect(numericToMoneyString("0.000000000000000001")).toBe("0.000000000000000001");
  });

  it("match the per-account balances: spot less holds is available; holds and the frozen kind are frozen", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "1000.123456");
    await fund(database, c.id, "BTC", "0.000000000000000001");
    const key = `hot-path:${uniq()}`;
    await hold(database.db, {
      currency: "USDT",
      debit: userAccount(c.id),
      credit: platformAccount("clearing"),
      amount: "0.123456",
      key: `${key}:hold`,
      kind: "test_hold" as LedgerKind,
      reference: { type: "test", id: key },
    });
    await fund(database, c.id, "USDT", "5", "frozen");
    await fund(database, c.id, "USDT", "7", "earn");
    expect(await getSpotTotals(database.db, c.id)).toEqual([
      { currency: "BTC", available: "0.000000000000000001", frozen: "0" },
      { currency: "USDT", available: "1000", frozen: "5.123456" },
    ]);
    // The same figures as summing the accounts one by one (earn is neither).
    const accounts = await getBalances(database.db, c.id, { currency: "USDT" });
    expect(accounts.map((a) => [a.kind, a.available, a.held, a.balance])).toEqual([
      ["earn", "7", "0", "7"],
      ["frozen", "5", "0", "5"],
      ["spot", "1000", "0.123456", "1000.123456"],
    ]);

    const res = await get("/api/finance/appWallet/queryUserBalance", c.token);
    const by = Object.fromEntries(res.result.map((b: { currency: string }) => [b.currency, b]));
    expect(by.USDT).toEqual({ currency: "USDT", available: "1000", frozen: "5.123456", usdtValue: "1005.123456" });
    // 1e-18 BTC is worth 5e-14 USDT: truncated to 8 places it shows as 0, never rounded up.
    expect(by.BTC).toEqual({ currency: "BTC", available: "0.000000000000000001", frozen: "0", usdtValue: "0" });
  });

  it("list currencies in the operator's order, changed at once when the operator edits it", async () => {
    const operator = await createOperator(app, database);
    const c = await registerCustomer(app);
    const before = (await get("/api/finance/appWallet/queryUserBalance", c.token)).result;
    expect(before[0].currency).toBe("USDT");
    const moved = await post("/api/operator/wallet/currency/update", operator.token, { currency: "ETH", sort: 1 });
    expect(moved.status).toBe(200);
    const after = (await get("/api/finance/appWallet/queryUserBalance", c.token)).result;
    expect(after.map((b: { currency: string }) => b.currency).slice(0, 2)).toEqual(["ETH", "USDT"]);
    expect(after).toHaveLength(before.length);
  });
});
