// Daily income and term ends, run by the scheduler on the business clock.
//
// Fixed-term interest and mining output are credited for each business date after the day
// of purchase, up to the term (an order bought on the 1st with a 3-day term is paid for the
// 2nd, 3rd and 4th at 00:00 UTC and ends at its purchase time on the 4th). The daily job for
// date D pays every running order for all its dates up to D that are not paid yet, so dates
// missed while nothing ran are each paid once when the scheduler catches up — whatever order
// the dates' jobs run in. Every payment is a ledger transfer keyed `accrual:<order>:<date>`
// and its order row update is guarded by the days already paid, so a second worker, a retry
// or the end-of-term job running at the same moment can never pay a date twice.
import { dailyInterest, dec, miningDailyOutput, toMoneyString } from "@candor/domain";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { addDays, type BusinessClock, isoDate } from "../clock/service";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, shardForUser, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";
import { getSetting } from "../settings/service";
import { findCurrency } from "../wallet/service";
import type { OrderRow, QuantHooks } from "./orders";
import { configOf, DEFAULT_MINING_REWARD, MINING_REWARD_KEY, MINING_SYMBOL, type ProductRow } from "./products";
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

interface Due {
  id: number;
  user_id: string | number;
  product_id: string | number;
  type: "arbitrage" | "mining";
  currency: string;
  amount: string;
  daily_rate: string | null;
  term_days: number;
  accrued_days: number;
  start_date: string;
  hashrate: string | null;
}

/** Pays every date up to `date` that running fixed-term and mining orders are owed. Returns payments made. */
export async function accrueThrough(
  deps: AccrualDeps,
  date: string,
  options: { orderIds?: number[]; batchSize?: number; workers?: number } = {},
): Promise<number> {
  const { db } = deps;
  const precision = new Map<string, number>();
  const products = new Map<number, ProductRow>();
  const reward = String(await getSetting<string>(db, MINING_REWARD_KEY, DEFAULT_MINING_REWARD));
  const only = options.orderIds ? sql`AND id = ANY(${sql.param(options.orderIds)}::bigint[])` : sql``;
  const workers = Math.max(1, options.workers ?? 1);
  let afterId = 0;
  let payments = 0;
  for (;;) {
    const due = (
      (await db.execute(
        sql`SELECT id, user_id, product_id, type, currency, amount, daily_rate, term_days, accrued_days, hashrate,
                   to_char(start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS start_date
            FROM earn_orders
            WHERE status = 'running' AND type IN ('arbitrage', 'mining') AND accrued_days < term_days
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
      groups.filter((g) => g.length > 0).map((g) => payBatch(deps, g, date, { precision, products, reward })),
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
  products: Map<number, ProductRow>;
  reward: string;
}

async function payBatch(deps: AccrualDeps, due: Due[], date: string, ctx: PayContext): Promise<number> {
  const tick = deps.market.lastTick(MINING_SYMBOL);
  const ops: LedgerOp[] = [];
  const incomes: (typeof earnIncomes.$inferInsert)[] = [];
  const updates: { id: number; from: number; days: number; last: string; income: string }[] = [];
  for (const o of due) {
    const id = Number(o.id);
    const userId = Number(o.user_id);
    const owed = Math.min(o.term_days, daysBetween(o.start_date, date)) - o.accrued_days;
    if (owed <= 0) continue;
    const places = ctx.precision.get(o.currency) ?? 8;
    let perDay: string;
    let inputs: Record<string, string | number | null>;
    if (o.type === "arbitrage") {
      perDay = dailyInterest(o.amount, o.daily_rate ?? "0", places);
      inputs = { amount: toMoneyString(dec(o.amount)), dailyRate: toMoneyString(dec(o.daily_rate ?? "0")) };
    } else {
      const c = configOf(ctx.products.get(Number(o.product_id)) as ProductRow);
      // No price yet (a feed that has not ticked): leave the date owed; the next run pays it.
      if (!tick || !c.machine || !o.hashrate) continue;
      const out = miningDailyOutput(
        {
          hashrate: o.hashrate,
          rewardPerThDay: ctx.reward,
          btcPrice: String(tick.price),
          machineHashrate: c.machine.hashrate,
          machinePowerW: c.machine.power,
          electricityPrice: c.electricityPrice ?? "0",
        },
        places,
      );
      perDay = out.net;
      inputs = {
        hashrate: o.hashrate,
        rewardPerThDay: ctx.reward,
        btcPrice: toMoneyString(dec(String(tick.price))),
        btcPriceTs: tick.ts,
        electricityPrice: c.electricityPrice ?? "0",
        machineHashrate: c.machine.hashrate,
        machinePowerW: c.machine.power,
        grossBtc: out.grossBtc,
        grossUsdt: out.grossUsdt,
        energyKwh: out.energyKwh,
        powerCost: out.powerCost,
        capped: out.capped ? 1 : 0,
      };
    }
    let last = "";
    for (let k = 1; k <= owed; k++) {
      const day = addDays(o.start_date, o.accrued_days + k);
      last = day;
      const key = `accrual:${id}:${day}`;
      incomes.push({
        orderId: id,
        userId,
        incomeKey: key,
        incomeDate: day,
        kind: o.type === "arbitrage" ? "interest" : "mining",
        amount: perDay,
        inputs,
      });
      if (dec(perDay).gt(0)) {
        ops.push({
          type: "transfer",
          currency: o.currency,
          debit: platformAccount(o.type === "arbitrage" ? "interest" : "house"),
          credit: userAccount(userId),
          amount: perDay,
          key,
          kind: o.type === "arbitrage" ? "earn_interest" : "mining_output",
          reference: { type: "earn_order", id },
          memo: day,
        });
      }
    }
    updates.push({ id, from: o.accrued_days, days: owed, last, income: dec(perDay).mul(owed).toFixed() });
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

/** The daily job: all due orders, `workers` ledger batches at a time (see accrueThrough). */
export function accrueDaily(
  deps: AccrualDeps,
  date: string,
  workers: number,
  batchSize = ACCRUAL_BATCH,
): Promise<number> {
  return accrueThrough(deps, date, { batchSize, workers });
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The end of an order's term: pay what is still owed, then return the principal (fixed-term). */
export async function endOrder(deps: AccrualDeps, id: number): Promise<void> {
  const [order] = await deps.db.select().from(earnOrders).where(eq(earnOrders.id, id)).limit(1);
  if (order?.status !== "running") return;
  if (order.type === "quant") {
    await deps.quant?.stop(deps.db, id, "term");
    return;
  }
  if (order.type !== "arbitrage" && order.type !== "mining") return;
  await accrueThrough(deps, isoDate(new Date(order.endAt)), { orderIds: [id] });
  await ledgerTransaction(deps.db, async (tx) => {
    const returned = order.type === "arbitrage" ? toMoneyString(dec(order.amount)) : "0";
    const [ended] = await tx
      .update(earnOrders)
      .set({
        status: "ended",
        endReason: "term",
        endedAt: deps.clock.now(),
        returnedAmount: returned,
        updatedAt: new Date(),
      })
      .where(sql`${earnOrders.id} = ${id} AND ${earnOrders.status} = 'running'`)
      .returning();
    if (!ended || order.type !== "arbitrage") return;
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
}

export type { OrderRow };
