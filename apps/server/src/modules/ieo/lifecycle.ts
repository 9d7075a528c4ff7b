// The IEO life cycle on the business clock (scheduler jobs, each exactly once and safe to
// run again):
//   close  at applyEnd — under the project's lock (after every apply in flight) the real time
//                      of the close is stamped; no application is taken after it.
//   draw   at drawAt  — drawPrice = estimatedPrice; every applied unit is a ticket ranked by
//                      HMAC-SHA-256(seed, "<entriesDigest>:<beacon>:<orderId>:<i>"): the digest of
//                      the final entry set and the beacon — the hash of the first BTCUSDT tick
//                      recorded after the close — are fixed only once applications closed, so
//                      whoever holds the seed cannot know while applying which tickets win. No
//                      such tick yet: the draw waits (retries). Orders → won / lost; the seed,
//                      digest, beacon and its tick are published.
//   expire at payEnd  — won orders not paid → expired.
//   list   at listAt  — the token becomes a wallet currency and the market symbol <SYMBOL>USDT
//                      (reference price = drawPrice, simulated feed); paid orders → delivered:
//                      wonQuantity tokens from the treasury to the customer's spot account
//                      (key ieo:deliver:<orderId>).
import { createHmac } from "node:crypto";
import type { IeoDraw, IeoOrderEvent } from "@candor/contract";
import { IEO_DRAW_ALGORITHM, IEO_DRAW_ALGORITHM_V1 } from "@candor/contract";
import {
  ALWAYS_OPEN,
  dec,
  drawWinners,
  type IeoDrawMix,
  ieoBeaconText,
  ieoCost,
  ieoEntriesText,
  ieoTicketMessage,
  toMoneyString,
} from "@candor/domain";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { conflict } from "../../lib/errors";
import type { JobOutcome } from "../../lib/jobs";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { addListedCurrency } from "../wallet/service";
import { orderEvent, publishOrderEvents } from "./orders";
import { getProjectRow, type IeoDeps, localize, sha256Hex, shortTime } from "./projects";
import { type IeoProjectRow, ieoOrders, ieoProjects } from "./schema";

/** The symbol whose first tick after the close is the draw's beacon. */
export const IEO_BEACON_SYMBOL = "BTCUSDT";
/** How soon a draw waiting for its beacon tick tries again. */
const BEACON_RETRY_MS = 1_000;

/** A ticket's score: HMAC-SHA-256 with the seed string (UTF-8) as key, lowercase hex. */
export const ticketScore = (seed: string, orderId: number, i: number, mix?: IeoDrawMix | null) =>
  createHmac("sha256", seed)
    .update(ieoTicketMessage(orderId, i, mix), "utf8")
    .digest("hex");

/**
 * Applications close: once the business clock has passed applyEnd, the real time is stamped
 * under the project's lock (applies hold it shared, so none is in flight). Idempotent.
 */
export async function runClose(deps: IeoDeps, id: number): Promise<Date | null> {
  return ledgerTransaction(deps.db, async (tx) => {
    const project = await getProjectRow(tx, id, "update");
    if (project.applicationsClosedAt) return project.applicationsClosedAt;
    if (deps.clock.nowMs() < project.applyEnd.getTime()) return null;
    const closedAt = new Date();
    await tx
      .update(ieoProjects)
      .set({ applicationsClosedAt: closedAt, updatedAt: sql`now()` })
      .where(and(eq(ieoProjects.id, id), isNull(ieoProjects.applicationsClosedAt)));
    return closedAt;
  });
}

/** Decimals of the listed symbol's price: about six significant digits, from 2 to 8. */
export function pricePrecisionFor(price: string): number {
  const p = dec(price);
  if (p.gte(1)) return Math.max(2, 6 - p.trunc().toFixed().length);
  // 0.5 → 6, 0.012 → 7, 0.0012 → 8
  const leadingZeros = -Math.floor(Math.log10(p.toNumber())) - 1;
  return Math.min(8, 6 + Math.max(0, leadingZeros));
}

/** The draw; `retryInMs` while the beacon tick (the first BTCUSDT tick after the close) is not recorded yet. */
export async function runDraw(deps: IeoDeps, id: number): Promise<JobOutcome> {
  const first = await getProjectRow(deps.db, id);
  if (first.drawnAt || deps.clock.nowMs() < first.drawAt.getTime()) return undefined;
  const closedAt = await runClose(deps, id);
  if (!closedAt) return undefined;
  const tick = await deps.market.firstTickAtOrAfter(IEO_BEACON_SYMBOL, closedAt.getTime() + 1);
  if (!tick) {
    deps.log?.warn({ project: id }, "ieo: the draw waits for the first BTCUSDT tick after applications closed");
    return { retryInMs: BEACON_RETRY_MS };
  }
  const beaconTick = { symbol: tick.symbol, ts: new Date(tick.ts).toISOString(), price: tick.price };
  const beacon = sha256Hex(ieoBeaconText(beaconTick));
  const events = await ledgerTransaction(deps.db, async (tx) => {
    // FOR UPDATE waits for applies in flight (they hold FOR SHARE).
    const project = await getProjectRow(tx, id, "update");
    const now = deps.clock.now();
    if (project.drawnAt || now.getTime() < project.drawAt.getTime()) return [];
    const orders = await tx.select().from(ieoOrders).where(eq(ieoOrders.projectId, id)).orderBy(asc(ieoOrders.id));
    const entries = orders.map((o) => ({ orderId: o.id, quantity: o.quantity }));
    const mix: IeoDrawMix = { entriesDigest: sha256Hex(ieoEntriesText(entries)), beacon };
    const winners = drawWinners(entries, project.totalQuantity, (orderId, i) =>
      ticketScore(project.seed, orderId, i, mix),
    );
    const drawPrice = project.estimatedPrice;
    const won = new Map(winners.map((w) => [w.orderId, w.wonQuantity]));
    const out: IeoOrderEvent[] = [];
    for (const o of orders) {
      const q = won.get(o.id) ?? 0;
      const [updated] = await tx
        .update(ieoOrders)
        .set({
          wonQuantity: q,
          amount: ieoCost(drawPrice, q),
          status: q > 0 ? "won" : "lost",
          updatedAt: sql`now()`,
        })
        .where(and(eq(ieoOrders.id, o.id), eq(ieoOrders.status, "applied")))
        .returning();
      if (updated) out.push(orderEvent(updated, project, now));
    }
    const [drawn] = await tx
      .update(ieoProjects)
      .set({
        drawnAt: now,
        drawPrice,
        entriesDigest: mix.entriesDigest,
        drawBeacon: beacon,
        drawBeaconTick: beaconTick,
        updatedAt: sql`now()`,
      })
      .where(eq(ieoProjects.id, id))
      .returning();
    return drawn ? out.map((e) => ({ ...e, symbol: drawn.symbol })) : out;
  });
  publishOrderEvents(deps, events);
  if (events.length > 0) deps.log?.info({ project: id, orders: events.length }, "ieo: draw done");
  return undefined;
}

/** A later step waits while the draw does (its beacon tick not recorded yet). */
async function afterDraw(deps: IeoDeps, id: number): Promise<JobOutcome> {
  const waiting = await runDraw(deps, id);
  if (waiting) return waiting;
  const project = await getProjectRow(deps.db, id);
  return project.drawnAt ? undefined : { retryInMs: BEACON_RETRY_MS };
}

export async function runExpire(deps: IeoDeps, id: number): Promise<JobOutcome> {
  const waiting = await afterDraw(deps, id);
  if (waiting) return waiting;
  const events = await ledgerTransaction(deps.db, async (tx) => {
    const project = await getProjectRow(tx, id, "update");
    const now = deps.clock.now();
    if (!project.drawnAt || project.expiredAt || now.getTime() < project.payEnd.getTime()) return [];
    const expired = await tx
      .update(ieoOrders)
      .set({ status: "expired", updatedAt: sql`now()` })
      .where(and(eq(ieoOrders.projectId, id), eq(ieoOrders.status, "won")))
      .returning();
    await tx.update(ieoProjects).set({ expiredAt: now, updatedAt: sql`now()` }).where(eq(ieoProjects.id, id));
    return expired.map((o) => orderEvent(o, project, now));
  });
  publishOrderEvents(deps, events);
  return undefined;
}

export async function runList(deps: IeoDeps, id: number): Promise<JobOutcome> {
  const first = await getProjectRow(deps.db, id);
  if (first.listedAt || deps.clock.nowMs() < first.listAt.getTime()) return undefined;
  const waiting = await runExpire(deps, id);
  if (waiting) return waiting;
  const project = await getProjectRow(deps.db, id);
  await listToken(deps, project);
  const events = await ledgerTransaction(deps.db, async (tx) => {
    const locked = await getProjectRow(tx, id, "update");
    if (locked.listedAt) return [];
    const now = deps.clock.now();
    const paid = await tx
      .select()
      .from(ieoOrders)
      .where(and(eq(ieoOrders.projectId, id), eq(ieoOrders.status, "paid")))
      .orderBy(asc(ieoOrders.id))
      .for("update");
    if (paid.length > 0) {
      await batch(
        tx,
        paid.map((o) => ({
          type: "transfer" as const,
          currency: locked.symbol,
          debit: platformAccount("treasury"),
          credit: userAccount(o.userId, "spot"),
          amount: String(o.wonQuantity),
          key: `ieo:deliver:${o.id}`,
          kind: "ieo_deliver",
          reference: { type: "ieo_order", id: o.id },
        })),
      );
    }
    const out: IeoOrderEvent[] = [];
    for (const o of paid) {
      const [delivered] = await tx
        .update(ieoOrders)
        .set({ status: "delivered", deliveredAt: now, updatedAt: sql`now()` })
        .where(eq(ieoOrders.id, o.id))
        .returning();
      if (delivered) out.push(orderEvent(delivered, locked, now));
    }
    await tx.update(ieoProjects).set({ listedAt: now, updatedAt: sql`now()` }).where(eq(ieoProjects.id, id));
    return out;
  });
  publishOrderEvents(deps, events);
  deps.log?.info({ project: id, symbol: project.symbol, delivered: events.length }, "ieo: token listed");
  return undefined;
}

/** The token as a wallet currency and a market symbol priced by the simulated feed. */
async function listToken(deps: IeoDeps, project: IeoProjectRow) {
  const price = toMoneyString(project.drawPrice ?? project.estimatedPrice);
  await addListedCurrency(deps.db, {
    code: project.symbol,
    name: localize(project.name, "en-us").slice(0, 100) || project.symbol,
    precision: 8,
  });
  await deps.market.addSymbol({
    symbol: `${project.symbol}USDT`,
    base: project.symbol,
    quote: "USDT",
    assetClass: "crypto",
    pricePrecision: pricePrecisionFor(price),
    qtyPrecision: 2,
    spread: "0.002",
    maxLeverage: 2,
    tradingHours: ALWAYS_OPEN,
    referencePrice: price,
    volatility: "1.2",
    dailyVolume: String(Math.max(1000, project.totalQuantity * 10)),
    simOnly: true,
  });
}

/** The published draw: everything needed to recompute the winners. 409 before the draw. */
export async function drawResult(deps: IeoDeps, id: number): Promise<IeoDraw> {
  const project = await getProjectRow(deps.db, id);
  if (!project.drawnAt || project.drawPrice === null) {
    throw conflict("ieoNotDrawn", { drawAt: shortTime(project.drawAt) });
  }
  const orders = await deps.db
    .select({ id: ieoOrders.id, quantity: ieoOrders.quantity, wonQuantity: ieoOrders.wonQuantity })
    .from(ieoOrders)
    .where(eq(ieoOrders.projectId, id))
    .orderBy(asc(ieoOrders.id));
  const mixed = project.drawBeacon !== null;
  return {
    seed: project.seed,
    seedHash: project.seedHash,
    algorithm: mixed ? IEO_DRAW_ALGORITHM : IEO_DRAW_ALGORITHM_V1,
    entries: orders.map((o) => ({ orderId: o.id, quantity: o.quantity })),
    winners: orders.filter((o) => o.wonQuantity > 0).map((o) => ({ orderId: o.id, wonQuantity: o.wonQuantity })),
    projectId: project.id,
    totalQuantity: project.totalQuantity,
    drawPrice: toMoneyString(project.drawPrice),
    drawnAt: project.drawnAt.toISOString(),
    applicationsClosedAt: project.applicationsClosedAt?.toISOString() ?? null,
    entriesDigest: project.entriesDigest,
    beacon: project.drawBeacon,
    beaconTick: project.drawBeaconTick ?? null,
  };
}
