// Realised trading results from the ledger for the loss-rate disclosure and "My results"
// (issue 34 §1; modules/disclosure): what customers' real (not demo, not contest) accounts
// received from or paid to the platform's accounts on result kinds, as in ./results.
// A closed trade is a settlement: a futures position's `settle:position:` transfers, an
// option's `settle:option:` transfer (a draw refunds the stake: a closed trade, result 0).
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rows } from "./rows";
import { numericToMoneyString } from "./totals";

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const VIRTUAL = list(["contest", "demo"]);
const VIRTUAL_CURRENCIES = list(["VUSDT", "CUSDT"]);
const FUTURES = ["futures_pnl", "futures_fee"];
const OPTIONS = ["option_loss", "option_payout"];
/** Kinds that may only mark a close (customer-to-customer moves, no result). */
const CLOSE_ONLY = ["futures_margin", "option_refund"];

export type TradingProduct = "futures" | "options";

export interface CustomerProductResult {
  userId: number;
  product: TradingProduct;
  currency: string;
  /** Received minus paid, fees included (negative = a loss). */
  net: string;
  /** Settlements in the window (closed trades). */
  closed: number;
}

const productOf = sql`CASE WHEN t.kind IN (${list(FUTURES)}) OR (t.kind = 'futures_margin') THEN 'futures' ELSE 'options' END`;

/** Every customer's realised futures/options results per currency over [from, to) (record time). */
export async function getCustomerTradingResults(db: Db, from: Date, to: Date): Promise<CustomerProductResult[]> {
  const found = await rows<{ user_id: string; product: TradingProduct; currency: string; net: string; closed: string }>(
    db,
    sql`WITH cust AS (
        SELECT id, user_id FROM ledger_accounts
        WHERE user_id IS NOT NULL AND kind NOT IN (${VIRTUAL}) AND currency NOT IN (${VIRTUAL_CURRENCIES})
      ),
      platform AS (SELECT id FROM ledger_accounts WHERE user_id IS NULL),
      moves AS (
        SELECT coalesce(c.user_id, d.user_id) AS user_id, ${productOf} AS product, t.currency,
          CASE WHEN t.kind IN (${list(CLOSE_ONLY)}) THEN 0
               WHEN c.id IS NOT NULL AND t.debit_account_id IN (SELECT id FROM platform) THEN t.amount
               WHEN d.id IS NOT NULL AND t.credit_account_id IN (SELECT id FROM platform) THEN -t.amount
               ELSE 0 END AS amount,
          CASE WHEN t.idempotency_key LIKE 'settle:position:%' OR t.idempotency_key LIKE 'settle:option:%'
               THEN regexp_replace(t.idempotency_key, '^(settle:[a-z]+:[0-9]+).*$', '\\1') END AS trade
        FROM ledger_transfers t
        LEFT JOIN cust c ON c.id = t.credit_account_id
        LEFT JOIN cust d ON d.id = t.debit_account_id
        WHERE t.kind IN (${list([...FUTURES, ...OPTIONS, ...CLOSE_ONLY])}) AND t.phase IN ('posted', 'post')
          AND t.created_at >= ${from.toISOString()}::timestamptz AND t.created_at < ${to.toISOString()}::timestamptz
          AND (c.id IS NOT NULL OR d.id IS NOT NULL)
      )
      SELECT user_id::text, product, currency, sum(amount)::text AS net, count(DISTINCT trade)::text AS closed
      FROM moves GROUP BY user_id, product, currency ORDER BY user_id, product, currency`,
  );
  return found.map((r) => ({
    userId: Number(r.user_id),
    product: r.product,
    currency: r.currency,
    net: numericToMoneyString(r.net),
    closed: Number(r.closed),
  }));
}

export type MonthlyLine = "futures_pnl" | "futures_fee" | "options_pnl" | "spot_fee" | "loan_interest";

export interface MonthlyResult {
  /** "YYYY-MM" on the business clock. */
  month: string;
  line: MonthlyLine;
  currency: string;
  /** Received minus paid (fees and interest are negative). */
  net: string;
}

const lineOf: SQL = sql`CASE WHEN t.kind IN (${list(OPTIONS)}) THEN 'options_pnl' ELSE t.kind END`;

/**
 * One customer's realised results per business month over [from, to) (record time):
 * futures P&L and fees, options P&L, spot fees, loan interest paid. `offsetMs`: business
 * time minus record time (the sandbox clock), to place each transfer in its business month.
 */
export async function getMonthlyResults(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
  offsetMs: number,
): Promise<MonthlyResult[]> {
  const found = await rows<{ month: string; line: MonthlyLine; currency: string; net: string }>(
    db,
    sql`WITH mine AS (
        SELECT id FROM ledger_accounts
        WHERE user_id = ${userId} AND kind NOT IN (${VIRTUAL}) AND currency NOT IN (${VIRTUAL_CURRENCIES})
      ),
      platform AS (SELECT id FROM ledger_accounts WHERE user_id IS NULL)
      SELECT to_char((t.created_at + (${offsetMs}::bigint * interval '1 millisecond')) AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
        ${lineOf} AS line, t.currency,
        sum(CASE WHEN t.credit_account_id IN (SELECT id FROM mine) THEN t.amount ELSE -t.amount END)::text AS net
      FROM ledger_transfers t
      WHERE t.kind IN (${list([...FUTURES, ...OPTIONS, "spot_fee", "loan_interest"])}) AND t.phase IN ('posted', 'post')
        AND t.created_at >= ${from.toISOString()}::timestamptz AND t.created_at < ${to.toISOString()}::timestamptz
        AND (
          (t.credit_account_id IN (SELECT id FROM mine) AND t.debit_account_id IN (SELECT id FROM platform))
          OR (t.debit_account_id IN (SELECT id FROM mine) AND t.credit_account_id IN (SELECT id FROM platform))
        )
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return found.map((r) => ({ month: r.month, line: r.line, currency: r.currency, net: numericToMoneyString(r.net) }));
}
