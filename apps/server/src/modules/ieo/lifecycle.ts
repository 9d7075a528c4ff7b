// The IEO life cycle on the business clock (scheduler jobs, each exactly once and safe to
// run again):
//   draw   at drawAt  — drawPrice = estimatedPrice; every applied unit is a ticket ranked by
//                      HMAC-SHA-256(seed, "<orderId>:<i>"); orders → won / lost; the seed is
//                      published (seed returned from then on).
//   expire at payEnd  — won orders not paid → expired.
//   list   at listAt  — the token becomes a wallet currency and the market symbol <SYMBOL>USDT
//                      (reference price = drawPrice, simulated feed); paid orders → delivered:
//                      wonQuantity tokens from the treasury to the customer's spot account
//                      (key ieo:deliver:<orderId>).
import { createHmac } from "node:crypto";
import type { IeoDraw, IeoOrderEvent } from "@candor/contract";
import { IEO_DRAW_ALGORITHM } from "@candor/contract";
import { ALWAYS_OPEN, dec, drawWinners, ieoTicketMessage, toMoneyString } from "@candor/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import { conflict } from "../../lib/errors";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { addListedCurrency } from "../wallet/service";
import { orderEvent, publishOrderEvents } from "./orders";
import { getProjectRow, type IeoDeps, localize, shortTime } from "./projects";
import { type IeoProjectRow, ieoOrders, ieoProjects } from "./schema";

/** A ticket's score: HMAC-SHA-256 with the seed string (UTF-8) as key, lowercase hex. */
export const ticketScore = (seed: string, orderId: number, i: number) =>
  createHmac("sha256", seed).update(ieoTicketMessage(orderId, i), "utf8").digest("hex");

/** Decimals of the listed symbol's price: about six significant digits, from 2 to 8. */
export function pricePrecisionFor(price: string): number {
  const p = dec(price);
  if (p.gte(1)) return Math.max(2, 6 - p.trunc().toFixed().length);
  // 0.5 → 6, 0.012 → 7, 0.0012 → 8
  const leadingZeros = -Math.floor(Math.log10(p.toNumber())) - 1;
  return Math.min(8, 6 + Math.max(0, leadingZeros));
}

export async function runDraw(deps: IeoDeps, id: number): Promise<void> {
  const events = await ledgerTransaction(deps.db, async (tx) => {
    // FOR UPDATE waits for applies in flight (they hold FOR SHARE).
    const project = await getProjectRow(tx, id, "update");
    const now = deps.clock.now();
    if (project.drawnAt || now.getTime() < project.drawAt.getTime()) return [];
    const orders = await tx.select().from(ieoOrders).where(eq(ieoOrders.projectId, id)).orderBy(asc(ieoOrders.id));
    const winners = drawWinners(
      orders.map((o) => ({ orderId: o.id, quantity: o.quantity })),
      project.totalQuantity,
      (orderId, i) => ticketScore(project.seed, orderId, i),
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
          amount: toMoneyString(dec(drawPrice).mul(q)),
          status: q > 0 ? "won" : "lost",
          updatedAt: sql`now()`,
        })
        .where(and(eq(ieoOrders.id, o.id), eq(ieoOrders.status, "applied")))
        .returning();
      if (updated) out.push(orderEvent(updated, project, now));
    }
    const [drawn] = await tx
      .update(ieoProjects)
      .set({ drawnAt: now, drawPrice, updatedAt: sql`now()` })
      .where(eq(ieoProjects.id, id))
      .returning();
    return drawn ? out.map((e) => ({ ...e, symbol: drawn.symbol })) : out;
  });
  publishOrderEvents(deps, events);
  if (events.length > 0) deps.log?.info({ project: id, orders: events.length }, "ieo: draw done");
}

export async function runExpire(deps: IeoDeps, id: number): Promise<void> {
  await runDraw(deps, id);
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
}

export async function runList(deps: IeoDeps, id: number): Promise<void> {
  const first = await getProjectRow(deps.db, id);
  if (first.listedAt || deps.clock.nowMs() < first.listAt.getTime()) return;
  await runExpire(deps, id);
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
  return {
    seed: project.seed,
    seedHash: project.seedHash,
    algorithm: IEO_DRAW_ALGORITHM,
    entries: orders.map((o) => ({ orderId: o.id, quantity: o.quantity })),
    winners: orders.filter((o) => o.wonQuantity > 0).map((o) => ({ orderId: o.id, wonQuantity: o.wonQuantity })),
    projectId: project.id,
    totalQuantity: project.totalQuantity,
    drawPrice: toMoneyString(project.drawPrice),
    drawnAt: project.drawnAt.toISOString(),
  };
}
