// VIP levels on the test clock: the daily run (only it) moves the level up and down with net
// equity, a level's gift is due once the level was held from one daily run to the next and is
// paid the first time only, Monday brings a red envelope that the owner opens once within 7
// days (someone else's: 404; expired: 409).
import { describe, expect, it } from "vitest";
import type { App } from "../../src/app";
import { fund, registerCustomer, takeOut } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { advance, api, balance } from "./factory";

// The next Wednesday, 10:00 UTC: four daily runs reach Sunday, so "until Sunday" and
// "the Monday run" name days that come in this order whatever day the suite runs on.
const ctx = await setupApp(startClockAt(MIDWEEK));
const { app, database } = ctx;

async function businessNow(app: App): Promise<Date> {
  return new Date((await app.inject({ method: "GET", url: "/dev/clock" })).json().result.now);
}

/** Advances to the next 00:00 UTC (plus a minute), so that day's jobs have run. */
async function nextDay(app: App) {
  const now = await businessNow(app);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 1);
  const res = await advance(app, Math.ceil((midnight - now.getTime()) / 1000));
  expect(res.statusCode, res.body).toBe(200);
  return businessNow(app);
}

const gifts = (userId: number) =>
  database.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id WHERE a.user_id = $1 AND t.kind = 'vip_gift'",
    [userId],
  );

describe("VIP levels", () => {
  it("lists every level's threshold, gift and envelope (public rules page)", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user/appLevels/list" });
    const levels = res.json().result;
    expect(levels[0]).toMatchObject({ level: 0, minAssetsUsdt: "0" });
    expect(levels[1]).toMatchObject({
      level: 1,
      name: "VIP1",
      minAssetsUsdt: "1000",
      gift: "5",
      weeklyRedEnvelope: "1",
    });
  });

  it("follow net equity up and down at the daily run; the gift comes once after a full day, and Monday brings an envelope", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const me = api(app, c.token);
    await fund(database, c.id, "USDT", "1500");
    await nextDay(app);
    expect((await me.me()).body.result.vipLevel).toBe(1);
    // Reached at this run: the gift is due once the level has been held until the next one.
    expect((await me.myVip()).body.result.gifts).toEqual([]);
    expect((await me.claimGift(1)).status).toBe(404);
    await nextDay(app);
    // The gift waits for the customer: nothing moves until it is claimed, then once.
    expect(await balance(database, c.id)).toBe("1500");
    expect((await me.myVip()).body.result.gifts).toMatchObject([{ level: 1, amount: "5", claimedAt: null }]);
    const claimed = await Promise.all([me.claimGift(1), me.claimGift(1), me.claimGift(1)]);
    expect(claimed.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balance(database, c.id)).toBe("1505");
    expect(Number((await gifts(c.id))[0]?.n)).toBe(1);
    expect((await me.claimGift(2)).status).toBe(404);

    await takeOut(database, c.id, "USDT", "1000");
    await nextDay(app);
    expect((await me.me()).body.result.vipLevel).toBe(0);

    await fund(database, c.id, "USDT", "600");
    await nextDay(app);
    expect((await me.me()).body.result.vipLevel).toBe(1);
    // Falling and rising again brings no second gift.
    expect((await me.myVip()).body.result.gifts).toHaveLength(1);
    expect((await me.claimGift(1)).status).toBe(409);
    expect(Number((await gifts(c.id))[0]?.n)).toBe(1);
    expect(await balance(database, c.id)).toBe("1105");

    // Until Sunday: no envelope; the Monday run hands one out.
    let now = await businessNow(app);
    while (now.getUTCDay() !== 0) now = await nextDay(app);
    let vip = (await me.myVip()).body.result;
    const before = vip.envelopes.length;
    expect(vip.envelopes.filter((e: { status: string }) => e.status === "unopened")).toHaveLength(0);
    now = await nextDay(app);
    expect(now.getUTCDay()).toBe(1);
    vip = (await me.myVip()).body.result;
    expect(vip.envelopes).toHaveLength(before + 1);
    const envelope = vip.envelopes[0];
    expect(envelope).toMatchObject({ level: 1, amount: "1", status: "unopened" });
    expect(new Date(envelope.createdAt).getUTCDay()).toBe(1);

    expect((await api(app, other.token).open(envelope.id)).status).toBe(404);
    const opened = await me.open(envelope.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.result.status).toBe("opened");
    expect(await balance(database, c.id)).toBe("1106");
    expect((await me.open(envelope.id)).status).toBe(409);
  });

  it("lets an unopened envelope expire after 7 days", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "2000");
    let now = await nextDay(app);
    while (now.getUTCDay() !== 1) now = await nextDay(app);
    const me = api(app, c.token);
    const [envelope] = (await me.myVip()).body.result.envelopes;
    expect(envelope.status).toBe("unopened");
    for (let i = 0; i < 7; i++) await nextDay(app);
    const res = await me.open(envelope.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/expired/);
    expect(await balance(database, c.id)).toBe("2000");
  });

  it("shows the level of the last daily run and the way to the next one (never re-evaluated on request)", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "4000");
    const before = (await api(app, c.token).myVip()).body.result;
    expect(before).toMatchObject({ level: 0, totalAssetsUsdt: "0", evaluatedAt: null });
    await nextDay(app);
    const vip = (await api(app, c.token).myVip()).body.result;
    expect(vip).toMatchObject({ level: 1, nextLevel: 2, nextMinAssetsUsdt: "10000", missingUsdt: "6000" });
    expect(vip.evaluatedAt).not.toBeNull();
    expect((await api(app, c.token).me()).body.result.vipLevel).toBe(1);
  });
});
