// Issue 35 §10 and §5b: the pledge loan's "use minimum" (the quote's minCollateral) leaves a
// safety margin below the initial LTV, so a small price fall between quote and submit is still
// accepted; a larger one is refused with the new minimum in the error envelope's result, and
// applying with that figure goes through; a refusal moves no balance. The loan identity form is
// prefilled from the approved KYC. A credit loan under review owes nothing yet.
import { dec, PLEDGE_LTV_MARGIN, quoteFromMid, suggestedCollateral, toMoneyString } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { auth, createOperator, fund, registerCustomer, verifyIdentity } from "../factory";
import { setupApp } from "../helper";
import { balance, creditBorrower, loansApi, tick } from "./factory";

const { app, database } = await setupApp();
const api = loansApi(app);
const operator = await createOperator(app, database);

const bidAt = (symbol: string, price: string) => {
  const info = app.market.findSymbol(symbol);
  if (!info) throw new Error(symbol);
  return toMoneyString(quoteFromMid(price, info.spread, info.pricePrecision).bid);
};

async function quoted(token: string, setId: number, amount: string) {
  const q = await api.quote(token, `setId=${setId}&amount=${amount}&days=30&collateralCurrency=BTC`);
  expect(q.status, q.message).toBe(200);
  return q.result;
}

describe("'use minimum' leaves a margin below the initial LTV", () => {
  it("the quote's minimum puts the LTV the margin below the initial LTV, not at it", async () => {
    const set = await api.set("pledge");
    const c = await registerCustomer(app);
    tick(app, "BTCUSDT", "60000");
    const q = await quoted(c.token, set.id, "30000");
    const bid = bidAt("BTCUSDT", "60000");
    expect(dec(q.collateralPrice).eq(bid)).toBe(true);
    expect(q.minCollateral).toBe(suggestedCollateral("30000", bid, set.initialLtv, 8));
    const target = dec(set.initialLtv).mul(dec(1).minus(PLEDGE_LTV_MARGIN));
    expect(dec(q.ltv).lte(target)).toBe(true);
    expect(dec(q.ltv).lt(set.initialLtv)).toBe(true);
  });

  it("a price fall smaller than the margin between quote and submit is still accepted", async () => {
    const set = await api.set("pledge");
    const c = await registerCustomer(app);
    await fund(database, c.id, "BTC", "2");
    tick(app, "BTCUSDT", "60000");
    const q = await quoted(c.token, set.id, "30000");
    tick(app, "BTCUSDT", "58500"); // −2.5 %
    const res = await api.pledgeApply(c.token, {
      setId: set.id,
      amount: "30000",
      days: 30,
      collateralCurrency: "BTC",
      collateralAmount: q.minCollateral,
    });
    expect(res.status, res.message).toBe(200);
    expect(dec(res.result.ltv).lte(set.initialLtv)).toBe(true);
  });
});

describe("a refusal for too little collateral offers the new minimum", () => {
  it("carries the minimum at the new bid in the envelope's result, moves nothing, and that minimum is accepted", async () => {
    const set = await api.set("pledge");
    const c = await registerCustomer(app);
    await fund(database, c.id, "BTC", "2");
    tick(app, "BTCUSDT", "60000");
    const q = await quoted(c.token, set.id, "30000");
    tick(app, "BTCUSDT", "54000"); // −10 %: more than the margin
    const body = { setId: set.id, amount: "30000", days: 30, collateralCurrency: "BTC" };
    const res = await app.inject({
      method: "POST",
      url: "/api/prod/appLoanOrder/pledgeApply",
      headers: { ...auth(c.token), "X-Lang": "xi" },
      payload: { ...body, collateralAmount: q.minCollateral },
    });
    expect(res.statusCode).toBe(400);
    const envelope = res.json();
    const bid = bidAt("BTCUSDT", "54000");
    const newMinimum = suggestedCollateral("30000", bid, set.initialLtv, 8);
    expect(envelope).toMatchObject({ success: false, code: 400 });
    expect(envelope.result).toEqual({
      minCollateral: newMinimum,
      collateralCurrency: "BTC",
      collateralPrice: bid,
      ltv: expect.any(String),
      maxLtv: toMoneyString(set.initialLtv),
    });
    expect(dec(envelope.result.ltv).gt(set.initialLtv)).toBe(true);
    expect(dec(newMinimum).gt(q.minCollateral)).toBe(true);
    expect(envelope.message).toContain(newMinimum); // in the caller's language (Spanish)
    expect(envelope.message).toContain("necesitas al menos");
    // Nothing moved.
    expect(await balance(database, c.id, "BTC")).toBe("2");
    expect(await balance(database, c.id, "BTC", "collateral")).toBe("0");
    expect(await balance(database, c.id, "USDT")).toBe("0");
    expect((await api.listMy(c.token)).result.total).toBe(0);

    // The offered figure goes through at the same bid.
    const again = await api.pledgeApply(c.token, { ...body, collateralAmount: newMinimum });
    expect(again.status, again.message).toBe(200);
    expect(dec(again.result.ltv).lt(set.initialLtv)).toBe(true);
    expect(await balance(database, c.id, "BTC", "collateral")).toBe(newMinimum);
  });
});

describe("the loan identity form is prefilled from the approved KYC", () => {
  it("gives the approved name and document number; nothing before approval", async () => {
    const c = await registerCustomer(app);
    const before = await api.identity(c.token);
    expect(before.result.prefill).toEqual({ realName: null, idNumber: null });
    // A basic submission with name and number, approved by staff.
    await verifyIdentity(app, database, c, operator, { realName: "Grace Hopper", documentNumber: "P7654321" });
    const after = await api.identity(c.token);
    expect(after.result.prefill).toEqual({ realName: "Grace Hopper", idNumber: "P7654321" });
    // Another customer never sees them.
    const other = await registerCustomer(app);
    expect((await api.identity(other.token)).result.prefill).toEqual({ realName: null, idNumber: null });
  });
});

describe("a credit loan under review owes nothing yet", () => {
  it("shows no owed amount and counts nothing in assets until paid out", async () => {
    const set = await api.set("credit");
    const c = await creditBorrower(app, database, operator);
    const amount = toMoneyString(set.minAmount);
    const applied = await api.creditApply(c.token, { setId: set.id, amount, days: set.days[0] });
    expect(applied.status, applied.message).toBe(200);
    expect(applied.result.status).toBe("under_review");
    const detail = (await api.detail(c.token, applied.result.id)).result;
    expect(detail).toMatchObject({ status: "under_review", outstanding: "0", principalOutstanding: "0" });
    const listed = (await api.listMy(c.token)).result.records[0];
    expect(listed).toMatchObject({ id: applied.result.id, outstanding: "0" });
    expect((await api.info(c.token)).result.outstanding).toBe("0");
    const assets = await app.inject({
      method: "GET",
      url: "/api/finance/appWallet/queryUserAssets",
      headers: auth(c.token),
    });
    expect(assets.json().result.loansOwed).toBe("0");

    // Paid out: now it is owed.
    const approved = await api.call(
      "POST",
      `/api/operator/loans/orders/${applied.result.id}/approve`,
      operator.token,
      {},
    );
    expect(approved.status, approved.message).toBe(200);
    expect((await api.detail(c.token, applied.result.id)).result.outstanding).toBe(amount);
  });
});
