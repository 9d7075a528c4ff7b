// Mining (daily output from published inputs, never negative, the price not returned) and
// debt claims (raise, loan start, pro-rata repayments, principal back, default with
// recovery and write-off, overdue freeze, calling off a raise) through the API and the
// sandbox test clock; operator product validation and access.
import { dec, miningDailyOutput } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, fundedCustomer, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { setPrices } from "../wallet/factory";
import { balances, DAY, earnApi, type Json, recordDailyClose } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = earnApi(app);
const op = await createOperator(app, database);
const opCall = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  api.call(method, url, op.token, payload);

describe("mining", () => {
  it("buys hashrate (not returned) and pays the formula's output daily with its inputs", async () => {
    setPrices(app, { BTCUSDT: "92000" });
    // The first output is valued at the recorded close of the day of purchase.
    await recordDailyClose(app, app.clock.today(), "92000");
    const c = await fundedCustomer(app, database, "1000");
    const p = (await api.products("mining"))[0] as Json;
    expect(p.inputs).toMatchObject({ btcPrice: "92000", rewardPerThDay: "0.00000055" });
    expect((await api.buy(c.token, p.id, "70")).status).toBe(400); // debitBuy is not for mining
    const bought = await api.buy(c.token, p.id, "70", undefined, "minerBuy");
    expect(bought.status).toBe(200);
    expect(bought.result.hashrate).toBe(dec("70").div(p.pricePerTh).toFixed());
    expect(await balances(database, c.id)).toEqual({ spot: "930", earn: "0" });

    await api.advance(DAY);
    const order = (await api.order(c.token, bought.result.id)).result;
    expect(order.incomes).toHaveLength(1);
    const income = order.incomes[0];
    const expected = miningDailyOutput(
      {
        hashrate: bought.result.hashrate,
        rewardPerThDay: "0.00000055",
        btcPrice: "92000",
        machineHashrate: p.hashrate,
        machinePowerW: p.power,
        electricityPrice: "0.05",
      },
      6, // USDT's decimals in the wallet
    );
    expect(income).toMatchObject({ kind: "mining", amount: expected.net });
    expect(income.transferId).toEqual(expect.any(Number));
    expect(income.inputs).toMatchObject({
      btcPrice: "92000",
      rewardPerThDay: "0.00000055",
      electricityPrice: "0.05",
      powerCost: expected.powerCost,
    });
    expect(dec(expected.net).gt(0)).toBe(true);
    expect((await balances(database, c.id)).spot).toBe(dec("930").plus(expected.net).toFixed());
    expect((await api.balanceLog(c.token, "mining_output")).result.records).toHaveLength(1);
  });

  it("pays 0, never a negative amount, when the power costs more than the output", async () => {
    setPrices(app, { BTCUSDT: "1000" });
    await recordDailyClose(app, app.clock.today(), "1000");
    const c = await fundedCustomer(app, database, "100");
    const p = (await api.products("mining"))[0] as Json;
    const bought = await api.buy(c.token, p.id, "100", undefined, "minerBuy");
    await api.advance(DAY);
    const income = (await api.order(c.token, bought.result.id)).result.incomes[0];
    expect(income).toMatchObject({ amount: "0" });
    expect(income.inputs.capped).toBe(1);
    expect(await balances(database, c.id)).toEqual({ spot: "0", earn: "0" });
    setPrices(app, { BTCUSDT: "92000" });
  });
});

describe("debt claims", () => {
  it("are public to read, need login to buy", async () => {
    const list = await api.call("GET", "/api/prod/appProductInfo/list?type=debt");
    expect(list.status).toBe(200);
    expect(list.result[0]).toMatchObject({ type: "debt", rateBasis: "fixed" });
    expect(
      (
        await api.call("POST", "/api/prod/appProductOrder/debitBuy", undefined, {
          productId: list.result[0].id,
          amount: 100,
        })
      ).status,
    ).toBe(401);
  });

  it("raise → loan starts → interest shared pro rata → principal back", async () => {
    const saleEndAt = new Date(app.clock.nowMs() + 2 * DAY * 1000).toISOString();
    const created = await opCall("POST", "/api/operator/earn/products", debtInput({ saleEndAt, totalAmount: "3000" }));
    expect(created.status).toBe(200);
    const id = created.result.id;
    const a = await fundedCustomer(app, database, "5000");
    const b = await fundedCustomer(app, database, "5000");
    expect((await api.buy(a.token, id, "2000")).result.status).toBe("not_started");
    expect((await api.buy(b.token, id, "1000")).result.status).toBe("not_started");
    const over = await api.buy(b.token, id, "100");
    expect(over.status).toBe(409);
    expect(over.message).toMatch(/only 0 USDT is left/);

    await api.advance(2 * DAY + 60);
    const orders = (await api.listMy(a.token, "?type=debt")).result.records;
    expect(orders[0]).toMatchObject({ status: "running" });
    const paid = await opCall("POST", `/api/operator/earn/debt/${id}/repayment`, {
      kind: "interest",
      amount: "30",
      clientRequestId: "int-1",
    });
    expect(paid.result).toMatchObject({ orders: 2, distributed: "30" });
    // The same operator request again pays nothing more.
    await opCall("POST", `/api/operator/earn/debt/${id}/repayment`, {
      kind: "interest",
      amount: "30",
      clientRequestId: "int-1",
    }).catch(() => null);
    expect((await balances(database, a.id)).spot).toBe("3020");
    expect((await balances(database, b.id)).spot).toBe("4010");

    const wrong = await opCall("POST", `/api/operator/earn/debt/${id}/repayment`, {
      kind: "principal",
      amount: "2999",
      clientRequestId: "p-0",
    });
    expect(wrong.status).toBe(400);
    const back = await opCall("POST", `/api/operator/earn/debt/${id}/repayment`, {
      kind: "principal",
      amount: "3000",
      clientRequestId: "p-1",
    });
    expect(back.status).toBe(200);
    expect(await balances(database, a.id)).toEqual({ spot: "5020", earn: "0" });
    const ended = (await api.listMy(a.token, "?type=debt")).result.records[0];
    expect(ended).toMatchObject({ status: "ended", endReason: "repaid", totalIncome: "20", returnedAmount: "2000" });
  });

  it("maturity without repayment freezes the orders; a default shares the recovery and writes off the rest", async () => {
    const saleEndAt = new Date(app.clock.nowMs() + DAY * 1000).toISOString();
    const id = (await opCall("POST", "/api/operator/earn/products", debtInput({ saleEndAt, termDays: 10 }))).result.id;
    const a = await fundedCustomer(app, database, "1000");
    const b = await fundedCustomer(app, database, "1000");
    await api.buy(a.token, id, "600");
    await api.buy(b.token, id, "400");
    await api.advance(12 * DAY);
    expect((await api.listMy(a.token, "?type=debt")).result.records[0].status).toBe("frozen");
    const res = await opCall("POST", `/api/operator/earn/debt/${id}/default`, {
      recoveredAmount: "500",
      note: "sale of the vans",
      clientRequestId: "d-1",
    });
    expect(res.result).toMatchObject({ orders: 2, recovered: "500", writtenOff: "500" });
    expect(await balances(database, a.id)).toEqual({ spot: "700", earn: "0" });
    expect(await balances(database, b.id)).toEqual({ spot: "800", earn: "0" });
    const order = (await api.listMy(a.token, "?type=debt")).result.records[0];
    expect(order).toMatchObject({ status: "ended", endReason: "defaulted", returnedAmount: "300" });
    expect((await api.balanceLog(a.token, "debt_writeoff")).result.records[0]).toMatchObject({
      amount: "-300",
      accountKind: "earn",
    });
    expect(
      (
        await opCall("POST", `/api/operator/earn/debt/${id}/default`, {
          recoveredAmount: "0",
          note: "again",
          clientRequestId: "d-2",
        })
      ).status,
    ).toBe(409);
  });

  it("calling off a raise returns every investor's amount", async () => {
    const saleEndAt = new Date(app.clock.nowMs() + 3 * DAY * 1000).toISOString();
    const id = (await opCall("POST", "/api/operator/earn/products", debtInput({ saleEndAt }))).result.id;
    const a = await fundedCustomer(app, database, "500");
    await api.buy(a.token, id, "500");
    expect((await opCall("POST", `/api/operator/earn/debt/${id}/cancel`)).result.orders).toBe(1);
    expect(await balances(database, a.id)).toEqual({ spot: "500", earn: "0" });
    expect((await api.listMy(a.token)).result.records[0]).toMatchObject({ status: "cancelled" });
  });
});

describe("operator", () => {
  it("validates products and refuses customers", async () => {
    const c = await registerCustomer(app);
    expect((await api.call("GET", "/api/operator/earn/products", c.token)).status).toBe(403);
    expect((await api.call("GET", "/api/operator/earn/products")).status).toBe(401);
    const bad = await opCall("POST", "/api/operator/earn/products", { ...debtInput({}), saleEndAt: undefined });
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/saleEndAt/);
    const noName = await opCall("POST", "/api/operator/earn/products", { ...debtInput({}), name: { ko: "x" } });
    expect(noName.status).toBe(400);
    const miningNoMachine = await opCall("POST", "/api/operator/earn/products", {
      ...debtInput({}),
      type: "mining",
      dailyRate: undefined,
    });
    expect(miningNoMachine.status).toBe(400);
    const all = await opCall("GET", "/api/operator/earn/products?type=arbitrage");
    expect(all.result[0].texts.name["zh-cn"]).toBeTruthy();
    const orders = await opCall("GET", "/api/operator/earn/orders?pageSize=5");
    expect(orders.status).toBe(200);
    expect(orders.result.records[0]).toHaveProperty("userId");
  });

  it("the ledger still sums to zero per currency", async () => {
    const audit = await auditLedger(database.db);
    expect(audit.violations).toEqual([]);
    expect(audit.transfers).toBeGreaterThan(10);
  });
});

function debtInput(over: Record<string, unknown>) {
  const t = (s: string) => ({ "en-us": s });
  return {
    type: "debt",
    name: t("Test loan"),
    riskNotice: t("You can lose money if the borrower does not pay."),
    borrower: t("Example Ltd."),
    defaultPolicy: t("Investors share what is recovered."),
    currency: "USDT",
    termDays: 30,
    dailyRate: "0.0005",
    minAmount: "10",
    maxAmount: "10000",
    totalAmount: "100000",
    saleEndAt: new Date(app.clock.nowMs() + DAY * 1000).toISOString(),
    ...over,
  };
}
