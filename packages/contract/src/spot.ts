// Spot orders against the feed ± the disclosed spread: market orders fill at once at
// bid/ask, limit orders hold funds and fill when the price crosses; cancel; open orders
// and fills.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { SymbolCode } from "./market";
import { IndexComponent } from "./market-index";
import { TradeRequestId } from "./options";
import { ContestIdField } from "./trading";

/** Real (USDT), demo (VUSDT, V-prefixed bases) or contest money (CUSDT, C-prefixed bases; needs contestId). */
export const SpotMode = z.enum(["real", "demo", "contest"]);
export type SpotMode = z.infer<typeof SpotMode>;

export const SpotSide = z.enum(["buy", "sell"]);
export const SpotOrderType = z.enum(["market", "limit"]);
export const SpotOrderStatus = z.enum(["open", "filled", "cancelled"]);

export const SpotOrderBody = z.object({
  symbol: SymbolCode,
  side: SpotSide,
  type: SpotOrderType,
  /** Base quantity, at most the symbol's qtyPrecision decimals. */
  quantity: PositiveDecimalInput,
  /** Limit price (limit orders only), at most the symbol's pricePrecision decimals. */
  price: PositiveDecimalInput.optional(),
  mode: SpotMode.default("real"),
  contestId: ContestIdField,
  clientRequestId: TradeRequestId.optional(),
});
export type SpotOrderBody = z.infer<typeof SpotOrderBody>;

export const SpotFillTick = z.object({
  /** Mid price of the tick that filled the order, its time (ms), and the bid/ask it gave. */
  price: DecimalString,
  ts: z.number().int(),
  bid: DecimalString,
  ask: DecimalString,
  /** For an index price (MARKET_FEED=index): the venues' readings it was made of. */
  sources: z.array(IndexComponent).optional(),
});

export const SpotOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** Ledger currencies of the legs (demo: VUSDT and V-prefixed base). */
  baseCurrency: z.string(),
  quoteCurrency: z.string(),
  side: SpotSide,
  type: SpotOrderType,
  quantity: DecimalString,
  limitPrice: DecimalString.nullable(),
  /** Fill price; null until filled. */
  price: DecimalString.nullable(),
  /** quantity × price in quote currency. */
  notional: DecimalString.nullable(),
  /** Fee in quote currency. */
  fee: DecimalString.nullable(),
  feeRate: DecimalString,
  /** What an open limit order holds (quote incl. fee for a buy, base for a sell). */
  heldAmount: DecimalString.nullable(),
  status: SpotOrderStatus,
  mode: SpotMode,
  contestId: z.number().int().nullable().optional(),
  createdAt: IsoDate,
  filledAt: IsoDate.nullable(),
  cancelledAt: IsoDate.nullable(),
  /** Why a cancelled order was cancelled: by the customer, its lifetime ran out, or a demo reset. */
  cancelReason: z.enum(["customer", "expired", "demoReset", "contestEnd"]).nullable(),
  fillTick: SpotFillTick.nullable(),
});
export type SpotOrder = z.infer<typeof SpotOrder>;

export const SpotListQuery = PageQuery.extend({
  status: SpotOrderStatus.optional(),
  symbol: SymbolCode.optional(),
  mode: SpotMode.default("real"),
  contestId: ContestIdField,
});
export type SpotListQuery = z.infer<typeof SpotListQuery>;

export const SpotSettings = z.object({
  feeRate: DecimalString,
  /** Minimum order value in quote currency. */
  minNotional: DecimalString,
  symbols: z.array(
    z.object({
      symbol: z.string(),
      base: z.string(),
      quote: z.string(),
      pricePrecision: z.number().int(),
      qtyPrecision: z.number().int(),
    }),
  ),
});
export type SpotSettings = z.infer<typeof SpotSettings>;
