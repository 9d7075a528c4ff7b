// Live P&L of an open position from the latest feed price, with the same pure
// functions the server settles with (so the preview never disagrees with the result).
import { exitPrice, type FeeRates, quoteFromMid, settlePosition } from "@candor/domain";
import type { PositionRecord } from "./api";

export function livePosition(
  p: Pick<PositionRecord, "direction" | "openPrice" | "quantity" | "margin">,
  mid: string | null | undefined,
  spread: string,
  pricePrecision: number,
  rates?: FeeRates,
): { currentPrice: string; pnl: string; yield: string } | null {
  if (!mid) return null;
  const { bid, ask } = quoteFromMid(mid, spread, pricePrecision);
  const price = exitPrice(p.direction, bid, ask);
  const s = settlePosition(p, price, rates);
  return { currentPrice: price, pnl: s.pnl, yield: s.yield };
}
