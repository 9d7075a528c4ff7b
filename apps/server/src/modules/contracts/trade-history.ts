// A customer's closed real-money futures positions in a period, for the trades export
// (modules/statements, issue 34 §3). Times are record times (the database's scale).
import { and, asc, eq, gte, lt } from "drizzle-orm";
import type { Db } from "../../db";
import { futuresPositions } from "./schema";

export interface ClosedFuturesTrade {
  id: number;
  symbol: string;
  currency: string;
  direction: string;
  quantity: string;
  openPrice: string;
  closePrice: string | null;
  openFee: string;
  closeFee: string | null;
  /** P&L after the closing fee (the opening fee not taken off). */
  pnl: string | null;
  openedAt: Date;
  closedAt: Date;
}

export async function listClosedRealPositions(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<ClosedFuturesTrade[]> {
  const found = await db
    .select()
    .from(futuresPositions)
    .where(
      and(
        eq(futuresPositions.userId, userId),
        eq(futuresPositions.mode, "real"),
        eq(futuresPositions.status, "closed"),
        gte(futuresPositions.closedAt, from),
        lt(futuresPositions.closedAt, to),
      ),
    )
    .orderBy(asc(futuresPositions.closedAt), asc(futuresPositions.id));
  return found.map((p) => ({
    id: p.id,
    symbol: p.symbol,
    currency: p.currency,
    direction: p.direction,
    quantity: p.quantity,
    openPrice: p.openPrice,
    closePrice: p.closePrice,
    openFee: p.openFee,
    closeFee: p.closeFee,
    pnl: p.pnl,
    openedAt: p.openedAt,
    closedAt: p.closedAt as Date,
  }));
}
