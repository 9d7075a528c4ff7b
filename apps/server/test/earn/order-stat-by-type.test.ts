// Issue 35 §5a: the fixed-term (arbitrage) screen's header counts fixed-term orders only.
// orderStat?type=arbitrage leaves out debt claims, mining and quant orders; without a type it
// counts every earn order, as before.
import { Decimal, dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { fundedCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { earnApi, type Json } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = earnApi(app);

const openTo = (p: Json) => p.vipLevel === 0 && p.currency === "USDT" && p.status !== "sold_out";

describe("earn totals by product type", () => {
  it("the fixed-term totals leave out a debt-claim order", async () => {
    const c = await fundedCustomer(app, database, "100000");
    const fixed = (await api.products("arbitrage")).find(openTo);
    const debt = (await api.products("debt")).find(openTo);
    if (!fixed || !debt) throw new Error("seeded arbitrage and debt products open to VIP 0 in USDT");
    const fixedAmount = Decimal.max(fixed.minAmount, "100").toFixed();
    const debtAmount = Decimal.max(debt.minAmount, "100").toFixed();
    expect((await api.buy(c.token, fixed.id, fixedAmount)).status).toBe(200);
    const boughtDebt = await api.buy(c.token, debt.id, debtAmount);
    expect(boughtDebt.status, boughtDebt.message).toBe(200);

    const onlyFixed = await api.call("GET", "/api/prod/appProductOrder/orderStat?type=arbitrage", c.token);
    expect(onlyFixed.status).toBe(200);
    expect(onlyFixed.result.totalAmount).toBe(fixedAmount);
    expect(onlyFixed.result.running).toBe(1);

    const onlyDebt = await api.call("GET", "/api/prod/appProductOrder/orderStat?type=debt", c.token);
    expect(dec(onlyDebt.result.totalAmount).eq(debtAmount)).toBe(true);

    const all = (await api.stat(c.token)).result;
    expect(dec(all.totalAmount).eq(dec(fixedAmount).plus(debtAmount))).toBe(true);
  });

  it("refuses an unknown type with a 400", async () => {
    const c = await fundedCustomer(app, database, "0");
    const res = await api.call("GET", "/api/prod/appProductOrder/orderStat?type=lottery", c.token);
    expect(res.status).toBe(400);
  });
});
