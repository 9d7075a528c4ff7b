// The contest guard the trading modules call (installed in app.tradeModes by the plugin),
// so contracts and spot never import the contests module.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest } from "../../lib/errors";

/**
 * The trading modules' check (installed in app.tradeModes): a running entry of `userId` in
 * `contestId`, the contest in progress, the symbol eligible; holds the entry row FOR SHARE
 * inside the trade's transaction so an exit or the end waits for the trade to commit.
 */
export function contestTradeGuard(clock: { now(): Date }) {
  return async (tx: Db, userId: number, contestId: number, symbol: string | null): Promise<void> => {
    const found = (await tx.execute(sql`
      SELECT c.status AS contest_status, c.start_at, c.end_at, c.symbols, e.status AS entry_status
        FROM contest_entries e JOIN contests c ON c.id = e.contest_id
       WHERE e.contest_id = ${contestId} AND e.user_id = ${userId}
       FOR SHARE OF e`)) as unknown as {
      rows: Array<{
        contest_status: number;
        start_at: Date | string;
        end_at: Date | string;
        symbols: string[] | string;
        entry_status: number;
      }>;
    };
    const row = found.rows[0];
    if (!row) throw badRequest("contestNotTradable", { id: contestId });
    if (symbol === null) return; // reading (lists, summary, history): any entry of mine is enough
    if (Number(row.entry_status) !== 0 && Number(row.entry_status) !== 1) {
      throw badRequest("contestNotTradable", { id: contestId });
    }
    const now = clock.now().getTime();
    const start = new Date(row.start_at).getTime();
    const end = new Date(row.end_at).getTime();
    if (Number(row.contest_status) === -2 || now < start || now >= end) {
      throw badRequest("contestNotInProgress", { id: contestId });
    }
    const symbols: string[] = typeof row.symbols === "string" ? JSON.parse(row.symbols) : row.symbols;
    if (!symbols.includes(symbol)) {
      throw badRequest("contestSymbolNotEligible", { symbol, symbols: symbols.join(", ") });
    }
  };
}
