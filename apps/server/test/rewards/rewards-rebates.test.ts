// Rebates, one level: a share of each fee a directly invited customer pays, credited per fee
// transfer from the fees account and listed per trade; none for an inviter in a country
// where the deployment switched rebates off (GB by default).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAccountBalance, listOutbox } from "../../src/modules/ledger/service";
import { auth, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { api, balance, openOk, tick } from "./factory";

const ctx = await setupApp();
const { app, database } = ctx;

// Gold trades on weekdays only (real time); these tests are about rewards, not the calendar:
// without this they fail on a Saturday or a Sunday (npm run test:dates).
beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function invitedTrader(countryCode?: string) {
  const inviter = await registerCustomer(app, countryCode ? { countryCode } : {});
  const code = (await api(app, inviter.token).me()).body.result.inviteCode as string;
  const friend = await registerCustomer(app, { inviteCode: code });
  await fund(database, friend.id, "USDT", "1000");
  return { inviter, friend };
}

describe("rebates", () => {
  it("pay the inviter 20 % of each fee of a futures trade, listed per trade with the invitee masked", async () => {
    const { inviter, friend } = await invitedTrader("DE");
    const feesBefore = (await getAccountBalance(database.db, { platform: "fees", currency: "USDT" }))?.balance ?? "0";
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, friend, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    tick(app, "XAUUSD", "2401");
    const closed = await app.inject({
      method: "POST",
      url: `/api/trade/appTradePositions/close/${p.id}`,
      headers: auth(friend.token),
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const list = (await api(app, inviter.token).rebates()).body.result;
    expect(list.total).toBe(2);
    for (const r of list.records) {
      expect(r).toMatchObject({
        source: "futures",
        tradeRef: `futures_position:${p.id}`,
        share: "0.2",
        currency: "USDT",
      });
      expect(Number(r.amount)).toBeCloseTo(Number(r.fee) * 0.2, 8);
      expect(r.invitee).not.toBe(friend.username);
    }
    const total = list.records.reduce((s: number, r: { amount: string }) => s + Number(r.amount), 0);
    expect(Number(await balance(database, inviter.id))).toBeCloseTo(total, 8);
    const feesAfter = (await getAccountBalance(database.db, { platform: "fees", currency: "USDT" }))?.balance ?? "0";
    const feesPaid = list.records.reduce((s: number, r: { fee: string }) => s + Number(r.fee), 0);
    expect(Number(feesAfter) - Number(feesBefore)).toBeCloseTo(feesPaid - total, 6);

    const team = (await api(app, inviter.token).team()).body.result;
    expect(team).toMatchObject({ teamSize: 1, depositors: 1, traders: 1, rebatesEnabled: true, rebateShare: "0.2" });
    expect(Number(team.teamIncome)).toBeCloseTo(total, 8);
    // Reading again pays nothing more.
    expect((await api(app, inviter.token).rebates()).body.result.total).toBe(2);
    expect(Number(await balance(database, inviter.id))).toBeCloseTo(total, 8);
  });

  it("an inviter who closed their account gets no rebate, and the fee is handled, not retried for ever", async () => {
    const { inviter, friend } = await invitedTrader("DE");
    const closing = await app.inject({
      method: "POST",
      url: "/api/user/close",
      headers: auth(inviter.token),
      payload: { password: inviter.password },
    });
    expect(closing.statusCode, closing.body).toBe(200);
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, friend, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    // Any read of the rewards catches the follower up.
    expect((await api(app, friend.token).rebates()).status).toBe(200);
    expect(await balance(database, inviter.id)).toBe("0");
    const left = await listOutbox(database.db, 1000);
    expect(left.filter((t) => t.referenceType === "futures_position" && t.referenceId === String(p.id))).toEqual([]);
  });

  it("are switched off for an inviter in GB (the deployment default)", async () => {
    const { inviter, friend } = await invitedTrader("GB");
    tick(app, "XAUUSD", "2400");
    await openOk(app, friend, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    const me = api(app, inviter.token);
    expect((await me.rebates()).body.result.total).toBe(0);
    expect(await balance(database, inviter.id)).toBe("0");
    expect((await me.team()).body.result).toMatchObject({ rebatesEnabled: false, traders: 1 });
  });

  it("pay a share of the flash exchange spread, in the currency received", async () => {
    const { inviter, friend } = await invitedTrader("ES");
    tick(app, "BTCUSDT", "65000");
    const res = await app.inject({
      method: "POST",
      url: "/api/trade/appFlashExchangeLog/flashExchange",
      headers: auth(friend.token),
      payload: { from: "BTC", to: "USDT", amount: "0.001" },
    });
    expect(res.statusCode).toBe(409); // no BTC yet
    const swap = await app.inject({
      method: "POST",
      url: "/api/trade/appFlashExchangeLog/flashExchange",
      headers: auth(friend.token),
      payload: { from: "USDT", to: "BTC", amount: "500" },
    });
    expect(swap.statusCode, swap.body).toBe(200);
    const [record] = (await api(app, inviter.token).rebates()).body.result.records;
    expect(record).toMatchObject({ source: "exchange", currency: "BTC", share: "0.2" });
    expect(Number(record.fee)).toBeGreaterThan(0);
    expect(await balance(database, inviter.id, "spot", "BTC")).toBe(record.amount);
  });

  it("never pay for the customer's own trades or for demo trades", async () => {
    const { inviter, friend } = await invitedTrader("FR");
    await fund(database, inviter.id, "USDT", "500");
    tick(app, "XAUUSD", "2400");
    await openOk(app, inviter, { symbol: "XAUUSD", direction: "short", margin: "100", leverage: 5 });
    await openOk(app, friend, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 5, mode: "demo" });
    expect((await api(app, inviter.token).rebates()).body.result.total).toBe(0);
  });
});
