// Issue "Money that cannot be gamed", item 9 — the IEO draw cannot be steered by whoever
// holds the seed. The seed is stored in plain text from the project's creation and applying
// is free; if a ticket's score depended only on the seed and its order id, an insider reading
// the seed could work out, before applying, which order ids will win — and make sure their
// applications land on exactly those ids by burning the others (here with nextval on the id
// sequence; a customer could do the same by applying to another project).
//
// The attack below does exactly that against 20 honest tickets for 6 tokens. With scores that
// also mix in the digest of the final entry set and a beacon fixed only after applications
// closed (the hash of the first BTCUSDT tick recorded after the close), the seed alone predicts
// nothing: the attacker's 6 single tickets win like anyone's (all 6 with chance 1 in 230,230).
// Anyone can still recompute the winners from the published values.
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createOperator, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { createProject, HOUR, ieoApi, type Json, projectInput, recomputeWinners, sha256 } from "./factory";

const { app, database } = await setupApp();
const api = ieoApi(app);

/** What the seed alone says about a ticket (the score of the earlier algorithm). */
const seedOnlyScore = (seed: string, orderId: number, i: number) =>
  createHmac("sha256", Buffer.from(seed, "utf8")).update(`${orderId}:${i}`).digest("hex");

describe("the seed holder", async () => {
  const operator = await createOperator(app, database);
  const honest = [await registerCustomer(app), await registerCustomer(app), await registerCustomer(app)];
  const insider = await registerCustomer(app);
  const start = await api.now();
  const input = projectInput(start, { totalQuantity: 6, maxPerCustomer: 100 });
  const project = await createProject(app, operator.token, input);
  const insiderOrders: number[] = [];

  it("cannot place their applications on the ticket ids that the seed says will win", async () => {
    // The insider reads the seed straight from the database.
    const [row] = await database.query<{ seed: string }>("SELECT seed FROM ieo_projects WHERE id = $1", [project.id]);
    const seed = row?.seed as string;
    await api.advance(HOUR + 1);

    const honestTickets: { orderId: number; i: number }[] = [];
    for (const [n, c] of honest.entries()) {
      for (const quantity of n === 0 ? [5, 5] : [5]) {
        const res = await api.apply(c.token, { projectId: project.id, quantity });
        expect(res.status, res.message).toBe(200);
        for (let i = 0; i < quantity; i++) honestTickets.push({ orderId: res.result.id, i });
      }
    }
    expect(honestTickets).toHaveLength(20);
    const best = honestTickets.map((t) => seedOnlyScore(seed, t.orderId, t.i)).sort()[0] as string;

    // Burn order ids until the next id's only ticket beats every honest ticket, then apply.
    let lastId = Math.max(...honestTickets.map((t) => t.orderId));
    let burned = 0;
    while (insiderOrders.length < 6) {
      if (seedOnlyScore(seed, lastId + 1, 0) >= best) {
        const [r] = await database.query<{ id: string }>("SELECT nextval('ieo_orders_id_seq') AS id");
        lastId = Number(r?.id);
        burned++;
        expect(burned).toBeLessThan(100_000);
        continue;
      }
      const res = await api.apply(insider.token, { projectId: project.id, quantity: 1 });
      expect(res.status, res.message).toBe(200);
      expect(res.result.id).toBe(lastId + 1);
      lastId = res.result.id;
      insiderOrders.push(lastId);
    }

    // Applications close; the first BTCUSDT tick after the close fixes the beacon; the draw runs.
    await api.advance(HOUR);
    app.market.ingest({ symbol: "BTCUSDT", price: "91234.5", ts: Date.now() + 5 });
    await api.advance(HOUR);
    const draw = await api.draw(project.id);
    expect(draw.status, draw.message).toBe(200);
    const insiderWon = draw.result.winners
      .filter((w: Json) => insiderOrders.includes(w.orderId))
      .reduce((s: number, w: Json) => s + w.wonQuantity, 0);
    // With the seed alone deciding, the insider takes all 6 tokens.
    expect(insiderWon).toBeLessThan(6);
  });

  it("publishes the entry digest and the beacon; anyone recomputes the winners from the published values", async () => {
    const { result: draw } = await api.draw(project.id);
    expect(sha256(draw.seed)).toBe(draw.seedHash);
    // The entry digest is the SHA-256 of the final entry set, one "<orderId>:<quantity>" line each.
    const lines = draw.entries.map((e: Json) => `${e.orderId}:${e.quantity}`).join("\n");
    expect(draw.entriesDigest).toBe(sha256(lines));
    expect(draw.entries).toHaveLength(4 + insiderOrders.length);
    // The beacon is the hash of the first BTCUSDT tick recorded after applications closed.
    expect(draw.beaconTick).toMatchObject({ symbol: "BTCUSDT", price: expect.stringMatching(/^91234\.5/) });
    expect(Date.parse(draw.beaconTick.ts)).toBeGreaterThan(Date.parse(draw.applicationsClosedAt));
    const tickText = `${draw.beaconTick.symbol}|${draw.beaconTick.ts}|${draw.beaconTick.price}`;
    expect(draw.beacon).toBe(createHash("sha256").update(tickText, "utf8").digest("hex"));
    expect(draw.algorithm).toMatch(/entriesDigest/);
    expect(draw.algorithm).toMatch(/beacon/);
    const expected = recomputeWinners(draw, input.totalQuantity).filter((w) => w.wonQuantity > 0);
    expect(draw.winners).toEqual(expected);
  });

  it("applications are refused once closed, even before the draw", async () => {
    const res = await api.apply(insider.token, { projectId: project.id, quantity: 1 });
    expect(res.status).toBe(409);
  });
});
