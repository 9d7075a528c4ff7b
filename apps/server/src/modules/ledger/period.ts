// A customer's real money over a period, for the monthly statement and the CSV export (issue
// 34 §3): per currency the balance before the period, and every transfer in it with its net
// change of the customer's real accounts (not demo, not contest). A move between two of the
// customer's own accounts (spot → margin) nets to zero and is left out. The balance is the
// sum of available balances (credits posted − debits posted − debits pending) of every real
// account in the currency, the same figure the balance log signs its amounts with.
import { toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rows } from "./rows";
import { numericToMoneyString } from "./totals";

const VIRTUAL_KINDS = ["contest", "demo"];
const VIRTUAL_CURRENCIES = ["VUSDT", "CUSDT"];

export interface PeriodMove {
  transferId: number;
  currency: string;
  kind: string;
  /** Net change of the customer's real balance in the currency. */
  amount: string;
  referenceType: string;
  referenceId: string;
  memo: string;
  /** Record time (the database's time scale), ISO UTC. */
  createdAt: string;
}

export interface RealMoneyPeriod {
  /** Balance per currency at `from` (record time). */
  opening: Record<string, string>;
  /** Balance per currency at `to`, summed by the database (the reconciliation's other side). */
  closing: Record<string, string>;
  moves: PeriodMove[];
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Opening and closing balances and the moves in [from, to) (record times). */
export async function getRealMoneyPeriod(db: Db, userId: number, from: Date, to: Date): Promise<RealMoneyPeriod> {
  const legs = sql`WITH mine AS (
      SELECT id FROM ledger_accounts
      WHERE coalesce(user_id, 0) = ${userId} AND user_id IS NOT NULL
        AND kind NOT IN (${list(VIRTUAL_KINDS)}) AND currency NOT IN (${list(VIRTUAL_CURRENCIES)})
    ),
    legs AS (
      SELECT t.id, t.currency, t.created_at,
        CASE WHEN t.phase IN ('posted', 'post') THEN t.amount ELSE 0 END AS change
      FROM ledger_transfers t WHERE t.credit_account_id IN (SELECT id FROM mine)
        AND t.created_at < ${to.toISOString()}::timestamptz
      UNION ALL
      SELECT t.id, t.currency, t.created_at,
        CASE t.phase WHEN 'post' THEN h.amount - t.amount WHEN 'void' THEN t.amount ELSE -t.amount END AS change
      FROM ledger_transfers t LEFT JOIN ledger_transfers h ON h.id = t.pending_id
      WHERE t.debit_account_id IN (SELECT id FROM mine)
        AND t.created_at < ${to.toISOString()}::timestamptz
    )`;
  const fromIso = from.toISOString();
  const [sums, moves] = await Promise.all([
    rows<{ currency: string; opening: string; closing: string }>(
      db,
      sql`${legs} SELECT currency,
          coalesce(sum(change) FILTER (WHERE created_at < ${fromIso}::timestamptz), 0)::text AS opening,
          sum(change)::text AS closing
        FROM legs GROUP BY currency ORDER BY currency`,
    ),
    rows<{
      id: string | number;
      currency: string;
      kind: string;
      amount: string;
      reference_type: string;
      reference_id: string;
      memo: string;
      created_at: string;
    }>(
      db,
      sql`${legs}, moved AS (
          SELECT id, sum(change) AS amount FROM legs WHERE created_at >= ${fromIso}::timestamptz
          GROUP BY id HAVING sum(change) <> 0
        )
        SELECT t.id, t.currency, t.kind, moved.amount::text AS amount, t.reference_type, t.reference_id, t.memo,
          to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
        FROM moved JOIN ledger_transfers t ON t.id = moved.id
        ORDER BY t.created_at, t.id`,
    ),
  ]);
  return {
    opening: Object.fromEntries(sums.map((r) => [r.currency, numericToMoneyString(r.opening)])),
    closing: Object.fromEntries(sums.map((r) => [r.currency, numericToMoneyString(r.closing)])),
    moves: moves.map((m) => ({
      transferId: Number(m.id),
      currency: m.currency,
      kind: m.kind,
      amount: toMoneyString(numericToMoneyString(m.amount)),
      referenceType: m.reference_type,
      referenceId: m.reference_id,
      memo: m.memo,
      createdAt: m.created_at,
    })),
  };
}
