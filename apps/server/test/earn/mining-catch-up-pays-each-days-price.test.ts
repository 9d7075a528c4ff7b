// Issue "Money that cannot be gamed", item 12 — catch-up pays each day at that day's price.
// Mining output for income date D (credited at 00:00 UTC of D for the day just ended) is
// valued at BTCUSDT's close of D−1: the recorded daily candle opening at D−1 00:00 UTC.
// Days paid late (the scheduler catching up after downtime — here three daily jobs run back
// to back by one clock advance) are each paid at their own day's close, never at the price of
// the moment the catch-up runs; a day without a recorded candle waits (the job retries) and is
// never paid at another day's price.
//
// The business clock starts at the next Wednesday 10:00 UTC (MIDWEEK, day 0 below); candles
// are recorded in real time, so the test records the daily candles of those business dates itself.
import { dec, miningDailyOutput } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { addDays } from "../../src/modules/clock/service";
import { auditLedger } from "../../src/modules/ledger/service";
import { fundedCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { setPrices } from "../wallet/factory";
import { balances, DAY, earnApi, type Json, recordDailyClose } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = earnApi(app);
/** The business date `n` days after the clock's start. */
const day = (n: number) => addDays(MIDWEEK.slice(0, 10), n);

async function forgetCandle(date: string) {
  await database.query("DELETE FROM market_candles WHERE symbol = 'BTCUSDT' AND tier = '1d' AND open_time = $1", [
    `${date}T00:00:00Z`,
  ]);
}

describe("mining catch-up", () => {
  it("pays each missed day at that day's closing price, not at the price when the catch-up runs", async () => {
    const closes: Record<string, string> = { [day(0)]: "90000", [day(1)]: "60000", [day(2)]: "120000" };
    for (const [date, close] of Object.entries(closes)) await recordDailyClose(app, date, close);
    await forgetCandle(day(3));
    // The live price when the catch-up runs: none of the days may be paid at it.
    setPrices(app, { BTCUSDT: "30000" });
    const c = await fundedCustomer(app, database, "1000");
    const p = (await api.products("mining")).find((x: Json) => x.termDays === 30) as Json;
    const bought = await api.buy(c.token, p.id, "70", undefined, "minerBuy");
    expect(bought.status, bought.message).toBe(200);

    // Three dates fall due while nothing ran; their jobs run one after another now.
    expect((await api.advance(3 * DAY)).status).toBe(200);
    const order = (await api.order(c.token, bought.result.id)).result;
    const byDate = new Map<string, Json>(order.incomes.map((i: Json) => [i.date, i]));
    expect(order.incomes).toHaveLength(3);
    let total = dec(0);
    for (const [paid, priceDay] of [
      [day(1), day(0)],
      [day(2), day(1)],
      [day(3), day(2)],
    ] as [string, string][]) {
      const income = byDate.get(paid);
      expect(income, `income of ${paid}`).toBeTruthy();
      const expected = miningDailyOutput(
        {
          hashrate: bought.result.hashrate,
          rewardPerThDay: "0.00000055",
          btcPrice: closes[priceDay] as string,
          machineHashrate: p.hashrate,
          machinePowerW: p.power,
          electricityPrice: "0.05",
        },
        6,
      );
      expect(income.inputs).toMatchObject({ btcPrice: closes[priceDay], btcPriceDate: priceDay });
      expect(income.amount).toBe(expected.net);
      total = total.plus(expected.net);
    }
    expect((await balances(database, c.id)).spot).toBe(dec("930").plus(total).toFixed());
  });

  it("refuses a stale price: a day without its candle waits, then is paid at its own close once recorded", async () => {
    const c = await fundedCustomer(app, database, "1000");
    const p = (await api.products("mining")).find((x: Json) => x.termDays === 30) as Json;
    // Bought on day 3 (business): its first income date is day 4, valued at the close of day 3 — not recorded.
    const bought = await api.buy(c.token, p.id, "70", undefined, "minerBuy");
    expect(bought.status, bought.message).toBe(200);
    setPrices(app, { BTCUSDT: "30000" });
    expect((await api.advance(DAY)).status).toBe(200);
    let order = (await api.order(c.token, bought.result.id)).result;
    expect(order.incomes).toHaveLength(0);
    expect((await balances(database, c.id)).spot).toBe("930");
    expect((await api.balanceLog(c.token, "mining_output")).result.records).toHaveLength(0);

    // The day's candle is recorded: the waiting job pays it at that close on its retry.
    await recordDailyClose(app, day(3), "80000");
    expect((await api.advance(120)).status).toBe(200);
    order = (await api.order(c.token, bought.result.id)).result;
    expect(order.incomes).toHaveLength(1);
    const expected = miningDailyOutput(
      {
        hashrate: bought.result.hashrate,
        rewardPerThDay: "0.00000055",
        btcPrice: "80000",
        machineHashrate: p.hashrate,
        machinePowerW: p.power,
        electricityPrice: "0.05",
      },
      6,
    );
    expect(order.incomes[0]).toMatchObject({ amount: expected.net });
    expect(order.incomes[0].inputs).toMatchObject({ btcPrice: "80000", btcPriceDate: day(3) });
    expect((await balances(database, c.id)).spot).toBe(dec("930").plus(expected.net).toFixed());
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("sandbox: a business date ahead of real time gets the simulated price as its close; never a recorded or past day", async () => {
    setPrices(app, { BTCUSDT: "45678.9" });
    // Well past the business dates the tests above recorded closes for.
    const future = new Date(Date.now() + 40 * DAY * 1000).toISOString().slice(0, 10);
    const pastDay = new Date(Date.now() - 5 * DAY * 1000).toISOString().slice(0, 10);
    const call = (date: string, symbol = "BTCUSDT") =>
      app.inject({ method: "POST", url: "/dev/market/dailyClose", payload: { symbol, date } });
    const res = await call(future);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ symbol: "BTCUSDT", date: future, close: "45678.9" });
    expect(await app.market.dailyClose("BTCUSDT", future)).toMatchObject({ price: "45678.9" });
    // A recorded day keeps its close; a day real time has reached without a candle is refused.
    setPrices(app, { BTCUSDT: "50000" });
    expect((await call(future)).json().result.close).toBe("45678.9");
    await forgetCandle(pastDay);
    const past = await call(pastDay);
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toMatch(/simulated/);
    expect((await call(future, "NOPEUSDT")).statusCode).toBe(404);
    expect((await call("2026-3-1")).statusCode).toBe(400);
  });
});
