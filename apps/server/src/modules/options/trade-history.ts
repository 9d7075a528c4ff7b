// A customer's settled real-money options in a period, for the trades export
// (modules/statements, issue 34 §3). Times are record times (the database's scale).
import { and, asc, eq, gte, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../db";
import { optionOrders } from "./schema";

export interface SettledOptionTrade {
  id: number;
  symbol: string;
  currency: string;
  direction: string;
  amount: string;
  openPrice: string;
  closePrice: string | null;
  result: string | null;
  /** What came back (stake included); "0" for a loss. */
  payout: string | null;
  createdAt: Date;
  settledAt: Date;
}

export async function listSettledRealOptions(
  db: Db,
  userId: number,
  from: Date,
  to: Date,
): Promise<SettledOptionTrade[]> {
  const found = await db
    .select()
    .from(optionOrders)
    .where(
      and(
        eq(optionOrders.userId, userId),
        eq(optionOrders.mode, "real"),
        eq(optionOrders.status, "settled"),
        isNotNull(optionOrders.settledAt),
        gte(optionOrders.settledAt, from),
        lt(optionOrders.settledAt, to),
      ),
    )
    .orderBy(asc(optionOrders.settledAt), asc(optionOrders.id));
  return found.map((o) => ({
    id: o.id,
    symbol: o.symbol,
    currency: o.currency,
    direction: o.direction,
    amount: o.amount,
    openPrice: o.openPrice,
    closePrice: o.closePrice,
    result: o.result,
    payout: o.payout,
    createdAt: o.createdAt,
    settledAt: o.settledAt as Date,
  }));
}
