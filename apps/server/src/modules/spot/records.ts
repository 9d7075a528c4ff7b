// A spot order row as customers and the console see it: prices at the symbol's
// precision, amounts as money strings, and the tick that filled it.
import type { SpotOrder } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import type { SymbolInfo } from "../market/service";
import type { SpotOrderRow } from "./order-ledger";

const iso = (d: Date | string) => new Date(d).toISOString();
const money = (v: string) => toMoneyString(dec(v));

/** `info`: the order's symbol (unknown symbol: prices at money precision). */
export function spotRecord(r: SpotOrderRow, info: SymbolInfo | undefined): SpotOrder {
  const price = (v: string) => (info ? dec(v).toFixed(info.pricePrecision) : money(v));
  return {
    id: r.id,
    symbol: r.symbol,
    baseCurrency: r.baseCurrency,
    quoteCurrency: r.quoteCurrency,
    side: r.side as SpotOrder["side"],
    type: r.type as SpotOrder["type"],
    quantity: money(r.quantity),
    limitPrice: r.limitPrice === null ? null : price(r.limitPrice),
    price: r.fillPrice === null ? null : price(r.fillPrice),
    notional: r.notional === null ? null : money(r.notional),
    fee: r.fee === null ? null : money(r.fee),
    feeRate: money(r.feeRate),
    heldAmount: r.status === "open" && r.heldAmount !== null ? money(r.heldAmount) : null,
    status: r.status as SpotOrder["status"],
    mode: r.mode as SpotOrder["mode"],
    contestId: r.contestId ?? null,
    createdAt: iso(r.createdAt),
    filledAt: r.filledAt ? iso(r.filledAt) : null,
    cancelledAt: r.cancelledAt ? iso(r.cancelledAt) : null,
    cancelReason: (r.cancelReason as SpotOrder["cancelReason"]) ?? null,
    fillTick:
      r.fillTickPrice === null || r.fillTickAt === null || r.fillBid === null || r.fillAsk === null
        ? null
        : {
            price: price(r.fillTickPrice),
            ts: new Date(r.fillTickAt).getTime(),
            bid: price(r.fillBid),
            ask: price(r.fillAsk),
            ...(r.fillTickSources ? { sources: r.fillTickSources } : {}),
          },
  };
}
