// IEO projects: what every part of the module shares (dependencies, the status from the
// business clock, the customer's and the operator's view of a project). The seed is
// returned only once the draw has run; seedHash always.
import { createHash } from "node:crypto";
import type { IeoProject, IeoProjectStatus, Lang, OperatorIeoProject, Page } from "@candor/contract";
import { IEO_PAY_CURRENCY } from "@candor/contract";
import { toMoneyString } from "@candor/domain";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import type { AppEvents, EventBus } from "../../lib/event-bus";
import type { BusinessClock } from "../clock/service";
import type { MarketService } from "../market/service";
import { type IeoProjectRow, ieoOrders, ieoProjects } from "./schema";

export interface IeoDeps {
  db: Db;
  clock: BusinessClock;
  market: MarketService;
  bus?: EventBus<AppEvents>;
  log?: FastifyBaseLogger;
}

export const JOB_IEO_CLOSE = "ieo.close";
export const JOB_IEO_DRAW = "ieo.draw";
export const JOB_IEO_EXPIRE = "ieo.expire";
export const JOB_IEO_LIST = "ieo.list";

export const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

export const localize = (text: Record<string, string> | null | undefined, lang: Lang): string =>
  text?.[lang] ?? text?.["en-us"] ?? "";

const iso = (d: Date) => d.toISOString();
/** "2026-11-23 19:00" for messages. */
export const shortTime = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

export function projectStatus(row: IeoProjectRow, nowMs: number): IeoProjectStatus {
  if (row.listedAt) return "listed";
  if (nowMs < row.applyStart.getTime()) return "upcoming";
  if (nowMs < row.applyEnd.getTime()) return "issuing";
  if (!row.drawnAt) return "drawing";
  if (nowMs < row.payEnd.getTime()) return "paying";
  return "completed";
}

export async function getProjectRow(db: Db, id: number, lock?: "update" | "share"): Promise<IeoProjectRow> {
  const q = db.select().from(ieoProjects).where(eq(ieoProjects.id, id));
  const [row] = lock === "update" ? await q.for("update") : lock === "share" ? await q.for("share") : await q;
  if (!row) throw notFound("ieoProjectNotFound");
  return row;
}

interface Totals {
  applied: number;
  entries: number;
  paid: number;
}

async function totals(db: Db, ids: number[]): Promise<Map<number, Totals>> {
  const out = new Map<number, Totals>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      projectId: ieoOrders.projectId,
      applied: sql<string>`coalesce(sum(${ieoOrders.quantity}), 0)`,
      entries: count(),
      paid: sql<string>`coalesce(sum(${ieoOrders.wonQuantity}) filter (where ${ieoOrders.status} in ('paid', 'delivered')), 0)`,
    })
    .from(ieoOrders)
    .where(
      sql`${ieoOrders.projectId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .groupBy(ieoOrders.projectId);
  for (const r of rows) {
    out.set(r.projectId, { applied: Number(r.applied), entries: Number(r.entries), paid: Number(r.paid) });
  }
  return out;
}

async function mySummary(db: Db, userId: number, ids: number[]) {
  const out = new Map<number, { applied: number; won: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      projectId: ieoOrders.projectId,
      applied: sql<string>`coalesce(sum(${ieoOrders.quantity}), 0)`,
      won: sql<string>`coalesce(sum(${ieoOrders.wonQuantity}), 0)`,
    })
    .from(ieoOrders)
    .where(
      and(
        eq(ieoOrders.userId, userId),
        sql`${ieoOrders.projectId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(ieoOrders.projectId);
  for (const r of rows) out.set(r.projectId, { applied: Number(r.applied), won: Number(r.won) });
  return out;
}

function baseProject(row: IeoProjectRow, lang: Lang, nowMs: number, t: Totals | undefined) {
  const drawn = row.drawnAt !== null;
  return {
    id: row.id,
    name: localize(row.name, lang),
    symbol: row.symbol,
    estimatedPrice: toMoneyString(row.estimatedPrice),
    drawPrice: row.drawPrice === null ? null : toMoneyString(row.drawPrice),
    totalQuantity: row.totalQuantity,
    maxPerCustomer: row.maxPerCustomer,
    applyStart: iso(row.applyStart),
    applyEnd: iso(row.applyEnd),
    drawAt: iso(row.drawAt),
    payEnd: iso(row.payEnd),
    listAt: iso(row.listAt),
    status: projectStatus(row, nowMs),
    seedHash: row.seedHash,
    seed: drawn ? row.seed : null,
    description: localize(row.description, lang),
    riskText: localize(row.riskText, lang),
    payCurrency: IEO_PAY_CURRENCY,
    appliedQuantity: t?.applied ?? 0,
    entries: t?.entries ?? 0,
    drawn,
    listed: row.listedAt !== null,
    serverTime: new Date(nowMs).toISOString(),
  };
}

/** Customer view of projects (newest first), with the caller's own summary when logged in. */
export async function listProjects(
  deps: IeoDeps,
  lang: Lang,
  userId: number | null,
  query: { status?: IeoProjectStatus },
): Promise<IeoProject[]> {
  const page = await projectPage(deps, { pageNo: 1, pageSize: 500, status: query.status });
  const ids = page.records.map((r) => r.id);
  const t = await totals(deps.db, ids);
  const mine = userId ? await mySummary(deps.db, userId, ids) : null;
  const now = deps.clock.nowMs();
  return page.records.map((row) =>
    toProject(row, lang, now, t.get(row.id), mine ? (mine.get(row.id) ?? null) : undefined),
  );
}

export async function projectDetail(deps: IeoDeps, id: number, lang: Lang, userId: number | null): Promise<IeoProject> {
  const row = await getProjectRow(deps.db, id);
  const t = await totals(deps.db, [id]);
  const mine = userId ? await mySummary(deps.db, userId, [id]) : null;
  return toProject(row, lang, deps.clock.nowMs(), t.get(id), mine ? (mine.get(id) ?? null) : undefined);
}

function toProject(
  row: IeoProjectRow,
  lang: Lang,
  nowMs: number,
  t: Totals | undefined,
  mine: { applied: number; won: number } | null | undefined,
): IeoProject {
  return {
    ...baseProject(row, lang, nowMs, t),
    my:
      mine === undefined
        ? null
        : {
            applied: mine?.applied ?? 0,
            won: mine?.won ?? 0,
            remaining: Math.max(0, row.maxPerCustomer - (mine?.applied ?? 0)),
          },
  };
}

export function toOperatorProject(
  row: IeoProjectRow,
  lang: Lang,
  nowMs: number,
  t: Totals | undefined,
): OperatorIeoProject {
  return {
    ...baseProject(row, lang, nowMs, t),
    texts: { name: row.name, description: row.description, riskText: row.riskText },
    paidQuantity: t?.paid ?? 0,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Projects by status (computed from the business clock in SQL), newest first. */
async function projectPage(
  deps: IeoDeps,
  query: { pageNo: number; pageSize: number; status?: IeoProjectStatus },
): Promise<Page<IeoProjectRow>> {
  const now = deps.clock.now().toISOString();
  const at = sql`${now}::timestamptz`;
  const p = ieoProjects;
  const byStatus: Record<IeoProjectStatus, ReturnType<typeof sql>> = {
    listed: sql`${p.listedAt} is not null`,
    upcoming: sql`${p.listedAt} is null and ${at} < ${p.applyStart}`,
    issuing: sql`${p.listedAt} is null and ${at} >= ${p.applyStart} and ${at} < ${p.applyEnd}`,
    drawing: sql`${p.listedAt} is null and ${at} >= ${p.applyEnd} and ${p.drawnAt} is null`,
    paying: sql`${p.listedAt} is null and ${at} >= ${p.applyEnd} and ${p.drawnAt} is not null and ${at} < ${p.payEnd}`,
    completed: sql`${p.listedAt} is null and ${p.drawnAt} is not null and ${at} >= ${p.payEnd}`,
  };
  const where = query.status ? byStatus[query.status] : undefined;
  const [total] = await deps.db.select({ n: count() }).from(ieoProjects).where(where);
  const records = await deps.db
    .select()
    .from(ieoProjects)
    .where(where)
    .orderBy(desc(ieoProjects.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function operatorList(
  deps: IeoDeps,
  lang: Lang,
  query: { pageNo: number; pageSize: number; status?: IeoProjectStatus },
): Promise<Page<OperatorIeoProject>> {
  const page = await projectPage(deps, query);
  const t = await totals(
    deps.db,
    page.records.map((r) => r.id),
  );
  const now = deps.clock.nowMs();
  return { ...page, records: page.records.map((r) => toOperatorProject(r, lang, now, t.get(r.id))) };
}
