// A contest from join to prizes on the sandbox test clock: three customers join (virtual
// CUSDT granted), two trade futures in contest mode, the price moves, the live ranking
// orders them by yield, one exits (-3, result kept, money back), the end job closes the
// open positions at market, freezes the ranking and pays USDT prizes from the rewards
// account through the ledger (to ranked traders with a profit); running the end job again
// pays nothing more.
import { describe, expect, it, vi } from "vitest";
import { auditLedger, getPlatformBalances } from "../../src/modules/ledger/service";
import { createOperator, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { balance, contestApi, createContest, DAY, HOUR, type Json, ledgerByKey, tick } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = contestApi(app);

describe("a contest from join to prizes", () => {
  it("join → trade → rank → exit → end → prizes, once", async () => {
    const operator = await createOperator(app, database);
    tick(app, "BTCUSDT", "60000");
    tick(app, "ETHUSDT", "3000");
    const contest = await createContest(app, operator.token);
    expect(contest.status).toBe(0);
    const id = contest.id as number;

    const [a, b, c] = [await registerCustomer(app), await registerCustomer(app), await registerCustomer(app)];
    for (const who of [a, b, c]) {
      const joined = await api.join(who.token, id);
      expect(joined.status, joined.message).toBe(200);
      expect(joined.result).toMatchObject({ status: 0, available: "10000", currency: "CUSDT" });
      expect(await balance(database, who.id, "CUSDT", "contest")).toBe("10000");
    }
    expect((await api.join(a.token, id)).status).toBe(409); // twice

    const listed = await api.list("?status=0", a.token);
    expect(listed.result.records.find((r: Json) => r.id === id)).toMatchObject({ entrants: 3, myStatus: 0 });

    // Before the start contest money cannot trade.
    const early = await api.open(a.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "1000",
      leverage: "2",
      mode: "contest",
      contestId: id,
    });
    expect(early.status).toBe(400);

    expect((await api.advance(HOUR + 60)).status).toBe(200); // start job: 0 → 1
    expect((await api.detail(id, a.token)).result).toMatchObject({ status: 1, entrants: 3 });

    const longA = await api.open(a.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "1000",
      leverage: "2",
      mode: "contest",
      contestId: id,
    });
    expect(longA.status, longA.message).toBe(200);
    expect(longA.result).toMatchObject({ mode: "contest", contestId: id, currency: "CUSDT" });
    const shortB = await api.open(b.token, {
      symbol: "BTCUSDT",
      direction: "short",
      margin: "1000",
      leverage: "2",
      mode: "contest",
      contestId: id,
    });
    expect(shortB.status, shortB.message).toBe(200);
    // Real money untouched.
    expect(await balance(database, a.id, "USDT")).toBe("0");
    // The asset centre shows the contest money as contest funds, never in the real total.
    const assets = await api.call("GET", "/api/finance/appWallet/queryUserAssets", c.token);
    expect(assets.status, assets.message).toBe(200);
    expect(assets.result).toMatchObject({ totalUsdt: "0", contestFrozen: "10000", virtual: "0" });

    // The price rises: a gains, b loses; the live ranking follows.
    tick(app, "BTCUSDT", "63000");
    await app.settlement.caughtUp();
    await app.contests.board.idle();
    const ranking = await api.ranking(id, a.token);
    expect(ranking.status).toBe(200);
    const order = ranking.result.records.map((r: Json) => r.me);
    expect(order[0]).toBe(true); // a first
    expect(ranking.result.records.map((r: Json) => r.rank)).toEqual([1, 2, 3]);
    expect(Number(ranking.result.records[0].yieldRate)).toBeGreaterThan(0);
    expect(Number(ranking.result.records[2].yieldRate)).toBeLessThan(0);
    for (const r of ranking.result.records) expect(r.nickname).not.toContain("@");

    const accountA = await api.account(a.token, id);
    expect(accountA.status).toBe(200);
    expect(Number(accountA.result.equity)).toBeGreaterThan(10000);
    expect(accountA.result.rank).toBe(1);

    // c exits: -3, result kept, virtual money back to the treasury.
    const exited = await api.exit(c.token, id);
    expect(exited.status, exited.message).toBe(200);
    expect(exited.result).toMatchObject({ status: -3, equity: "10000", yieldRate: "0", closedPositions: 0 });
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe("0");
    expect((await api.exit(c.token, id)).status).toBe(409);
    const cEntries = await api.myEntries(c.token);
    expect(cEntries.result.records[0]).toMatchObject({ contestId: id, status: -3, totalProfit: "0" });
    expect(cEntries.result.records[0].exitTime).not.toBeNull();

    // Past the end: the end job closes, freezes, pays.
    const rewardsBefore = (await getPlatformBalances(database.db, "USDT")).find((p) => p.kind === "rewards");
    expect((await api.advance(2 * DAY)).status).toBe(200);
    const detail = await api.detail(id, a.token);
    expect(detail.result.status).toBe(-2);
    expect(detail.result.myEntry).toMatchObject({ status: -2, rank: 1, prizePaid: "500" });

    const positionsA = await api.positions(a.token, `mode=contest&contestId=${id}`);
    expect(positionsA.status, positionsA.message).toBe(200);
    expect(positionsA.result.records[0]).toMatchObject({ status: "closed", contestId: id });
    expect(positionsA.result.records[0].closeTick).not.toBeNull();

    const frozen = await api.ranking(id);
    expect(frozen.result.records.map((r: Json) => [r.rank, r.status])).toEqual([
      [1, -2],
      [2, -2],
    ]);
    // Prizes: real USDT in the spot accounts, one ledger transfer each.
    expect(await balance(database, a.id, "USDT")).toBe("500");
    // b ranks 2nd but lost money: a prize needs a profit (the contest's default rule).
    expect(await balance(database, b.id, "USDT")).toBe("0");
    expect(await balance(database, c.id, "USDT")).toBe("0");
    const entries = (await api.entries(operator.token, id)).result.records as Json[];
    const entryA = entries.find((e) => e.userId === a.id);
    expect(await ledgerByKey(database, `contest:${id}:prize:${entryA.entryId}`)).toHaveLength(1);
    for (const who of [a, b, c]) {
      expect(await balance(database, who.id, "CUSDT", "contest")).toBe("0");
      expect(await balance(database, who.id, "CUSDT", "margin")).toBe("0");
    }
    const rewardsAfter = (await getPlatformBalances(database.db, "USDT")).find((p) => p.kind === "rewards");
    expect(Number(rewardsBefore?.balance ?? 0) - Number(rewardsAfter?.balance ?? 0)).toBe(500);

    const aEntries = await api.myEntries(a.token);
    expect(aEntries.result.records[0]).toMatchObject({ status: -2, rank: 1, prizePaid: "500" });
    expect(Number(aEntries.result.records[0].totalProfit)).toBeGreaterThan(0);

    // The winner's inbox says so (the content module follows "contest.prize_paid").
    await vi.waitFor(async () => {
      const inbox = await api.call("GET", "/api/content/appNotice/myList?category=transaction", a.token);
      expect(inbox.result.records.map((r: Json) => r.title)).toContain("Contest prize paid");
    });

    // A second run of the end job pays nothing more.
    const again = await app.contests.end(id);
    expect(again.paid).toBe(0);
    expect(await balance(database, a.id, "USDT")).toBe("500");
    expect(await balance(database, b.id, "USDT")).toBe("0");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
