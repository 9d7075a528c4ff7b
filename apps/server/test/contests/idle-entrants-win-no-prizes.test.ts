// Issue "Money that cannot be gamed", item 2: idle contest entrants win no prizes. An entry
// that never traded keeps yield 0, which a ranking by yield alone puts above every trader who
// is net negative after fees. Only entries with at least the contest's minimum of closed
// contest trades (default 1) are ranked for prizes, and a prize needs a positive yield unless
// the contest says otherwise (both shown in the contest's detail before joining).
import { describe, expect, it } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, contestApi, createContest, DAY, HOUR, type Json, tick } from "./factory";

const { app, database } = await setupApp();
const api = contestApi(app);
const operator = await createOperator(app, database);

/** Joins `idle` + `losers` customers; after the start each loser opens a long and closes it lower. */
async function contestWith(overrides: Record<string, unknown>, idle: number, losers: number) {
  tick(app, "BTCUSDT", "60000");
  const contest = await createContest(app, operator.token, overrides);
  const idleOnes = [];
  const losing = [];
  for (let i = 0; i < idle; i++) idleOnes.push(await registerCustomer(app));
  for (let i = 0; i < losers; i++) losing.push(await registerCustomer(app));
  for (const c of [...idleOnes, ...losing]) expect((await api.join(c.token, contest.id)).status).toBe(200);
  await api.advance(HOUR + 60);
  for (const [i, c] of losing.entries()) {
    tick(app, "BTCUSDT", "60000");
    const opened = await api.open(c.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: String(500 + 100 * i),
      leverage: "2",
      mode: "contest",
      contestId: contest.id,
    });
    expect(opened.status, opened.message).toBe(200);
    tick(app, "BTCUSDT", "59900");
    const closed = await api.call("POST", `/api/trade/appTradePositions/close/${opened.result.id}`, c.token);
    expect(closed.status, closed.message).toBe(200);
  }
  tick(app, "BTCUSDT", "59900");
  return { contest, idleOnes, losing };
}

describe("idle contest entrants win no prizes", () => {
  it("three idle entrants and five losing traders: no idle entrant is paid (nor a loser: a prize needs a profit)", async () => {
    const { contest, idleOnes, losing } = await contestWith({}, 3, 5);
    expect((await api.advance(2 * DAY)).status).toBe(200);
    for (const c of idleOnes) {
      expect(await balance(database, c.id, "USDT")).toBe("0");
      const mine = (await api.detail(contest.id, c.token)).result.myEntry;
      expect(mine.prizePaid).toBeNull();
      expect(mine.rank).toBeGreaterThan(5); // ranked after every trader
    }
    for (const c of losing) {
      expect(await balance(database, c.id, "USDT")).toBe("0");
      expect((await api.detail(contest.id, c.token)).result.myEntry.rank).toBeLessThanOrEqual(5);
    }
    const [row] = await database.query<{ prizes_paid: string }>(
      "SELECT prizes_paid::text AS prizes_paid FROM contests WHERE id = $1",
      [contest.id],
    );
    expect(Number(row?.prizes_paid)).toBe(0);
    // The rule was shown before joining.
    expect((await api.detail(contest.id)).result).toMatchObject({ minClosedTrades: 1, prizeNeedsProfit: true });
  });

  it("when the contest pays losing traders too, the best three traders are paid and no idle entrant", async () => {
    const { contest, idleOnes, losing } = await contestWith({ prizeNeedsProfit: false, minClosedTrades: 1 }, 3, 5);
    expect((await api.advance(2 * DAY)).status).toBe(200);
    for (const c of idleOnes) expect(await balance(database, c.id, "USDT")).toBe("0");
    // Smaller margins lost less: the first losers rank best.
    expect(await balance(database, losing[0]?.id as number, "USDT")).toBe("500");
    expect(await balance(database, losing[1]?.id as number, "USDT")).toBe("300");
    expect(await balance(database, losing[2]?.id as number, "USDT")).toBe("200");
    const ranking = (await api.ranking(contest.id)).result.records as Json[];
    expect(ranking).toHaveLength(8);
    // The frozen ranking lists the final order: the five traders, then the three idle entries.
    expect(ranking.map((r: Json) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ranking.slice(5).map((r: Json) => r.yieldRate)).toEqual(["0", "0", "0"]);
    expect((await api.detail(contest.id)).result).toMatchObject({ minClosedTrades: 1, prizeNeedsProfit: false });
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("the operator's minimum of closed trades is kept and checked", async () => {
    const now = (await api.now()).getTime();
    const bad = await api.create(operator.token, {
      name: { "en-us": "Zero" },
      entryStart: new Date(now - 60_000).toISOString(),
      entryEnd: new Date(now + DAY * 1000).toISOString(),
      startAt: new Date(now + HOUR * 1000).toISOString(),
      endAt: new Date(now + 2 * DAY * 1000).toISOString(),
      prize: "100",
      prizeSplit: ["1"],
      symbols: ["BTCUSDT"],
      minClosedTrades: 0,
    });
    expect(bad.status).toBe(400);
    const c = await createContest(app, operator.token, { minClosedTrades: 3 });
    expect(c).toMatchObject({ minClosedTrades: 3, prizeNeedsProfit: true });
  });
});
