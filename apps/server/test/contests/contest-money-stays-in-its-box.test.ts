// Issue "Money that cannot be gamed", item 4: contest money (CUSDT and C-prefixed holdings)
// and contest P&L never become real money, except the prize, which is paid in USDT from the
// rewards account through the ledger (test/contests/lifecycle.test.ts checks the prize).
// Each test tries one way out of the box: rebates and task rewards on contest fees, flash
// exchange, withdrawal, a real-mode spot sell of contest holdings, options/earn and IEO
// payment with contest money.
import { describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, registerCustomer, WITHDRAWAL_PASSWORD, walletCustomer } from "../factory";
import { setupApp } from "../helper";
import { beaconTick, createProject, ieoApi, projectInput } from "../ieo/factory";
import { api as rewardsApi } from "../rewards/factory";
import { balance, contestApi, createContest, HOUR, type Json, tick } from "./factory";

// No new-address hold: passing it would move the business clock past this contest's end.
const { app, database } = await setupApp({ withdrawalAddressCooldownHours: 0 });
const api = contestApi(app);
const operator = await createOperator(app, database);
tick(app, "BTCUSDT", "60000");
const contest = await createContest(app, operator.token, { symbols: ["BTCUSDT"] });
const id = contest.id as number;

/** A customer in the running contest, holding CUSDT, a CBTC holding, and a closed contest trade. */
async function contestant(token: string): Promise<void> {
  expect((await api.join(token, id)).status).toBe(200);
}

let started = false;
async function start() {
  if (started) return;
  started = true;
  await api.advance(HOUR + 60);
}

/** Every USDT / CUSDT / CBTC figure of a customer's real (spot) account. */
async function realMoney(userId: number) {
  return {
    usdt: await balance(database, userId, "USDT"),
    cusdt: await balance(database, userId, "CUSDT"),
    cbtc: await balance(database, userId, "CBTC"),
    btc: await balance(database, userId, "BTC"),
  };
}

const nothing = { usdt: "0", cusdt: "0", cbtc: "0", btc: "0" };

describe("contest money stays in its own box", () => {
  it("contest trades' fees pay the inviter no rebate and count for no real-money task (contest P&L never becomes real money)", async () => {
    const inviter = await registerCustomer(app, { countryCode: "DE" });
    const code = (await rewardsApi(app, inviter.token).me()).body.result.inviteCode as string;
    const friend = await registerCustomer(app, { inviteCode: code });
    await contestant(friend.token);
    await start();
    tick(app, "BTCUSDT", "60000");
    const opened = await api.open(friend.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "1000",
      leverage: "2",
      mode: "contest",
      contestId: id,
    });
    expect(opened.status, opened.message).toBe(200);
    tick(app, "BTCUSDT", "60100");
    const closed = await api.call("POST", `/api/trade/appTradePositions/close/${opened.result.id}`, friend.token);
    expect(closed.status, closed.message).toBe(200);
    const bought = await api.call("POST", "/api/trade/appSpotOrder/create", friend.token, {
      symbol: "BTCUSDT",
      side: "buy",
      type: "market",
      quantity: "0.01",
      mode: "contest",
      contestId: id,
    });
    expect(bought.status, bought.message).toBe(200);

    // Reading the rebates and tasks runs the rewards' ledger follower.
    const rebates = (await rewardsApi(app, inviter.token).rebates()).body.result;
    expect(rebates.total).toBe(0);
    const tasks = await rewardsApi(app, friend.token).tasks("personal");
    const trade = tasks.find((t: Json) => t.event === "trade");
    expect(trade?.progress ?? 0).toBe(0);
    expect(await realMoney(inviter.id)).toEqual(nothing);
    expect(await realMoney(friend.id)).toEqual(nothing);
  });

  it("flash exchange of CUSDT or CBTC into USDT is refused, balances untouched", async () => {
    const c = await registerCustomer(app);
    await contestant(c.token);
    for (const [from, to] of [
      ["CUSDT", "USDT"],
      ["CBTC", "USDT"],
      ["USDT", "CUSDT"],
    ]) {
      const res = await api.call("POST", "/api/trade/appFlashExchangeLog/flashExchange", c.token, {
        from,
        to,
        amount: "100",
      });
      expect(res.status, `${from}→${to}: ${res.message}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe("10000");
    expect(await realMoney(c.id)).toEqual(nothing);
  });

  it("withdrawal of CUSDT is refused, balances untouched", async () => {
    const c = await walletCustomer(app);
    await contestant(c.token);
    const res = await api.call("POST", "/api/finance/appWithdrawal/apply", c.token, {
      currency: "CUSDT",
      amount: "100",
      accountId: c.accountId,
      withdrawalPassword: WITHDRAWAL_PASSWORD,
    });
    expect(res.status, res.message).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe("10000");
    expect(await realMoney(c.id)).toEqual(nothing);
  });

  it("a real-mode spot sell of C-prefixed holdings into USDT is refused", async () => {
    const c = await registerCustomer(app);
    await contestant(c.token);
    await start();
    tick(app, "BTCUSDT", "60000");
    const bought = await api.call("POST", "/api/trade/appSpotOrder/create", c.token, {
      symbol: "BTCUSDT",
      side: "buy",
      type: "market",
      quantity: "0.01",
      mode: "contest",
      contestId: id,
    });
    expect(bought.status, bought.message).toBe(200);
    expect(await balance(database, c.id, "CBTC", "contest")).toBe("0.01");
    for (const body of [
      { symbol: "BTCUSDT", side: "sell", type: "market", quantity: "0.01", mode: "real" },
      { symbol: "BTCUSDT", side: "sell", type: "market", quantity: "0.01" },
      { symbol: "CBTCUSDT", side: "sell", type: "market", quantity: "0.01", mode: "real" },
      // Contest holdings sold in contest mode stay contest money (CUSDT in the contest account).
    ]) {
      const res = await api.call("POST", "/api/trade/appSpotOrder/create", c.token, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const sold = await api.call("POST", "/api/trade/appSpotOrder/create", c.token, {
      symbol: "BTCUSDT",
      side: "sell",
      type: "market",
      quantity: "0.01",
      mode: "contest",
      contestId: id,
    });
    expect(sold.status, sold.message).toBe(200);
    expect(await balance(database, c.id, "CBTC", "contest")).toBe("0");
    expect(await realMoney(c.id)).toEqual(nothing);
  });

  it("options and earn take no contest money", async () => {
    const c = await registerCustomer(app);
    await contestant(c.token);
    await start();
    tick(app, "BTCUSDT", "60000");
    const sets = await api.call("GET", "/api/trade/appSecondContractSet/list?symbol=BTCUSDT", c.token);
    const setId = (sets.result as Json[])[0]?.id ?? 1;
    const option = await api.call("POST", "/api/trade/appSecondContractOrder/buy", c.token, {
      symbol: "BTCUSDT",
      setId,
      direction: "up",
      amount: "100",
      mode: "contest",
      contestId: id,
    });
    expect(option.status, option.message).toBe(400);

    const products = await api.call("GET", "/api/prod/appProductInfo/list?pageSize=50", c.token);
    const product = (products.result?.records ?? []).find((p: Json) => p.currency === "USDT");
    if (product) {
      const earn = await api.call("POST", "/api/prod/appProductOrder/debitBuy", c.token, {
        productId: product.id,
        amount: String(product.minAmount ?? "100"),
      });
      expect(earn.status, earn.message).toBeGreaterThanOrEqual(400);
      expect(earn.status).toBeLessThan(500);
    }
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe("10000");
    expect(await realMoney(c.id)).toEqual(nothing);
  });

  it("an IEO is paid with real USDT only: a winner holding only contest money cannot pay", async () => {
    const ieo = ieoApi(app);
    const c = await registerCustomer(app);
    await contestant(c.token);
    const project = await createProject(app, operator.token, projectInput(await ieo.now()));
    await ieo.advance(HOUR + 1);
    const applied = await ieo.apply(c.token, { projectId: project.id, quantity: 2 });
    expect(applied.status, applied.message).toBe(200);
    await ieo.advance(HOUR); // applications close
    beaconTick(app); // the draw's beacon: the first BTCUSDT tick after the close
    await ieo.advance(HOUR); // the draw: the only applicant wins
    const [order] = (await ieo.orders(c.token)).result.records as Json[];
    expect(order?.status).toBe("won");
    const paid = await ieo.pay(c.token, order.id);
    expect(paid.status, paid.message).toBe(409);
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe("10000");
    expect(await realMoney(c.id)).toEqual(nothing);
  });

  it("the ledger stays balanced", async () => {
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
