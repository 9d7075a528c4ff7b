// Issue "Money that cannot be gamed", item 5: every price a customer trades or is settled at
// is fresh. A contest exit, the contest's end and a demo reset close positions at market:
// with a stale last tick the exit (and the reset) is refused with 409 "price not available"
// and nothing moves; the end job closes nothing without a fresh price in market hours and
// runs again until one exists, only then ranking and paying prizes. An option's window starts at the tick
// its open price comes from, so a tick some seconds old does not lengthen it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { post } from "../options/trading-helpers";
import { balance, contestApi, createContest, DAY, HOUR, tick } from "./factory";

const { app, database } = await setupApp();
const api = contestApi(app);
const STALE_MESSAGE = "Price not available right now, please try again";
const operator = await createOperator(app, database);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Let the wall clock read `at` (only Date; timers, the database and the server keep running). */
function clockAt(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

/** The contest's status as the end job left it (the API shows "ended" by time alone). */
async function storedStatus(id: number): Promise<number> {
  const [row] = await database.query<{ status: number }>("SELECT status FROM contests WHERE id = $1", [id]);
  return Number(row?.status);
}

/** The test config's freshness limit is 60 s: two minutes on, the last tick is stale. */
const STALE_AFTER = 120_000;

async function runningContestWithLong() {
  tick(app, "BTCUSDT", "60000");
  const contest = await createContest(app, operator.token);
  const c = await registerCustomer(app);
  expect((await api.join(c.token, contest.id)).status).toBe(200);
  await api.advance(HOUR + 60);
  tick(app, "BTCUSDT", "60000");
  const opened = await api.open(c.token, {
    symbol: "BTCUSDT",
    direction: "long",
    margin: "1000",
    leverage: "2",
    mode: "contest",
    contestId: contest.id,
  });
  expect(opened.status, opened.message).toBe(200);
  return { contest, c, position: opened.result };
}

describe("contest money is settled only at a fresh price", () => {
  it("a contest exit at a stale price is refused with 409 and closes nothing; with a fresh tick it closes at that tick", async () => {
    const { contest, c, position } = await runningContestWithLong();
    const before = await balance(database, c.id, "CUSDT", "contest");
    const last = tick(app, "BTCUSDT", "66000"); // the last price, soon stale
    clockAt(last.ts + STALE_AFTER);
    const refused = await api.exit(c.token, contest.id);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(STALE_MESSAGE);
    const still = await api.positions(c.token, `mode=contest&contestId=${contest.id}`);
    expect(still.result.records[0]).toMatchObject({ id: position.id, status: "open" });
    expect(await balance(database, c.id, "CUSDT", "contest")).toBe(before);
    expect((await api.detail(contest.id, c.token)).result.myEntry.status).toBe(1);

    const fresh = tick(app, "BTCUSDT", "61000");
    const exited = await api.exit(c.token, contest.id);
    expect(exited.status, exited.message).toBe(200);
    expect(exited.result.closedPositions).toBe(1);
    const closed = await api.positions(c.token, `mode=contest&contestId=${contest.id}`);
    expect(closed.result.records[0].closeTick).toEqual({ price: "61000.00", ts: fresh.ts });
  });

  it("the end job closes nothing while the market gives no price, runs again, and ranks and pays only once a fresh price exists", async () => {
    const { contest, c, position } = await runningContestWithLong();
    tick(app, "BTCUSDT", "66000");
    const usdtBefore = await balance(database, c.id, "USDT");
    // The market closed at the end (a weekend, a halted feed): its last price is no price to
    // settle at. (Only the market's hours are replaced: the wall clock and the job queue run on.)
    const marketClosed = vi.spyOn(app.market, "isMarketOpen").mockReturnValue(false);
    expect((await api.advance(2 * DAY)).status).toBe(200); // past the end: the end job runs
    // Shown as ended by its time, but not ended by the job: nothing ranked, nothing paid.
    expect(await storedStatus(contest.id)).toBe(1);
    expect((await api.detail(contest.id, c.token)).result.myEntry).toMatchObject({ prizePaid: null });
    const still = await api.positions(c.token, `mode=contest&contestId=${contest.id}`);
    expect(still.result.records[0]).toMatchObject({ id: position.id, status: "open" });
    expect(await balance(database, c.id, "USDT")).toBe(usdtBefore);
    // Trading has stopped (the contest's time is over), so nothing new can be opened meanwhile.
    const late = await api.open(c.token, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: "2",
      mode: "contest",
      contestId: contest.id,
    });
    expect(late.status).toBe(400);

    marketClosed.mockRestore(); // the market opens again
    const fresh = tick(app, "BTCUSDT", "61000");
    expect((await api.advance(120)).status).toBe(200); // the retry falls due
    await vi.waitFor(async () => expect(await storedStatus(contest.id)).toBe(-2));
    expect((await api.detail(contest.id, c.token)).result.myEntry).toMatchObject({ status: -2, rank: 1 });
    const closed = await api.positions(c.token, `mode=contest&contestId=${contest.id}`);
    expect(closed.result.records[0].closeTick).toEqual({ price: "61000.00", ts: fresh.ts });
  });

  it("a demo reset with a stale price is refused with 409 and closes nothing", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const last = tick(app, "BTCUSDT", "60000");
    const opened = await post(app, c.token, "/api/trade/appTradePositions/create", {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
      mode: "demo",
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    clockAt(last.ts + STALE_AFTER);
    const reset = await post(app, c.token, "/api/trade/appDemoAccount/reset");
    expect(reset.status).toBe(409);
    expect(reset.body.message).toBe(STALE_MESSAGE);
    vi.useRealTimers();
    tick(app, "BTCUSDT", "60100");
    const again = await post(app, c.token, "/api/trade/appDemoAccount/reset");
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});

describe("an option's window starts at its opening tick", () => {
  it("an option opened at a tick 4 s old expires one period after that tick, not after the request", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const sets = await app.inject({
      method: "GET",
      url: "/api/trade/appSecondContractSet/list?symbol=ETHUSDT",
      headers: { "x-access-token": c.token },
    });
    const set = (sets.json().result as Array<{ id: number; periodSeconds: number }>).find(
      (s) => s.periodSeconds === 30,
    );
    expect(set).toBeDefined();
    const at = Date.now() + STALE_AFTER; // after every tick other tests pushed
    const opening = app.market.ingest({ symbol: "ETHUSDT", price: "3000", ts: at - 4_000 });
    expect(opening).toBeTruthy();
    clockAt(at);
    const bought = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "ETHUSDT",
      setId: set?.id,
      direction: "up",
      amount: 100,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const o = bought.body.result;
    expect(o.openTick.ts).toBe(at - 4_000);
    expect(Date.parse(o.expiresAt) - o.openTick.ts).toBe(30_000);
  });
});
