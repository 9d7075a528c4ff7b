// Daily income and term ends, run by the scheduler on the business clock.
//
// Fixed-term interest and mining output are credited for each business date after the day
// of purchase, up to the term (an order bought on the 1st with a 3-day term is paid for the
// 2nd, 3rd and 4th at 00:00 UTC and ends at its purchase time on the 4th). The daily job for
// date D pays every running order for all its dates up to D that are not paid yet, so dates
// missed while nothing ran are each paid once when the scheduler catches up — whatever order
// the dates' jobs run in. Mining output of date D is valued at BTCUSDT's recorded close of
// D−1 (its daily candle), so a date paid late is paid at its own day's price; a date whose
// candle is not recorded waits (the job retries) and the later dates wait behind it. Every payment is a ledger transfer keyed `accrual:<order>:<date>`
// and its order row update is guarded by the days already paid, so a second worker, a retry
// or the end-of-term job running at the same moment can never pay a date twice.
import { dec, toMoneyString } from "@candor/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { addDays, type BusinessClock, isoDate } from "../clock/service";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, shardForUser, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";
import { getSetting } from "../settings/service";
import { findCurrency } from "../wallet/service";
import type { DailyContext, DueOrder, QuantHooks } from "./kind";
import { dailyTypes, kindOf } from "./kinds";
import type { OrderRow, ProductRow } from "./model";
import { DEFAULT_MINING_REWARD, MINING_REWARD_KEY } from "./products";
import { type earnIncomes, earnOrders, earnProducts } from "./schema";

export const JOB_EARN_DAILY = "earn.daily";
export const ACCRUAL_BATCH = 1000;
const LEDGER_BATCH_MAX = 1000;

export interface AccrualDeps {
  db: Db;
  clock: BusinessClock;
  market: MarketService;
  quant: (QuantHooks & { stop(db: Db, orderId: number, reason: "term"): Promise<unknown> }) | null;
}

type Due = DueOrder;

/** Pays every date up to `date` that running orders of the daily types (fixed-term, mining) are owed. Returns payments made. */
export async function accrueThrough(
  deps: AccrualDeps,
  date: string,
  options: { orderIds?: number[]; batchSize?: number; workers?: number; waiting?: Set<number> } = {},
): Promise<number> {
  const { db } = deps;
  const precision = new Map<string, number>();
  const products = new Map<number, ProductRow>();
  const reward = String(await getSetting<string>(db, MINING_REWARD_KEY, DEFAULT_MINING_REWARD));
  const only = options.orderIds ? sql`AND id = ANY(${sql.param(options.orderIds)}::bigint[])` : sql``;
  const workers = Math.max(1, options.workers ?? 1);
  const closes: DailyContext["closes"] = new Map();
  const waiting = options.waiting ?? new Set<number>();
  let afterId = 0;
  let payments = 0;
  for (;;) {
    const due = (
      (await db.execute(
        sql`SELECT id, user_id, product_id, type, currency, amount, daily_rate, term_days, accrued_days, hashrate,
                   to_char(start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS start_date
            FROM earn_orders
            WHERE status = 'running' AND type = ANY(${sql.param(dailyTypes)}::text[]) AND accrued_days < term_days
              AND (start_at AT TIME ZONE 'UTC')::date + accrued_days + 1 <= ${date}::date
              AND id > ${afterId} ${only}
            ORDER BY id LIMIT ${(options.batchSize ?? ACCRUAL_BATCH) * workers}`,
      )) as unknown as { rows: Due[] }
    ).rows;
    if (due.length === 0) break;
    afterId = Number(due[due.length - 1]?.id);
    await loadProducts(db, due, products);
    for (const o of due) {
      if (!precision.has(o.currency)) precision.set(o.currency, (await findCurrency(db, o.currency))?.precision ?? 8);
    }
    // Side by side, each group on its own platform shards (the interest account is sharded by
    // customer), so the groups' transactions never wait for each other's locks.
    const groups = Array.from({ length: workers }, () => [] as Due[]);
    for (const o of due) groups[shardForUser(Number(o.user_id)) % workers]?.push(o);
    const paid = await Promise.all(
      groups
        .filter((g) => g.length > 0)
        .map((g) =>
          payBatch(deps, g, date, {
            precision,
            waiting,
            daily: { market: deps.market, product: (id) => products.get(id), reward, closes },
          }),
        ),
    );
    payments += paid.reduce((a, b) => a + b, 0);
  }
  return payments;
}

async function loadProducts(db: Db, due: Due[], products: Map<number, ProductRow>): Promise<void> {
  const missing = [...new Set(due.map((o) => Number(o.product_id)))].filter((id) => !products.has(id));
  if (missing.length === 0) return;
  for (const p of await db.select().from(earnProducts).where(inArray(earnProducts.id, missing))) products.set(p.id, p);
}

interface PayContext {
  precision: Map<string, number>;
  /** Orders with a date left unpaid for want of its day's price. */
  waiting: Set<number>;
  daily: DailyContext;
}

async function payBatch(deps: AccrualDeps, due: Due[], date: string, ctx: PayContext): Promise<number> {
  const ops: LedgerOp[] = [];
  const incomes: (typeof earnIncomes.$inferInsert)[] = [];
  const updates: { id: number; from: number; days: number; last: string; income: string }[] = [];
  for (const o of due) {
    const id = Number(o.id);
    const userId = Number(o.user_id);
    const owed = Math.min(o.term_days, daysBetween(o.start_date, date)) - o.accrued_days;
    if (owed <= 0) continue;
    const places = ctx.precision.get(o.currency) ?? 8;
    const daily = kindOf(o.type).daily;
    if (!daily) continue;
    const days: { day: string; amount: string; inputs: Record<string, string | number | null> }[] = [];
    for (let k = 1; k <= owed; k++) {
      const day = addDays(o.start_date, o.accrued_days + k);
      const income = await daily.day(o, day, places, ctx.daily);
      // No income yet (mining: no recorded close for the day it is valued at): this day (and
      // the later ones, paid in order) wait; the job retries. Never paid at another day's price.
      if (!income) {
        ctx.waiting.add(id);
        break;
      }
      days.push({ day, ...income });
    }
    if (days.length === 0) continue;
    let income = dec(0);
    for (const d of days) {
      const key = `accrual:${id}:${d.day}`;
      income = income.plus(d.amount);
      incomes.push({
        orderId: id,
        userId,
        incomeKey: key,
        incomeDate: d.day,
        kind: daily.incomeKind,
        amount: d.amount,
        inputs: d.inputs,
      });
      if (dec(d.amount).gt(0)) {
        ops.push({
          type: "transfer",
          currency: o.currency,
          debit: platformAccount(daily.payer),
          credit: userAccount(userId),
          amount: d.amount,
          key,
          kind: daily.ledgerKind,
          reference: { type: "earn_order", id },
          memo: d.day,
        });
      }
    }
    const last = days[days.length - 1]?.day ?? date;
    updates.push({ id, from: o.accrued_days, days: days.length, last, income: income.toFixed() });
  }
  if (updates.length === 0) return 0;
  await ledgerTransaction(deps.db, async (tx) => {
    // Set-based: one statement per table, arrays as parameters (no per-row SQL building).
    const col = <T>(pick: (u: (typeof updates)[number]) => T) => sql.param(updates.map(pick));
    const updated = (await tx.execute(
      sql`UPDATE earn_orders o SET accrued_days = o.accrued_days + v.days, last_accrual_date = v.last,
                 total_income = o.total_income + v.income, updated_at = now()
          FROM unnest(${col((u) => u.id)}::bigint[], ${col((u) => u.from)}::int[], ${col((u) => u.days)}::int[],
                      ${col((u) => u.last)}::date[], ${col((u) => u.income)}::numeric[])
               AS v(id, from_days, days, last, income)
          WHERE o.id = v.id AND o.accrued_days = v.from_days AND o.status = 'running'
          RETURNING o.id`,
    )) as unknown as { rows: { id: string | number }[] };
    const paid = new Set(updated.rows.map((r) => Number(r.id)));
    // Orders another worker paid meanwhile are left out (their transfers and incomes exist).
    const mine = (orderId: number) => paid.has(orderId);
    const myOps = ops.filter((op) => op.type === "transfer" && mine(Number(op.reference.id)));
    // A ledger batch holds at most LEDGER_BATCH_MAX operations (catch-up pays several days per order).
    for (let i = 0; i < myOps.length; i += LEDGER_BATCH_MAX) await batch(tx, myOps.slice(i, i + LEDGER_BATCH_MAX));
    const rows = incomes.filter((i) => mine(i.orderId));
    if (rows.length === 0) return;
    const inc = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
    await tx.execute(
      sql`INSERT INTO earn_incomes (order_id, user_id, income_key, income_date, kind, amount, inputs)
          SELECT * FROM unnest(${inc((r) => r.orderId)}::bigint[], ${inc((r) => r.userId)}::bigint[],
                               ${inc((r) => r.incomeKey)}::text[], ${inc((r) => r.incomeDate)}::date[],
                               ${inc((r) => r.kind)}::text[], ${inc((r) => r.amount)}::numeric[],
                               ${inc((r) => JSON.stringify(r.inputs ?? {}))}::jsonb[])
          ON CONFLICT (income_key) DO NOTHING`,
    );
  });
  return incomes.length;
}

/** Passes of the end of term over the dates still owed (a concurrent daily run can take a pass). */
const END_ACCRUAL_PASSES = 5;
/** How soon the end of a term is tried again when dates are still being paid. */
const END_RETRY_MS = 1_000;

/** How soon a date left waiting for its day's price is tried again. */
export const PRICE_WAIT_RETRY_MS = 60_000;

/**
 * The daily job: all due orders, `workers` ledger batches at a time (see accrueThrough).
 * `waiting`: orders with a mining date still waiting for its day's recorded close.
 */
export async function accrueDaily(
  deps: AccrualDeps,
  date: string,
  workers: number,
  batchSize = ACCRUAL_BATCH,
): Promise<{ paid: number; waiting: number }> {
  const waiting = new Set<number>();
  const paid = await accrueThrough(deps, date, { batchSize, workers, waiting });
  return { paid, waiting: waiting.size };
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The end of an order's term: pay what is still owed, then return the principal (fixed-term).
 * A mining date still waiting for its day's price keeps the order running: `retryInMs`.
 */
export async function endOrder(deps: AccrualDeps, id: number): Promise<undefined | { retryInMs: number }> {
  const [order] = await deps.db.select().from(earnOrders).where(eq(earnOrders.id, id)).limit(1);
  if (order?.status !== "running") return undefined;
  const { termEnd } = kindOf(order.type);
  if (termEnd === "stop") {
    await deps.quant?.stop(deps.db, id, "term");
    return undefined;
  }
  if (termEnd === null) return undefined;
  const waiting = new Set<number>();
  // The dates the term owes (as accrueThrough counts them: UTC dates from the start to the end).
  const owed = Math.min(order.termDays, daysBetween(isoDate(order.startAt), isoDate(new Date(order.endAt))));
  // Pay every date still owed. A daily run paying this order at the same moment wins the
  // order row's guard (accrued days), and this pass then pays nothing: pass again until
  // every date of the term is paid, so the term never ends on fewer days than it owes.
  for (let pass = 0; pass < END_ACCRUAL_PASSES; pass++) {
    await accrueThrough(deps, isoDate(new Date(order.endAt)), { orderIds: [id], waiting });
    if (waiting.size > 0) return { retryInMs: PRICE_WAIT_RETRY_MS };
    const [now] = await deps.db
      .select({ accruedDays: earnOrders.accruedDays })
      .from(earnOrders)
      .where(eq(earnOrders.id, id))
      .limit(1);
    if ((now?.accruedDays ?? 0) >= owed) break;
  }
  let complete = true;
  await ledgerTransaction(deps.db, async (tx) => {
    const returned = termEnd.principalBack ? toMoneyString(dec(order.amount)) : "0";
    const [ended] = await tx
      .update(earnOrders)
      .set({
        status: "ended",
        endReason: "term",
        endedAt: deps.clock.now(),
        returnedAmount: returned,
        updatedAt: new Date(),
      })
      .where(
        sql`${earnOrders.id} = ${id} AND ${earnOrders.status} = 'running' AND ${earnOrders.accruedDays} >= ${owed}`,
      )
      .returning();
    if (!ended) {
      // Still running with dates unpaid (a daily run holds them): end on the next try.
      const [still] = await tx
        .select({ status: earnOrders.status })
        .from(earnOrders)
        .where(eq(earnOrders.id, id))
        .limit(1);
      complete = still?.status !== "running";
      return;
    }
    if (!termEnd.principalBack) return;
    await batch(tx, [
      {
        type: "transfer",
        currency: order.currency,
        debit: userAccount(order.userId, "earn"),
        credit: userAccount(order.userId),
        amount: returned,
        key: `earn:${id}:return`,
        kind: "earn",
        reference: { type: "earn_order", id },
      },
    ]);
  });
  return complete ? undefined : { retryInMs: END_RETRY_MS };
}

export type { OrderRow };
