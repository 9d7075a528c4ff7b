// Limits and exclusion rules through the API: a lower limit applies at once, a higher one
// (or removing one) only after 24 hours of business time; an exclusion cannot be shortened
// or lifted (no operator path); a deposit over a limit is a 409 naming the limit; marketing
// messages stop while excluded; the console reads a customer's limits.
import { describe, expect, it } from "vitest";
import { auth, type Customer, createStaffMember, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";

const { app, database } = await setupApp(startClockAt(MIDWEEK));

async function call(c: Customer, method: "GET" | "POST", url: string, payload?: Record<string, unknown>) {
  const res = await app.inject({ method, url, headers: auth(c.token), payload });
  return { status: res.statusCode, body: res.json() };
}
const advance = (seconds: number) =>
  app
    .inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds } })
    .then((r) => expect(r.statusCode).toBe(200));

describe("deposit and loss limits", () => {
  it("a lower limit applies at once; raising or removing one waits 24 hours and is shown as pending", async () => {
    const c = await registerCustomer(app);
    const empty = await call(c, "GET", "/api/user/limits");
    expect(empty.body.result).toEqual({
      depositDay: null,
      depositWeek: null,
      depositMonth: null,
      lossDay: null,
      lossWeek: null,
      lossMonth: null,
      realityCheckMinutes: null,
      pending: [],
      exclusion: null,
    });
    const set = await call(c, "POST", "/api/user/limits", { depositDay: "100", lossWeek: 50, realityCheckMinutes: 30 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.result).toMatchObject({ depositDay: "100", lossWeek: "50", realityCheckMinutes: 30, pending: [] });

    const raised = await call(c, "POST", "/api/user/limits", { depositDay: "500", lossWeek: null });
    expect(raised.body.result.depositDay).toBe("100");
    expect(raised.body.result.lossWeek).toBe("50");
    expect(raised.body.result.pending.map((p: { field: string; value: string | null }) => [p.field, p.value])).toEqual([
      ["depositDay", "500"],
      ["lossWeek", null],
    ]);
    const effectiveAt = new Date(raised.body.result.pending[0].effectiveAt).getTime();

    await advance(23 * 3600);
    expect((await call(c, "GET", "/api/user/limits")).body.result.depositDay).toBe("100");
    await advance(3600 + 1);
    const after = (await call(c, "GET", "/api/user/limits")).body.result;
    expect(after).toMatchObject({ depositDay: "500", lossWeek: null, pending: [] });
    expect(effectiveAt).toBeGreaterThan(0);
  });

  it("lowering while a raise is pending applies the lower value at once and drops the raise", async () => {
    const c = await registerCustomer(app);
    await call(c, "POST", "/api/user/limits", { depositDay: "100" });
    await call(c, "POST", "/api/user/limits", { depositDay: "1000" });
    const lowered = (await call(c, "POST", "/api/user/limits", { depositDay: "80" })).body.result;
    expect(lowered).toMatchObject({ depositDay: "80", pending: [] });
  });

  it("refuses nonsense: negative limits, unknown fields, a reality check that is not 15/30/60/120", async () => {
    const c = await registerCustomer(app);
    for (const body of [{ depositDay: "-5" }, { depositYear: "5" }, { realityCheckMinutes: 7 }]) {
      expect((await call(c, "POST", "/api/user/limits", body)).status).toBe(400);
    }
  });

  it("a deposit that would pass the day limit is a 409 naming the limit; one under it goes through", async () => {
    const c = await registerCustomer(app);
    await call(c, "POST", "/api/user/limits", { depositDay: "100" });
    const first = await call(c, "POST", "/api/finance/appRecharge/apply", {
      currency: "USDT",
      network: "TRC20",
      amount: "60",
    });
    expect(first.status).toBe(200);
    const over = await call(c, "POST", "/api/finance/appRecharge/apply", {
      currency: "USDT",
      network: "TRC20",
      amount: "41",
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      "This deposit would pass your daily (last 24 hours) deposit limit of 100 USDT (60 USDT deposited in that window so far).",
    );
    const exact = await call(c, "POST", "/api/finance/appRecharge/apply", {
      currency: "USDT",
      network: "TRC20",
      amount: "40",
    });
    expect(exact.status).toBe(200);
  });
});

describe("time-out and self-exclusion", () => {
  it("cannot be shortened by a second request, only lengthened, and ends by itself", async () => {
    const c = await registerCustomer(app);
    const week = await call(c, "POST", "/api/user/exclusion", { kind: "timeout", period: "7d" });
    expect(week.status).toBe(200);
    expect(week.body.result.kind).toBe("timeout");
    const shorter = await call(c, "POST", "/api/user/exclusion", { kind: "timeout", period: "24h" });
    expect(shorter.body.result).toEqual(week.body.result);
    const longer = await call(c, "POST", "/api/user/exclusion", { kind: "self_exclusion", period: "6m" });
    expect(longer.body.result.kind).toBe("self_exclusion");
    expect(new Date(longer.body.result.until).getTime()).toBeGreaterThan(new Date(week.body.result.until).getTime());
    expect((await call(c, "POST", "/api/user/exclusion", { kind: "timeout", period: "6m" })).status).toBe(400);
  });

  it("a time-out ends when its time has passed", async () => {
    const c = await registerCustomer(app);
    await call(c, "POST", "/api/user/exclusion", { kind: "timeout", period: "24h" });
    expect((await call(c, "GET", "/api/user/limits")).body.result.exclusion?.kind).toBe("timeout");
    await advance(24 * 3600 + 1);
    expect((await call(c, "GET", "/api/user/limits")).body.result.exclusion).toBeNull();
  });

  it("marketing stops: a promotional inbox message is not stored for an excluded customer, a money message is", async () => {
    const c = await registerCustomer(app);
    await call(c, "POST", "/api/user/exclusion", { kind: "timeout", period: "24h" });
    app.bus.publish("reward.task_done", { userId: c.id, taskId: 9, title: "First trade" });
    app.bus.publish("wallet.deposit_credited", { userId: c.id, depositId: 9191, amount: "5", currency: "USDT" });
    let list: { records: Array<{ category: string }> } = { records: [] };
    for (let i = 0; i < 100 && list.records.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      list = (await call(c, "GET", "/api/content/appNotice/myList")).body.result;
    }
    await new Promise((r) => setTimeout(r, 100));
    list = (await call(c, "GET", "/api/content/appNotice/myList")).body.result;
    expect(list.records.map((r) => r.category)).toEqual(["transaction"]);
  });
});

describe("the console", () => {
  it("support reads a customer's limits and exclusion; there is no way to lift it", async () => {
    const c = await registerCustomer(app);
    await call(c, "POST", "/api/user/limits", { lossDay: "20" });
    await call(c, "POST", "/api/user/exclusion", { kind: "self_exclusion", period: "1y" });
    const support = await createStaffMember(app, database, "support");
    const res = await app.inject({
      method: "GET",
      url: `/api/operator/customers/limits?id=${c.id}`,
      headers: auth(support.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ lossDay: "20", exclusion: { kind: "self_exclusion" } });
    const unknown = await app.inject({
      method: "GET",
      url: "/api/operator/customers/limits?id=999999999",
      headers: auth(support.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await app.inject({ method: "GET", url: `/api/operator/customers/limits?id=${c.id}`, headers: auth(c.token) }))
        .statusCode,
    ).toBe(403);
  });
});
