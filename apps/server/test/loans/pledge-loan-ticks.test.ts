// Pledge loans driven by price ticks through the settlement engine: the collateral is held
// at once, the LTV is re-evaluated on every tick of the collateral's symbol, a margin call
// is raised at its level (event for the inbox, banner flag on the order), and beyond the
// liquidation LTV just enough collateral is sold at the live bid to close the loan, the rest
// returned — with the deciding ticks kept as evidence. A gap below the collateral's worth
// leaves the shortfall with the platform: the customer's balances never go negative.
import type { LoanMarginCallEvent } from "@candor/contract";
import { dec, liquidation, quoteFromMid, toMoneyString } from "@candor/domain";
import { afterAll, describe, expect, it } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { findCurrency } from "../../src/modules/wallet/currencies";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, loansApi, tick } from "./factory";

const { app, database } = await setupApp();
const api = loansApi(app);
const marginCalls: LoanMarginCallEvent[] = [];
const off = app.bus.subscribe("loan.margin_call", (e) => marginCalls.push(e));
afterAll(() => off());

const bidAt = (symbol: string, price: string) => {
  const info = app.market.findSymbol(symbol);
  if (!info) throw new Error(symbol);
  return toMoneyString(quoteFromMid(price, info.spread, info.pricePrecision).bid);
};
const settled = async () => {
  await app.settlement.caughtUp();
  await app.loans.settler.idle();
};

async function borrower(collateral: string, amount: string) {
  const c = await registerCustomer(app);
  await fund(database, c.id, collateral, amount);
  return c;
}

async function open(token: string, body: Record<string, unknown>) {
  const set = await api.set("pledge");
  const res = await api.pledgeApply(token, { setId: set.id, days: 30, ...body });
  expect(res.status, res.message).toBe(200);
  return res.result;
}

describe("pledge loan through margin call to liquidation", () => {
  it("holds the collateral, raises the margin call, then sells just enough at the bid and returns the rest", async () => {
    const c = await borrower("BTC", "2");
    tick(app, "BTCUSDT", "60000");
    const loan = await open(c.token, { amount: "30000", collateralCurrency: "BTC", collateralAmount: "1" });
    expect(loan.status).toBe("passed");
    expect(loan.ltv).toBe(dec(30000).div(bidAt("BTCUSDT", "60000")).toDecimalPlaces(8, 0).toFixed());
    expect(loan.liquidationPrice).toBe("35294.11"); // 30000 / (1 × 0.85), truncated
    expect(await balance(database, c.id, "BTC")).toBe("1");
    expect(await balance(database, c.id, "BTC", "collateral")).toBe("1");
    expect(await balance(database, c.id, "USDT")).toBe("30000");

    tick(app, "BTCUSDT", "45000"); // LTV ≈ 0.667: nothing
    await settled();
    expect((await api.detail(c.token, loan.id)).result.marginCall).toBe(false);

    const call = tick(app, "BTCUSDT", "39000"); // LTV ≈ 0.769 ≥ 0.75
    await settled();
    let d = (await api.detail(c.token, loan.id)).result;
    expect(d.marginCall).toBe(true);
    expect(d.status).toBe("passed");
    expect(d.evidence).toHaveLength(1);
    expect(d.evidence[0]).toMatchObject({ kind: "margin_call", symbol: "BTCUSDT", price: "39000", ts: call.ts });
    expect(d.evidence[0].bid).toBe(bidAt("BTCUSDT", "39000"));
    const event = marginCalls.find((e) => e.orderId === loan.id);
    expect(event).toMatchObject({ userId: c.id, collateralCurrency: "BTC", marginCallLtv: "0.75", ts: call.ts });
    expect(dec(event?.ltv ?? 0).gte("0.75")).toBe(true);
    expect((await api.info(c.token)).result.marginCalls).toBe(1);

    tick(app, "BTCUSDT", "38000"); // still in the margin-call band: nothing new
    await settled();
    expect((await api.detail(c.token, loan.id)).result.evidence).toHaveLength(1);

    const liq = tick(app, "BTCUSDT", "35000"); // LTV ≈ 0.857 ≥ 0.85
    await settled();
    d = (await api.detail(c.token, loan.id)).result;
    const bid = bidAt("BTCUSDT", "35000");
    const usdt = (await findCurrency(database.db, "USDT"))?.precision ?? 8;
    const btc = (await findCurrency(database.db, "BTC"))?.precision ?? 8;
    const expected = liquidation("30000", "1", bid, btc, usdt);
    expect(d.status).toBe("liquidated");
    expect(d.marginCall).toBe(false);
    expect(d.outstanding).toBe("0");
    expect(d.liquidation).toMatchObject({
      price: bid,
      quantitySold: expected.quantitySold,
      proceeds: expected.proceeds,
      collateralReturned: expected.collateralReturned,
      shortfall: "0",
    });
    expect(d.evidence.map((e: { kind: string; ts: number }) => [e.kind, e.ts])).toEqual([
      ["margin_call", call.ts],
      ["liquidation", liq.ts],
    ]);
    expect(d.history.map((h: { event: string; status: string }) => [h.event, h.status])).toEqual([
      ["started", "passed"],
      ["margin_call", "passed"],
      ["liquidated", "liquidated"],
    ]);
    expect(d.history[2].reason).toContain(expected.quantitySold);
    expect(d.repayments).toEqual([
      expect.objectContaining({ kind: "liquidation", amount: "30000", principal: "30000" }),
    ]);
    expect(await balance(database, c.id, "BTC", "collateral")).toBe("0");
    expect(await balance(database, c.id, "BTC")).toBe(dec(1).plus(expected.collateralReturned).toFixed());
    expect(await balance(database, c.id, "USDT")).toBe(dec(30000).plus(expected.surplus).toFixed());
    const keys = (await getTransfersByReference(database.db, "loan", loan.id)).map((t) => t.key).sort();
    expect(keys).toEqual(
      [
        `loan:${loan.id}:collateral`,
        `loan:${loan.id}:disburse`,
        `loan:${loan.id}:liquidate:principal`,
        `loan:${loan.id}:liquidate:release`,
        `loan:${loan.id}:liquidate:sell`,
        ...(dec(expected.surplus).gt(0) ? [`loan:${loan.id}:liquidate:surplus`] : []),
      ].sort(),
    );
    // Later ticks change nothing.
    tick(app, "BTCUSDT", "20000");
    await settled();
    expect((await api.detail(c.token, loan.id)).result.evidence).toHaveLength(2);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("adding collateral during a margin call lowers the LTV and clears the banner", async () => {
    const c = await borrower("ETH", "20");
    tick(app, "ETHUSDT", "3000");
    const loan = await open(c.token, { amount: "10000", collateralCurrency: "ETH", collateralAmount: "6" }); // LTV ≈ 0.556
    tick(app, "ETHUSDT", "2200"); // LTV ≈ 0.758
    await settled();
    expect((await api.detail(c.token, loan.id)).result.marginCall).toBe(true);
    const added = await api.addCollateral(c.token, { id: loan.id, amount: "2", requestId: "add-1" });
    expect(added.status, added.message).toBe(200);
    expect(added.result).toMatchObject({ collateralAmount: "8", marginCall: false });
    // The same request again adds nothing.
    expect(
      (await api.addCollateral(c.token, { id: loan.id, amount: "2", requestId: "add-1" })).result.collateralAmount,
    ).toBe("8");
    expect(await balance(database, c.id, "ETH", "collateral")).toBe("8");
    expect(await balance(database, c.id, "ETH")).toBe("12");
    const d = (await api.detail(c.token, loan.id)).result;
    expect(d.history.map((h: { event: string }) => h.event)).toEqual([
      "started",
      "margin_call",
      "collateral_added",
      "margin_call_cleared",
    ]);
    // 10000 / (8 × 0.85) — liquidation needs a much lower price now.
    tick(app, "ETHUSDT", "1600");
    await settled();
    expect((await api.detail(c.token, loan.id)).result.status).toBe("passed");
  });

  it("a price gap below the debt sells all the collateral; the shortfall is the platform's, never the customer's", async () => {
    const c = await borrower("BTC", "1");
    tick(app, "BTCUSDT", "60000");
    const loan = await open(c.token, { amount: "30000", collateralCurrency: "BTC", collateralAmount: "1" });
    tick(app, "BTCUSDT", "20000"); // straight past both levels
    await settled();
    const d = (await api.detail(c.token, loan.id)).result;
    const bid = bidAt("BTCUSDT", "20000");
    expect(d.status).toBe("liquidated");
    expect(d.liquidation).toMatchObject({
      quantitySold: "1",
      proceeds: bid,
      collateralReturned: "0",
      shortfall: dec(30000).minus(bid).toFixed(),
    });
    expect(await balance(database, c.id, "BTC")).toBe("0");
    expect(await balance(database, c.id, "BTC", "collateral")).toBe("0");
    expect(await balance(database, c.id, "USDT")).toBe("30000"); // the loan paid out stays; nothing more is owed
    expect((await api.repay(c.token, { id: loan.id })).status).toBe(409);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("a margin call clears on a tick once the price brings the LTV back to the initial LTV", async () => {
    const c = await borrower("BTC", "1");
    tick(app, "BTCUSDT", "60000");
    const loan = await open(c.token, { amount: "30000", collateralCurrency: "BTC", collateralAmount: "1" });
    tick(app, "BTCUSDT", "39500");
    await settled();
    expect((await api.detail(c.token, loan.id)).result.marginCall).toBe(true);
    tick(app, "BTCUSDT", "45000"); // LTV ≈ 0.667: below the margin call, above the initial 0.6 — the banner stays
    await settled();
    expect((await api.detail(c.token, loan.id)).result.marginCall).toBe(true);
    const back = tick(app, "BTCUSDT", "52000"); // LTV ≈ 0.577 ≤ 0.6
    await settled();
    const d = (await api.detail(c.token, loan.id)).result;
    expect(d.marginCall).toBe(false);
    expect(d.evidence.map((e: { kind: string }) => e.kind)).toEqual(["margin_call", "margin_call_cleared"]);
    expect(d.evidence[1].ts).toBe(back.ts);
    expect((await api.info(c.token)).result.marginCalls).toBe(0);
  });

  it("the leader finds a loan it was never told about (no bus event) by reconciling with the database", async () => {
    const c = await borrower("BTC", "1");
    tick(app, "BTCUSDT", "60000");
    const loan = await open(c.token, { amount: "30000", collateralCurrency: "BTC", collateralAmount: "1" });
    app.loans.settler.remove(loan.id); // as if the "loan.index" event was lost
    tick(app, "BTCUSDT", "30000");
    await settled();
    expect((await api.detail(c.token, loan.id)).result.status).toBe("passed");
    await app.loans.settler.reconcile();
    tick(app, "BTCUSDT", "30000");
    await settled();
    expect((await api.detail(c.token, loan.id)).result.status).toBe("liquidated");
  });
});
