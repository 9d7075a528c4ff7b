// Contests, bad input: joining twice, after the entry window, or while another entry is
// live → 409; contest money used outside its contest → 400; another's entry, position or
// order → 404; operator edits after the start → 409; malformed input → 400; never a 5xx.
import { describe, expect, it } from "vitest";
import { auth, createOperator, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { balance, contestApi, createContest, DAY, HOUR, tick } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = contestApi(app);

const futures = (contestId: unknown, extra: Record<string, unknown> = {}) => ({
  symbol: "BTCUSDT",
  direction: "long",
  margin: "100",
  leverage: "2",
  mode: "contest",
  contestId,
  ...extra,
});

describe("contests: bad input", () => {
  it("refuses what it must, with 4xx and balances untouched", async () => {
    const operator = await createOperator(app, database);
    tick(app, "BTCUSDT", "60000");
    tick(app, "ETHUSDT", "3000");
    const first = await createContest(app, operator.token);
    const second = await createContest(app, operator.token, { name: { "en-us": "Second" } });
    const [a, b, outsider] = [await registerCustomer(app), await registerCustomer(app), await registerCustomer(app)];

    // Joining.
    expect((await api.join(a.token, 999_999)).status).toBe(404);
    expect((await api.call("POST", "/api/contest/join", a.token, { id: "x" })).status).toBe(400);
    expect((await api.join(a.token, first.id)).status).toBe(200);
    expect((await api.join(a.token, first.id)).status).toBe(409); // twice
    const other = await api.join(a.token, second.id); // one live entry at a time
    expect(other.status).toBe(409);
    expect(other.message).toContain(String(first.id));
    expect((await api.join(b.token, first.id)).status).toBe(200);
    expect(await balance(database, a.id, "CUSDT", "contest")).toBe("10000");

    // Two joins at once: one entry, one grant.
    const racer = await registerCustomer(app);
    const raced = await Promise.all([api.join(racer.token, second.id), api.join(racer.token, second.id)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(database, racer.id, "CUSDT", "contest")).toBe("10000");

    // Operator: edits only before the start; malformed contests refused.
    const badSplit = await api.create(operator.token, { ...validContest(await api.now()), prizeSplit: ["0.7", "0.5"] });
    expect(badSplit.status).toBe(400);
    const badSymbol = await api.create(operator.token, { ...validContest(await api.now()), symbols: ["NOPEUSDT"] });
    expect(badSymbol.status).toBe(400);
    const badDates = await api.create(operator.token, {
      ...validContest(await api.now()),
      endAt: "2020-01-01T00:00:00.000Z",
    });
    expect(badDates.status).toBe(400);
    const edited = await api.update(operator.token, { id: first.id, contest: validContest(await api.now()) });
    expect(edited.status, edited.message).toBe(200);

    await api.advance(HOUR + 120); // both contests start

    expect((await api.update(operator.token, { id: first.id, contest: validContest(await api.now()) })).status).toBe(
      409,
    );

    // Contest money outside its contest → 400.
    expect((await api.open(a.token, futures(undefined))).status).toBe(400); // no contestId
    expect((await api.open(a.token, futures(second.id))).status).toBe(400); // not my contest
    expect((await api.open(a.token, futures(first.id, { symbol: "ETHUSDT" }))).status).toBe(400); // not eligible
    expect((await api.open(a.token, futures(first.id, { mode: "real" }))).status).toBe(400); // contestId with real
    expect((await api.open(outsider.token, futures(first.id))).status).toBe(400); // never joined
    const spot = await api.call("POST", "/api/trade/appSpotOrder/create", a.token, {
      symbol: "ETHUSDT",
      side: "buy",
      type: "market",
      quantity: "0.1",
      mode: "contest",
      contestId: first.id,
    });
    expect(spot.status, spot.message).toBe(400); // not eligible in this contest
    expect(await balance(database, a.id, "CUSDT", "contest")).toBe("10000");

    // Another's entry, position → 404.
    const opened = await api.open(b.token, futures(first.id));
    expect(opened.status, opened.message).toBe(200);
    const close = await app.inject({
      method: "POST",
      url: `/api/trade/appTradePositions/close/${opened.result.id}`,
      headers: auth(a.token),
    });
    expect(close.statusCode).toBe(404);
    expect((await api.account(outsider.token, first.id)).status).toBe(404);
    expect((await api.exit(outsider.token, first.id)).status).toBe(404);
    expect((await api.positions(outsider.token, `mode=contest&contestId=${first.id}`)).status).toBe(400);

    // After the entry window → 409.
    await api.advance(DAY);
    const late = await api.join(outsider.token, first.id);
    expect(late.status).toBe(409);
    expect(await balance(database, outsider.id, "CUSDT", "contest")).toBe("0");

    // Malformed queries: 400, never 5xx.
    for (const url of [
      "/api/contest/detail?id=abc",
      "/api/contest/ranking?id=-1",
      "/api/contest/list?status=7",
      "/api/contest/detail?id=99999999999999",
    ]) {
      const res = await app.inject({ method: "GET", url, headers: auth(a.token) });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await api.detail(999_999)).status).toBe(404);
    expect((await api.ranking(999_999)).status).toBe(404);
  });
});

function validContest(now: Date) {
  const at = (s: number) => new Date(now.getTime() + s * 1000).toISOString();
  return {
    name: { "en-us": "Edited" },
    entryStart: at(-60),
    entryEnd: at(DAY),
    startAt: at(HOUR),
    endAt: at(2 * DAY),
    prize: "100",
    prizeSplit: ["1"],
    symbols: ["BTCUSDT"],
  };
}
