// IEO bad input (issue 14): outside the window 409, above the maximum 400 (also across
// several applications and under concurrent applies), pay when lost 409, insufficient
// balance 409 with nothing charged, another's order 404, idempotent apply with requestId,
// operator validation (symbol clash, time order, update only before applyStart). Never a 5xx.
import { describe, expect, it } from "vitest";
import { getJob } from "../../src/lib/jobs";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { createOperator, fund, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { beaconTick, createProject, HOUR, ieoApi, type Json, projectInput } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = ieoApi(app);

describe("IEO bad input", async () => {
  const operator = await createOperator(app, database);
  const create = (o: object) => api.call("POST", "/api/operator/ieo/create", operator.token, o);

  it("operator: symbol clash, unordered times, bad numbers → 4xx naming the problem", async () => {
    const now = await api.now();
    const btc = await create(projectInput(now, { symbol: "BTC" }));
    expect(btc.status).toBe(409);
    expect(btc.message).toMatch(/BTC/);
    const usdt = await create(projectInput(now, { symbol: "usdt" }));
    expect(usdt.status).toBe(409);
    const unordered = await create(projectInput(now, { drawAt: new Date(now + 1800_000).toISOString() }));
    expect(unordered.status).toBe(400);
    expect(unordered.message).toMatch(/applyEnd/);
    for (const bad of [
      { totalQuantity: 0 },
      { maxPerCustomer: -1 },
      { estimatedPrice: "0" },
      { estimatedPrice: "0.1234567" },
      { symbol: "a" },
      { name: { ko: "x" } },
    ]) {
      const res = await create(projectInput(now, bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const past = await create(projectInput(now, { applyStart: new Date(now - 1000).toISOString() }));
    expect(past.status).toBe(400);
    const first = await create(projectInput(now));
    expect(first.status).toBe(200);
    const twice = await create(projectInput(now, { symbol: first.result.symbol }));
    expect(twice.status).toBe(409);
    const customer = await registerCustomer(app);
    expect(
      (await api.call("POST", "/api/operator/ieo/create", customer.token, projectInput(now))).status,
    ).toBeGreaterThanOrEqual(401);
  });

  it("operator: update only before applyStart; entries list", async () => {
    const now = await api.now();
    const p = await createProject(app, operator.token, projectInput(now));
    const input = projectInput(now, { symbol: p.symbol, totalQuantity: 10 });
    expect((await create(projectInput(now, { maxPerCustomer: 100_001 }))).status).toBe(400);
    const updated = await api.call("POST", "/api/operator/ieo/update", operator.token, { id: p.id, ...input });
    expect(updated.status, updated.message).toBe(200);
    expect(updated.result.totalQuantity).toBe(10);
    expect(updated.result.seedHash).toBe(p.seedHash);
    expect((await getJob(database.db, `ieo:draw:${p.id}`))?.status).toBe("pending");
    expect(await getJob(database.db, `ieo:draw:${p.id}:${Date.parse(input.drawAt)}`)).toBeNull();
    const moved = projectInput(now, {
      symbol: p.symbol,
      drawAt: new Date(now + 4 * HOUR * 1000).toISOString(),
      payEnd: new Date(now + 5 * HOUR * 1000).toISOString(),
    });
    expect((await api.call("POST", "/api/operator/ieo/update", operator.token, { id: p.id, ...moved })).status).toBe(
      200,
    );
    expect((await getJob(database.db, `ieo:draw:${p.id}:${Date.parse(moved.drawAt as string)}`))?.runAt).toBe(
      moved.drawAt,
    );
    const missing = await api.call("POST", "/api/operator/ieo/update", operator.token, { id: 999999, ...input });
    expect(missing.status).toBe(404);
    await api.advance(HOUR + 1);
    const late = await api.call("POST", "/api/operator/ieo/update", operator.token, { id: p.id, ...input });
    expect(late.status).toBe(409);
    const c = await registerCustomer(app);
    expect((await api.apply(c.token, { projectId: p.id, quantity: 2 })).status).toBe(200);
    const entries = await api.call("GET", `/api/operator/ieo/entries?id=${p.id}`, operator.token);
    expect(entries.status).toBe(200);
    expect(entries.result.records).toEqual([expect.objectContaining({ userId: c.id, quantity: 2, status: "applied" })]);
    const list = await api.call("GET", "/api/operator/ieo/list?status=issuing", operator.token);
    expect(list.result.records.some((r: Json) => r.id === p.id && r.texts.name["en-us"] === "Candor Token")).toBe(true);
    expect(list.result.records.every((r: Json) => r.status === "issuing")).toBe(true);
  });

  it("apply: bad quantity 400, unknown project 404, above the maximum 400, idempotent with requestId", async () => {
    const now = await api.now();
    const p = await createProject(app, operator.token, projectInput(now, { maxPerCustomer: 5 }));
    await api.advance(HOUR + 1);
    const c = await registerCustomer(app);
    for (const quantity of [0, -1, 1.5, "x"]) {
      expect((await api.apply(c.token, { projectId: p.id, quantity })).status).toBe(400);
    }
    expect((await api.apply(c.token, { projectId: 999999, quantity: 1 })).status).toBe(404);
    expect((await api.apply(c.token, { projectId: p.id, quantity: 6 })).status).toBe(400);
    const one = await api.apply(c.token, { projectId: p.id, quantity: 3, requestId: "ieo-r1" });
    const same = await api.apply(c.token, { projectId: p.id, quantity: 3, requestId: "ieo-r1" });
    expect(same.result.id).toBe(one.result.id);
    const over = await api.apply(c.token, { projectId: p.id, quantity: 3 });
    expect(over.status).toBe(400);
    expect(over.message).toMatch(/5/);
    expect(over.message).toMatch(/2/);
    expect((await api.apply(c.token, { projectId: p.id, quantity: 2 })).status).toBe(200);
    expect((await api.detail(p.id, c.token)).result.my).toEqual({ applied: 5, won: 0, remaining: 0 });
    expect((await api.apply("nope", { projectId: p.id, quantity: 1 })).status).toBe(401);
  });

  it("concurrent applies can never pass the maximum", async () => {
    const now = await api.now();
    const p = await createProject(app, operator.token, projectInput(now, { maxPerCustomer: 5 }));
    await api.advance(HOUR + 1);
    const c = await registerCustomer(app);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api.apply(c.token, { projectId: p.id, quantity: 1 })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const orders = await api.orders(c.token, `?projectId=${p.id}&pageSize=100`);
    expect(orders.result.total).toBe(5);
  });

  it("pay: lost 409, another's 404, not enough USDT 409 with nothing charged, applied (before the draw) 409", async () => {
    const now = await api.now();
    const p = await createProject(app, operator.token, projectInput(now, { totalQuantity: 1, maxPerCustomer: 1 }));
    await api.advance(HOUR + 1);
    const [x, y] = [await registerCustomer(app), await registerCustomer(app)];
    const ox = (await api.apply(x.token, { projectId: p.id, quantity: 1 })).result.id as number;
    const oy = (await api.apply(y.token, { projectId: p.id, quantity: 1 })).result.id as number;
    const early = await api.pay(x.token, ox);
    expect(early.status).toBe(409);
    await api.advance(HOUR);
    beaconTick(app);
    await api.advance(HOUR);
    const draw = (await api.draw(p.id)).result;
    expect(draw.winners).toHaveLength(1);
    const winnerOrder = draw.winners[0].orderId as number;
    const [winner, loser, loserOrder] = winnerOrder === ox ? [x, y, oy] : [y, x, ox];
    const lost = await api.pay(loser.token, loserOrder);
    expect(lost.status).toBe(409);
    expect(lost.message).toMatch(/lost/);
    expect((await api.pay(loser.token, winnerOrder)).status).toBe(404);
    expect((await api.pay(winner.token, 999999)).status).toBe(404);
    const poor = await api.pay(winner.token, winnerOrder);
    expect(poor.status).toBe(409);
    expect(poor.message).toMatch(/USDT/);
    const balance = await getAccountBalance(database.db, { userId: winner.id, kind: "spot", currency: "USDT" });
    expect(balance?.available ?? "0").toBe("0");
    await fund(database, winner.id, "USDT", "10");
    const [one, two] = await Promise.all([api.pay(winner.token, winnerOrder), api.pay(winner.token, winnerOrder)]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    const after = await getAccountBalance(database.db, { userId: winner.id, kind: "spot", currency: "USDT" });
    expect(after?.available).toBe("9.5");
    // after payEnd the customer can no longer pay (this one is paid: paying again still answers the same)
    await api.advance(2 * HOUR);
    expect((await api.pay(winner.token, winnerOrder)).result.status).toBe("paid");
  });

  it("the draw endpoint: unknown project 404, bad id 400", async () => {
    expect((await api.draw(999999)).status).toBe(404);
    expect((await api.call("GET", "/api/prod/appProdIoe/draw?id=abc")).status).toBe(400);
    expect((await api.call("GET", "/api/prod/appProdIoe/detail?id=0")).status).toBe(400);
  });
});
