// IEO orders: applying (nothing is charged; the sum of a customer's applications per
// project stays within maxPerCustomer under concurrent applies: a guarded increment of
// ieo_applicants), paying a won order (wonQuantity × drawPrice in USDT from the customer's
// spot account to the platform treasury, once: key ieo:pay:<orderId>), and the lists.

import type {
  IeoApplyBody,
  IeoApplyResult,
  IeoOrder,
  IeoOrderEvent,
  IeoOrderListQuery,
  IeoPayResult,
  Lang,
  OperatorIeoEntriesQuery,
  OperatorIeoEntry,
  Page,
} from "@candor/contract";
import { IEO_PAY_CURRENCY } from "@candor/contract";
import { toMoneyString } from "@candor/domain";
import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { InsufficientBalanceError, ledgerTransaction, platformAccount, transfer, userAccount } from "../ledger/service";
import { getProjectRow, type IeoDeps, localize, shortTime } from "./projects";
import { type IeoOrderRow, type IeoProjectRow, ieoApplicants, ieoOrders, ieoProjects } from "./schema";

export function toOrder(row: IeoOrderRow, project: IeoProjectRow, lang: Lang): IeoOrder {
  return {
    id: row.id,
    projectId: row.projectId,
    quantity: row.quantity,
    wonQuantity: row.wonQuantity,
    amount: toMoneyString(row.amount),
    status: row.status,
    projectName: localize(project.name, lang),
    symbol: project.symbol,
    drawPrice: project.drawPrice === null ? null : toMoneyString(project.drawPrice),
    payEnd: project.payEnd.toISOString(),
    listAt: project.listAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

export function orderEvent(row: IeoOrderRow, project: IeoProjectRow, at: Date): IeoOrderEvent {
  return {
    userId: row.userId,
    orderId: row.id,
    projectId: row.projectId,
    symbol: project.symbol,
    status: row.status,
    quantity: row.quantity,
    wonQuantity: row.wonQuantity,
    amount: toMoneyString(row.amount),
    at: at.toISOString(),
  };
}

export function publishOrderEvents(deps: IeoDeps, events: IeoOrderEvent[]) {
  for (const e of events) deps.bus?.publish("ieo.order", e);
}

async function byRequestId(db: Db, userId: number, requestId: string | undefined) {
  if (!requestId) return null;
  const [row] = await db
    .select()
    .from(ieoOrders)
    .where(and(eq(ieoOrders.userId, userId), eq(ieoOrders.requestId, requestId)));
  return row ?? null;
}

const applyResult = (row: IeoOrderRow): IeoApplyResult => ({
  id: row.id,
  status: row.status,
  projectId: row.projectId,
  quantity: row.quantity,
  charged: "0",
});

/** Apply for `quantity` units. Nothing is charged; winners pay after the draw. */
export async function apply(deps: IeoDeps, userId: number, body: IeoApplyBody): Promise<IeoApplyResult> {
  const first = await byRequestId(deps.db, userId, body.requestId);
  if (first) return applyResult(first);
  try {
    const row = await ledgerTransaction(deps.db, async (tx) => {
      // FOR SHARE: applies run side by side; the draw (FOR UPDATE) waits for them.
      const project = await getProjectRow(tx, body.projectId, "share");
      const now = deps.clock.nowMs();
      if (
        project.drawnAt ||
        project.applicationsClosedAt ||
        now < project.applyStart.getTime() ||
        now >= project.applyEnd.getTime()
      ) {
        throw conflict("ieoNotIssuing", { start: shortTime(project.applyStart), end: shortTime(project.applyEnd) });
      }
      const max = project.maxPerCustomer;
      if (body.quantity > max) {
        throw badRequest("ieoAboveMax", { max, remaining: max - (await appliedNow(tx, project.id, userId)) });
      }
      // One guarded statement: the row is created or incremented only while the sum stays
      // within the maximum; concurrent applies queue on the row and see each other's sums.
      const [counted] = await tx
        .insert(ieoApplicants)
        .values({ projectId: project.id, userId, applied: body.quantity })
        .onConflictDoUpdate({
          target: [ieoApplicants.projectId, ieoApplicants.userId],
          set: { applied: sql`${ieoApplicants.applied} + ${body.quantity}` },
          setWhere: sql`${ieoApplicants.applied} + ${body.quantity} <= ${max}`,
        })
        .returning({ applied: ieoApplicants.applied });
      if (!counted) {
        throw badRequest("ieoAboveMax", {
          max,
          remaining: Math.max(0, max - (await appliedNow(tx, project.id, userId))),
        });
      }
      const [inserted] = await tx
        .insert(ieoOrders)
        .values({
          projectId: project.id,
          userId,
          quantity: body.quantity,
          status: "applied",
          requestId: body.requestId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("ieo order insert returned nothing");
      return inserted;
    });
    return applyResult(row);
  } catch (err) {
    if (body.requestId && isUniqueViolation(err)) {
      const again = await byRequestId(deps.db, userId, body.requestId);
      if (again) return applyResult(again);
    }
    throw err;
  }
}

async function appliedNow(db: Db, projectId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ applied: ieoApplicants.applied })
    .from(ieoApplicants)
    .where(and(eq(ieoApplicants.projectId, projectId), eq(ieoApplicants.userId, userId)));
  return row?.applied ?? 0;
}

/**
 * Pay a won order: wonQuantity × drawPrice USDT from available to the treasury. Paying again
 * returns the same result and charges nothing (the order is locked; the ledger key is unique).
 */
export async function pay(deps: IeoDeps, userId: number, id: number): Promise<IeoPayResult> {
  const result = (row: IeoOrderRow): IeoPayResult => ({
    id: row.id,
    status: row.status,
    amount: toMoneyString(row.amount),
    currency: IEO_PAY_CURRENCY,
    paidAt: (row.paidAt ?? row.updatedAt).toISOString(),
  });
  let needed = "0";
  try {
    return await ledgerTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .select()
        .from(ieoOrders)
        .where(and(eq(ieoOrders.id, id), eq(ieoOrders.userId, userId)))
        .for("update");
      if (!row) throw notFound("ieoOrderNotFound");
      if (row.status === "paid" || row.status === "delivered") return result(row);
      if (row.status !== "won") throw conflict("ieoNotWon", { status: row.status });
      const project = await getProjectRow(tx, row.projectId);
      const now = deps.clock.now();
      if (now.getTime() >= project.payEnd.getTime())
        throw conflict("ieoPayClosed", { payEnd: shortTime(project.payEnd) });
      needed = toMoneyString(row.amount);
      await transfer(tx, {
        currency: IEO_PAY_CURRENCY,
        debit: userAccount(userId, "spot"),
        credit: platformAccount("treasury"),
        amount: row.amount,
        key: `ieo:pay:${row.id}`,
        kind: "ieo_pay",
        reference: { type: "ieo_order", id: row.id },
      });
      const [paid] = await tx
        .update(ieoOrders)
        .set({ status: "paid", paidAt: now, updatedAt: sql`now()` })
        .where(eq(ieoOrders.id, row.id))
        .returning();
      if (!paid) throw new Error("ieo order update returned nothing");
      return result(paid);
    });
  } catch (err) {
    if (err instanceof InsufficientBalanceError) {
      throw conflict("ieoInsufficientBalance", { amount: needed, currency: IEO_PAY_CURRENCY });
    }
    throw err;
  }
}

async function projectsById(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, IeoProjectRow>();
  const rows = await db.select().from(ieoProjects).where(inArray(ieoProjects.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

async function orderPage(db: Db, where: SQL[], query: { pageNo: number; pageSize: number }) {
  const condition = where.length > 0 ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(ieoOrders).where(condition);
  const records = await db
    .select()
    .from(ieoOrders)
    .where(condition)
    .orderBy(desc(ieoOrders.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function listMy(
  deps: IeoDeps,
  userId: number,
  query: IeoOrderListQuery,
  lang: Lang,
): Promise<Page<IeoOrder>> {
  const where: SQL[] = [eq(ieoOrders.userId, userId)];
  if (query.projectId) where.push(eq(ieoOrders.projectId, query.projectId));
  if (query.status) where.push(eq(ieoOrders.status, query.status));
  const page = await orderPage(deps.db, where, query);
  const projects = await projectsById(
    deps.db,
    page.records.map((r) => r.projectId),
  );
  return {
    ...page,
    records: page.records.flatMap((r) => {
      const p = projects.get(r.projectId);
      return p ? [toOrder(r, p, lang)] : [];
    }),
  };
}

export async function entries(
  deps: IeoDeps,
  query: OperatorIeoEntriesQuery,
  lang: Lang,
): Promise<Page<OperatorIeoEntry>> {
  const project = await getProjectRow(deps.db, query.id);
  const where: SQL[] = [eq(ieoOrders.projectId, project.id)];
  if (query.status) where.push(eq(ieoOrders.status, query.status));
  const page = await orderPage(deps.db, where, query);
  return { ...page, records: page.records.map((r) => ({ ...toOrder(r, project, lang), userId: r.userId })) };
}
