// The truth about losses (issue 34 §1): the share of customers who lost money trading futures
// and options over the last 12 months, computed from the ledger once per business date, equals
// a hand-computed table of customers; below the minimum sample the share is null; the public
// figure needs no login; a customer's own monthly results add up their closed trades' flows.
import type { LedgerKind } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";
import { DisclosureService } from "../../src/modules/disclosure/service";
import { platformAccount, transfer, type UserAccountKind, userAccount } from "../../src/modules/ledger/service";
import { auth, bareCustomers, fund, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

// 6 real customers count; futures 4 (< 5: no share), options 3 (< 5), all 6 (≥ 5).
const ctx = await setupApp(startClockAt(MIDWEEK, { lossRateMinSample: 5 }));
const { app, database } = ctx;
const db = database.db;

let seq = 0;
type Side = { user: number; kind: UserAccountKind } | { platform: "fees" | "house" };
const side = (s: Side) => ("user" in s ? userAccount(s.user, s.kind) : platformAccount(s.platform));
async function move(key: string, kind: LedgerKind, debit: Side, credit: Side, amount: string, currency = "USDT") {
  await transfer(db, {
    currency,
    debit: side(debit),
    credit: side(credit),
    amount,
    key,
    kind,
    reference: { type: "test", id: String(++seq) },
  });
}
const house = { platform: "house" } as const;
const fees = { platform: "fees" } as const;
const spot = (user: number) => ({ user, kind: "spot" as const });
const margin = (user: number) => ({ user, kind: "margin" as const });
const options = (user: number) => ({ user, kind: "options" as const });

/** A futures position opened and closed the way contracts/ books it: opening fee, P&L, closing fee, margin back. */
async function futuresTrade(user: number, o: { openFee: string; pnl: number; closeFee: string; currency?: string }) {
  const id = 90_000 + ++seq;
  const currency = o.currency ?? "USDT";
  const m = margin(user);
  const avail = currency === "USDT" ? spot(user) : { user, kind: "demo" as const };
  await move(`futures:open:${id}:margin`, "futures_margin", avail, m, "100", currency);
  if (o.openFee !== "0") await move(`futures:open:${id}:fee`, "futures_fee", avail, fees, o.openFee, currency);
  // the house pays (or receives) the P&L before fees, as settlement does: returned + closing fee − margin
  const houseSide = o.pnl;
  if (houseSide > 0) await move(`settle:position:${id}:pnl`, "futures_pnl", house, m, String(houseSide), currency);
  if (houseSide < 0) await move(`settle:position:${id}:pnl`, "futures_pnl", m, house, String(-houseSide), currency);
  if (o.closeFee !== "0") await move(`settle:position:${id}:fee`, "futures_fee", m, fees, o.closeFee, currency);
  const returned = 100 + houseSide - Number(o.closeFee);
  if (returned > 0) await move(`settle:position:${id}:return`, "futures_margin", m, avail, String(returned), currency);
}

/** An option stake placed and settled as options/ books it. */
async function optionTrade(user: number, stake: string, result: "win" | "lose" | "draw", profit = "0") {
  const id = 80_000 + ++seq;
  await move(`option:${id}:stake`, "option_stake", spot(user), options(user), stake);
  if (result === "lose") return move(`settle:option:${id}`, "option_loss", options(user), house, stake);
  await move(
    `settle:option:${id}`,
    result === "win" ? "option_payout" : "option_refund",
    options(user),
    spot(user),
    stake,
  );
  if (result === "win") await move(`settle:option:${id}:profit`, "option_payout", house, spot(user), profit);
}

const businessNow = async () => new Date((await app.inject({ method: "GET", url: "/dev/clock" })).json().result.now);
async function nextDay() {
  const now = await businessNow();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  const res = await app.inject({
    method: "POST",
    url: "/dev/clock/advance",
    payload: { seconds: Math.ceil((midnight - now.getTime()) / 1000) },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const lossRate = () => app.inject({ method: "GET", url: "/api/public/lossRate" });
const share = (body: { products: { product: string; customers: number; losingShare: string | null }[] }) =>
  Object.fromEntries(body.products.map((p) => [p.product, [p.customers, p.losingShare]]));

describe("the share of customers who lost money, from the ledger", () => {
  it("the figure equals a hand-computed table of customers; below the minimum sample the share is null", async () => {
    const startDate = (await businessNow()).toISOString().slice(0, 10);
    // Today's figure was computed at start (no trades yet) and is kept for the date.
    const first = await lossRate();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toEqual({
      asOf: startDate,
      minimumSample: 5,
      products: [
        { product: "futures", customers: 0, losingShare: null },
        { product: "options", customers: 0, losingShare: null },
        { product: "all", customers: 0, losingShare: null },
      ],
    });

    const [a, b, c, d, e, f, demo, open] = await bareCustomers(database, 8);
    for (const u of [a, b, c, d, e, f, open] as number[]) await fund(database, u as number, "USDT", "1000");
    await fund(database, demo as number, "VUSDT", "1000", "demo");
    // | customer | futures             | options              | all    |
    // | a        | +50 −2 −2 = +46     | —                    | +46    |
    // | b        | −80 −1 −1 = −82 L   | —                    | −82 L  |
    // | c        | 0 −0.5 −0.5 = −1 L  | — (fee-only loser)   | −1 L   |
    // | d        | —                   | −30 +20 = −10 L      | −10 L  |
    // | e        | +12 −1 −1 = +10     | −25 L                | −15 L  |
    // | f        | —                   | draw: 0              | 0      |
    // | demo     | VUSDT −500 (not counted)                             |
    // | open     | opening fee only, nothing closed (not counted)       |
    // futures: 4 customers, 2 losing → 0.5000 (null: 4 < 5); options: 3, 2 → null (3 < 5);
    // all: 6 customers, 4 losing → 0.6667.
    await futuresTrade(a as number, { openFee: "2", pnl: 50, closeFee: "2" });
    await futuresTrade(b as number, { openFee: "1", pnl: -80, closeFee: "1" });
    await futuresTrade(c as number, { openFee: "0.5", pnl: 0, closeFee: "0.5" });
    await optionTrade(d as number, "30", "lose");
    await optionTrade(d as number, "40", "win", "20");
    await futuresTrade(e as number, { openFee: "1", pnl: 12, closeFee: "1" });
    await optionTrade(e as number, "25", "lose");
    await optionTrade(f as number, "10", "draw");
    await futuresTrade(demo as number, { openFee: "1", pnl: -80, closeFee: "1", currency: "VUSDT" });
    await move("futures:open:77777:fee", "futures_fee", spot(open as number), fees, "3");

    // Idempotent per date: the stored figure for the start date stands.
    expect(share((await lossRate()).json().result)).toEqual({
      futures: [0, null],
      options: [0, null],
      all: [0, null],
    });

    // The next business date's job counts everything before its 00:00.
    await nextDay();
    const res = await lossRate();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().result;
    expect(body.asOf).not.toBe(startDate);
    expect(body.asOf).toBe((await businessNow()).toISOString().slice(0, 10));
    expect(share(body)).toEqual({ futures: [4, null], options: [3, null], all: [6, "0.6667"] });

    // One row per date and product.
    const stored = await database.query<{ business_date: string; n: string }>(
      "SELECT business_date::text, count(*)::text AS n FROM loss_rates GROUP BY 1 ORDER BY 1",
    );
    expect(stored.map((r) => r.n)).toEqual(["3", "3"]);
  });

  it("the same ledger with the sample met gives the table's shares, and a date 12 months on counts nobody", async () => {
    const today = (await businessNow()).toISOString().slice(0, 10);
    const service = new DisclosureService({
      db,
      clock: app.clock,
      usdtRate: (cur: string) => app.market.usdtRate(cur),
      minimumSample: 3,
    });
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(share(await service.computeFor(tomorrow))).toEqual({
      futures: [4, "0.5000"],
      options: [3, "0.6667"],
      all: [6, "0.6667"],
    });
    const later = new Date(Date.parse(`${today}T00:00:00Z`) + 367 * 86_400_000).toISOString().slice(0, 10);
    expect(share(await service.computeFor(later))).toEqual({
      futures: [0, null],
      options: [0, null],
      all: [0, null],
    });
  });

  it("the public figure needs no login and is the contract's shape", async () => {
    const res = await app.inject({ method: "GET", url: "/api/public/lossRate", headers: { "accept-language": "de" } });
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(Object.keys(r).sort()).toEqual(["asOf", "minimumSample", "products"]);
    expect(r.products.map((p: { product: string }) => p.product)).toEqual(["futures", "options", "all"]);
  });
});

describe("LOSS_RATE_MIN_SAMPLE", () => {
  it("defaults to 100, takes a whole number of customers and refuses anything else at start", () => {
    expect(loadConfig({}).lossRateMinSample).toBe(100);
    expect(loadConfig({ LOSS_RATE_MIN_SAMPLE: "3" }).lossRateMinSample).toBe(3);
    for (const bad of ["0", "-5", "1.5", "many"])
      expect(() => loadConfig({ LOSS_RATE_MIN_SAMPLE: bad }), bad).toThrow(ConfigError);
  });
});

describe("my results", () => {
  it("a customer's month shows futures P&L and fees, options P&L, spot fees and loan interest; demo and other customers' trades do not", async () => {
    const me = await registerCustomer(app);
    const other = await registerCustomer(app);
    await fund(database, me.id, "USDT", "1000");
    await fund(database, me.id, "VUSDT", "1000", "demo");
    await fund(database, other.id, "USDT", "1000");
    await futuresTrade(me.id, { openFee: "1.5", pnl: -18.5, closeFee: "1.5" }); // P&L −18.5 before fees, 3 in fees
    await optionTrade(me.id, "10", "win", "8");
    await optionTrade(me.id, "4", "lose");
    await move(`spot:1:fee:${seq}`, "spot_fee", spot(me.id), fees, "0.25");
    await move(`loan:1:repay:${seq}:interest`, "loan_interest", spot(me.id), { platform: "interest" } as never, "0.75");
    await futuresTrade(me.id, { openFee: "1", pnl: -50, closeFee: "1", currency: "VUSDT" });
    await futuresTrade(other.id, { openFee: "1", pnl: 70, closeFee: "1" });

    const res = await app.inject({ method: "GET", url: "/api/user/results?months=3", headers: auth(me.token) });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.currency).toBe("USDT");
    expect(r.months).toHaveLength(3);
    const month = (await businessNow()).toISOString().slice(0, 7);
    expect(r.months[2].month).toBe(month);
    const expected = {
      futuresPnl: "-18.5",
      futuresFees: "3",
      optionsPnl: "4",
      spotFees: "0.25",
      interestPaid: "0.75",
      net: "-18.5", // −18.5 − 3 + 4 − 0.25 − 0.75
    };
    expect(r.months[2]).toEqual({ month, ...expected });
    expect(r.months[0]).toEqual({
      month: r.months[0].month,
      futuresPnl: "0",
      futuresFees: "0",
      optionsPnl: "0",
      spotFees: "0",
      interestPaid: "0",
      net: "0",
    });
    expect(r.totals).toEqual(expected);
  });

  it("needs a login and rejects a bad period with a 400 in the envelope", async () => {
    expect((await app.inject({ method: "GET", url: "/api/user/results" })).statusCode).toBe(401);
    const me = await registerCustomer(app);
    for (const months of ["0", "25", "x"]) {
      const res = await app.inject({
        method: "GET",
        url: `/api/user/results?months=${months}`,
        headers: auth(me.token),
      });
      expect(res.statusCode, months).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});
