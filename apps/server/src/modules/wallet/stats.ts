// Queue figures for the operator console's dashboard: withdrawals waiting for review
// (oldest, over the stated time limit), deposits waiting, and today's money movements.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { getWalletSettings } from "./currencies";

export interface CurrencyTotal {
  currency: string;
  count: number;
  amount: string;
}

export interface WalletQueueStats {
  withdrawalsPending: number;
  oldestWithdrawalAt: string | null;
  withdrawalsOverdue: number;
  reviewHours: number;
  depositsWaiting: number;
  depositsToday: CurrencyTotal[];
  withdrawalsToday: CurrencyTotal[];
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const totals = (list: Array<{ currency: string; n: number | string; amount: string }>): CurrencyTotal[] =>
  list.map((r) => ({ currency: r.currency, count: Number(r.n), amount: String(r.amount) }));

/** `since`: start of the day the "today" figures count from. */
export async function walletQueueStats(db: Db, since: Date): Promise<WalletQueueStats> {
  const settings = await getWalletSettings(db);
  const [w] = await rows<{ n: number | string; oldest: Date | string | null; overdue: number | string }>(
    db,
    sql`SELECT count(*) AS n, min(created_at) AS oldest, count(*) FILTER (WHERE review_due_at < now()) AS overdue
        FROM withdrawals WHERE status = 0 AND NOT cancelled AND payout_started_at IS NULL`,
  );
  const [d] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM deposits WHERE status = 0`);
  const deposits = await rows<{ currency: string; n: number | string; amount: string }>(
    db,
    sql`SELECT currency, count(*) AS n, sum(coalesce(received_amount, amount))::text AS amount FROM deposits
        WHERE status = 1 AND completed_at >= ${since.toISOString()} GROUP BY currency ORDER BY currency`,
  );
  const withdrawals = await rows<{ currency: string; n: number | string; amount: string }>(
    db,
    sql`SELECT currency, count(*) AS n, sum(amount)::text AS amount FROM withdrawals
        WHERE status = 2 AND updated_at >= ${since.toISOString()} GROUP BY currency ORDER BY currency`,
  );
  return {
    withdrawalsPending: Number(w?.n ?? 0),
    oldestWithdrawalAt: w?.oldest ? new Date(w.oldest).toISOString() : null,
    withdrawalsOverdue: Number(w?.overdue ?? 0),
    reviewHours: settings.reviewHours,
    depositsWaiting: Number(d?.n ?? 0),
    depositsToday: totals(deposits),
    withdrawalsToday: totals(withdrawals),
  };
}
