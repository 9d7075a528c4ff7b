// A customer's filled real-money spot orders up to a moment, oldest first, for the trades
// export's FIFO (modules/statements, issue 34 §3). Times are record times.
import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../db";
import { spotOrders } from "./schema";

export interface SpotFillRecord {
  id: number;
  symbol: string;
  baseCurrency: string;
  quoteCurrency: string;
  side: "buy" | "sell";
  quantity: string;
  price: string;
  /** In the quote currency. */
  fee: string;
  filledAt: Date;
}

export async function listRealSpotFills(db: Db, userId: number, before: Date): Promise<SpotFillRecord[]> {
  const found = await db
    .select()
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.userId, userId),
        eq(spotOrders.mode, "real"),
        eq(spotOrders.status, "filled"),
        isNotNull(spotOrders.filledAt),
        lt(spotOrders.filledAt, before),
      ),
    )
    .orderBy(asc(spotOrders.filledAt), asc(spotOrders.id));
  return found.map((o) => ({
    id: o.id,
    symbol: o.symbol,
    baseCurrency: o.baseCurrency,
    quoteCurrency: o.quoteCurrency,
    side: o.side as "buy" | "sell",
    quantity: o.quantity,
    price: o.fillPrice ?? "0",
    fee: o.fee ?? "0",
    filledAt: o.filledAt as Date,
  }));
}
