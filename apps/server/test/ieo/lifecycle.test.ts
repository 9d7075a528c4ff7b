// The whole IEO life cycle on the sandbox test clock (issue 14): create → over-subscribed
// applications by several customers → the draw at drawAt, recomputed independently from the
// published seed and entries → one winner pays, another does not → payEnd: expired →
// listAt: delivered, the token in the balances and the asset list, with a spot price and a
// flash-exchange quote.
import { describe, expect, it } from "vitest";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { createOperator, fund, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { beaconTick, createProject, HOUR, ieoApi, type Json, projectInput, recomputeWinners, sha256 } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = ieoApi(app);

describe("IEO life cycle", async () => {
  const operator = await createOperator(app, database);
  const [a, b, c] = [await registerCustomer(app), await registerCustomer(app), await registerCustomer(app)];
  for (const x of [a, b, c]) await fund(database, x.id, "USDT", "100");
  const start = await api.now();
  const input = projectInput(start);
  const project = await createProject(app, operator.token, input);
  const symbol = input.symbol;
  const orders: Record<string, number[]> = { a: [], b: [], c: [] };
  const usdt = async (userId: number) =>
    (await getAccountBalance(database.db, { userId, kind: "spot", currency: "USDT" }))?.available ?? "0";

  it("publishes seedHash at once and hides the seed; upcoming before applyStart", async () => {
    expect(project.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(project.seed).toBeNull();
    const list = await api.projects();
    expect(list.status).toBe(200);
    expect(Array.isArray(list.result)).toBe(true);
    const mine = list.result.find((p: Json) => p.id === project.id);
    expect(mine).toMatchObject({ symbol, status: "upcoming", seed: null, seedHash: project.seedHash, drawPrice: null });
    expect(mine.name).toBe("Candor Token");
    const ko = await app.inject({
      method: "GET",
      url: `/api/prod/appProdIoe/detail?id=${project.id}`,
      headers: { "x-lang": "ko" },
    });
    expect(ko.json().result.name).toBe("Candor Token (ko)");
    const early = await api.apply(a.token, { projectId: project.id, quantity: 1 });
    expect(early.status).toBe(409);
    expect(early.message).toMatch(/UTC/);
  });

  it("takes applications in the window; nothing is charged", async () => {
    await api.advance(HOUR + 1);
    expect((await api.detail(project.id)).result.status).toBe("issuing");
    for (const [who, token, quantity] of [
      ["a", a.token, 3],
      ["b", b.token, 5],
      ["c", c.token, 4],
      ["a", a.token, 2],
    ] as const) {
      const res = await api.apply(token, { projectId: project.id, quantity });
      expect(res.status, res.message).toBe(200);
      expect(res.result).toMatchObject({ status: "applied", quantity, charged: "0" });
      orders[who]?.push(res.result.id);
    }
    for (const x of [a, b, c]) expect(await usdt(x.id)).toBe("100");
    const detail = await api.detail(project.id, a.token);
    expect(detail.result).toMatchObject({ appliedQuantity: 14, entries: 4, my: { applied: 5, won: 0, remaining: 0 } });
    const mine = await api.orders(a.token);
    expect(mine.result.total).toBe(2);
    expect(mine.result.records[0]).toMatchObject({
      projectId: project.id,
      status: "applied",
      wonQuantity: 0,
      amount: "0",
    });
  });

  it("answers 409 for the draw before it has run, and closes applications at applyEnd", async () => {
    const before = await api.draw(project.id);
    expect(before.status).toBe(409);
    expect(before.message).toMatch(/draw/i);
    await api.advance(HOUR);
    expect((await api.detail(project.id)).result.status).toBe("drawing");
    expect((await api.apply(c.token, { projectId: project.id, quantity: 1 })).status).toBe(409);
  });

  let draw: Json;
  it("draws at drawAt; anyone can recompute the winners from the published seed and entries", async () => {
    // The first BTCUSDT tick after applications closed: the beacon mixed into every score.
    beaconTick(app);
    await api.advance(HOUR);
    const res = await api.draw(project.id);
    expect(res.status, res.message).toBe(200);
    draw = res.result;
    expect(sha256(draw.seed)).toBe(draw.seedHash);
    expect(draw.seedHash).toBe(project.seedHash);
    expect(draw.algorithm).toMatch(/HMAC-SHA-256/);
    expect(draw.entries).toHaveLength(4);
    const expected = recomputeWinners(draw, input.totalQuantity).filter((w) => w.wonQuantity > 0);
    expect(draw.winners).toEqual(expected);
    expect(draw.winners.reduce((s: number, w: Json) => s + w.wonQuantity, 0)).toBe(6);
    const detail = (await api.detail(project.id)).result;
    expect(detail).toMatchObject({ status: "paying", seed: draw.seed, drawPrice: "0.5" });
    // the orders follow the draw
    const all = [
      ...(await api.orders(a.token)).result.records,
      ...(await api.orders(b.token)).result.records,
      ...(await api.orders(c.token)).result.records,
    ];
    for (const o of all) {
      const won = draw.winners.find((w: Json) => w.orderId === o.id)?.wonQuantity ?? 0;
      expect(o.wonQuantity).toBe(won);
      expect(o.status).toBe(won > 0 ? "won" : "lost");
      expect(Number(o.amount)).toBe(won * 0.5);
    }
  });

  let payer: { token: string; id: number; orderId: number; won: number } | null = null;
  it("a winner pays once (a second pay charges nothing); another's order is 404", async () => {
    const customers = [
      { c: a, ids: orders.a ?? [] },
      { c: b, ids: orders.b ?? [] },
      { c: c, ids: orders.c ?? [] },
    ];
    const winners = customers.flatMap(({ c: who, ids }) =>
      ids.flatMap((id) => {
        const w = draw.winners.find((x: Json) => x.orderId === id);
        return w ? [{ token: who.token, id: who.id, orderId: id, won: w.wonQuantity as number }] : [];
      }),
    );
    expect(winners.length).toBeGreaterThan(0);
    payer = winners[0] ?? null;
    if (!payer) return;
    const other = customers.find((x) => x.c.id !== payer?.id);
    if (other) expect((await api.pay(other.c.token, payer.orderId)).status).toBe(404);
    const before = await usdt(payer.id);
    const paid = await api.pay(payer.token, payer.orderId);
    expect(paid.status, paid.message).toBe(200);
    expect(paid.result).toMatchObject({
      id: payer.orderId,
      status: "paid",
      amount: String(payer.won * 0.5),
      currency: "USDT",
    });
    const again = await api.pay(payer.token, payer.orderId);
    expect(again.status).toBe(200);
    expect(again.result).toEqual(paid.result);
    expect(Number(await usdt(payer.id))).toBeCloseTo(Number(before) - payer.won * 0.5, 8);
    const log = await api.call("GET", "/api/finance/appBalanceLog/list?currency=USDT", payer.token);
    expect(log.result.records.filter((r: Json) => r.kind === "ieo_pay")).toHaveLength(1);
  });

  it("unpaid wins expire at payEnd; paying after it is 409", async () => {
    await api.advance(2 * HOUR);
    expect((await api.detail(project.id)).result.status).toBe("completed");
    const all = [
      ...(await api.orders(a.token)).result.records,
      ...(await api.orders(b.token)).result.records,
      ...(await api.orders(c.token)).result.records,
    ];
    for (const o of all) {
      if (o.id === payer?.orderId) expect(o.status).toBe("paid");
      else expect(["expired", "lost"]).toContain(o.status);
      if (o.wonQuantity > 0 && o.id !== payer?.orderId) expect(o.status).toBe("expired");
    }
    const expired = all.find((o: Json) => o.status === "expired");
    if (expired) {
      const token = (orders.a ?? []).includes(expired.id)
        ? a.token
        : (orders.b ?? []).includes(expired.id)
          ? b.token
          : c.token;
      const late = await api.pay(token, expired.id);
      expect(late.status).toBe(409);
    }
  });

  it("at listAt the token is listed and delivered to the payer: balances, asset list, price, flash quote", async () => {
    await api.advance(2 * HOUR);
    expect((await api.detail(project.id)).result.status).toBe("listed");
    if (!payer) throw new Error("no payer");
    const mine = (await api.orders(payer.token, `?projectId=${project.id}`)).result.records.find(
      (o: Json) => o.id === payer?.orderId,
    );
    expect(mine).toMatchObject({ status: "delivered" });
    expect(mine.deliveredAt).toBeTruthy();
    const balances = await api.call("GET", "/api/finance/appWallet/queryUserBalance", payer.token);
    const token = balances.result.find((r: Json) => r.currency === symbol);
    expect(token, JSON.stringify(balances.result)).toBeTruthy();
    expect(Number(token.available)).toBe(payer.won);
    const log = await api.call("GET", `/api/finance/appBalanceLog/list?currency=${symbol}`, payer.token);
    expect(log.result.records.some((r: Json) => r.kind === "ieo_deliver" && Number(r.amount) === payer?.won)).toBe(
      true,
    );
    const price = await api.call("GET", `/api/trade/appSymbol/price?symbol=${symbol}USDT`);
    expect(price.status, price.message).toBe(200);
    expect(Number(price.result.price)).toBe(0.5);
    const list = await api.call("GET", "/api/trade/appSymbol/list");
    expect(list.result.some((s: Json) => s.symbol === `${symbol}USDT`)).toBe(true);
    const currencies = await api.call("GET", "/api/trade/appFlashExchangeLog/currencies");
    expect(currencies.result.some((x: Json) => x.currency === symbol)).toBe(true);
    const quote = await api.call(
      "GET",
      `/api/trade/appFlashExchangeLog/quote?from=USDT&to=${symbol}&amount=10`,
      payer.token,
    );
    expect(quote.status, quote.message).toBe(200);
    expect(Number(quote.result.received)).toBeGreaterThan(0);
    // tradeable on spot: buy 20 more at market (about 10 USDT; the spot minimum is 5 USDT)
    const bought = await api.call("POST", "/api/trade/appSpotOrder/create", payer.token, {
      symbol: `${symbol}USDT`,
      side: "buy",
      type: "market",
      quantity: "20",
    });
    expect(bought.status, bought.message).toBe(200);
    // a listed project cannot be drawn or listed twice: running the jobs again changes nothing
    await app.ieo.service.runList(project.id);
    await app.ieo.service.runDraw(project.id);
    const again = await api.call("GET", "/api/finance/appWallet/queryUserBalance", payer.token);
    expect(Number(again.result.find((r: Json) => r.currency === symbol).available)).toBe(payer.won + 20);
  });

  it("sends inbox messages for won, lost, expired and delivered orders", async () => {
    if (!payer) throw new Error("no payer");
    const inbox = await api.call("GET", "/api/content/appNotice/myList?category=transaction", payer.token);
    expect(inbox.status, inbox.message).toBe(200);
    const titles = (inbox.result.records as Json[]).map((r) => String(r.title));
    expect(titles.some((t) => t.includes("delivered"))).toBe(true);
    expect(titles.some((t) => t.includes("won"))).toBe(true);
  });
});
