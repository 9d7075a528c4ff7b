// Futures ("contracts") and demo trading, docs/contract.md "Contracts (futures) and options":
// the pinned position endpoints plus preview, summary, detail, demo account and the
// settlement engine's status. Options/spot/exchange shapes live in ./options etc.
import { z } from "zod";
import { DecimalInput, DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { SymbolCode } from "./market";
import { IndexComponent } from "./market-index";

/**
 * Which money a request trades with: "real" (USDT, the customer's available balance),
 * "demo" (virtual VUSDT of the demo account) or "contest" (virtual CUSDT of the caller's
 * running entry in the contest named by `contestId`). Default "real". Position ids carry
 * their own mode, so updateStopLoss/close/detail take no mode.
 */
export const TradeMode = z.enum(["real", "demo", "contest"]);
export type TradeMode = z.infer<typeof TradeMode>;

export const PositionDirection = z.enum(["long", "short"]);
/** "settling" exists only inside the settling transaction; clients see open or closed. */
export const PositionStatus = z.enum(["open", "settling", "closed"]);
export const PositionCloseReason = z.enum(["manual", "takeProfit", "stopLoss", "closeOut"]);

/**
 * A feed tick used as evidence: mid price and its time (ms); for an index price
 * (MARKET_FEED=index) also the venues' readings it was made of.
 */
export const PositionTick = z.object({
  price: DecimalString,
  ts: z.number().int(),
  sources: z.array(IndexComponent).optional(),
});
export type PositionTick = z.infer<typeof PositionTick>;

const PriceLevel = DecimalInput.nullable().optional();
/** Required with mode "contest": the contest whose money is used (else 400). */
export const ContestIdField = z.coerce.number().int().positive().max(2147483647).optional();

/** Client idempotency key for opening: a retry with the same key returns the same position. */
export const PositionRequestId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _ . : - only");

export const PositionCreateBody = z.object({
  symbol: SymbolCode,
  direction: PositionDirection,
  /** In USDT (VUSDT in demo mode), at most 8 decimals. */
  margin: PositiveDecimalInput,
  /** Whole number from 1 to the symbol's maxLeverage. */
  leverage: DecimalInput,
  takeProfit: PriceLevel,
  stopLoss: PriceLevel,
  mode: TradeMode.default("real"),
  contestId: ContestIdField,
  clientRequestId: PositionRequestId.optional(),
});
export type PositionCreateBody = z.infer<typeof PositionCreateBody>;

export const PositionOpened = z.object({
  id: z.number().int(),
  symbol: z.string(),
  direction: PositionDirection,
  openPrice: DecimalString,
  margin: DecimalString,
  leverage: z.number().int(),
  quantity: DecimalString,
  status: z.literal("open"),
  mode: TradeMode,
  /** The contest of a contest-mode position, null otherwise. */
  contestId: z.number().int().nullable().optional(),
  currency: z.string(),
  openingFee: DecimalString,
  /** Exit price at which the position is closed out (equity = 50 % of the margin). */
  closeOutPrice: DecimalString,
  takeProfit: DecimalString.nullable(),
  stopLoss: DecimalString.nullable(),
  openedAt: IsoDate,
  openTick: PositionTick,
});
export type PositionOpened = z.infer<typeof PositionOpened>;

export const PositionListQuery = PageQuery.extend({
  status: z.enum(["open", "closed"]).optional(),
  mode: TradeMode.default("real"),
  contestId: ContestIdField,
  symbol: SymbolCode.optional(),
});
export type PositionListQuery = z.infer<typeof PositionListQuery>;

export const PositionRecord = z.object({
  id: z.number().int(),
  symbol: z.string(),
  direction: PositionDirection,
  openPrice: DecimalString,
  /** Open: the price it would close at now (bid for long, ask for short); closed: null. */
  currentPrice: DecimalString.nullable(),
  closePrice: DecimalString.nullable(),
  margin: DecimalString,
  leverage: z.number().int(),
  quantity: DecimalString,
  takeProfit: DecimalString.nullable(),
  stopLoss: DecimalString.nullable(),
  /**
   * Open: what closing now would realise (after the closing fee, never below −margin);
   * closed: the realised P&L. Null only when there is no price yet.
   */
  pnl: DecimalString.nullable(),
  /** pnl / margin ("0.25" = +25 %). */
  yield: DecimalString.nullable(),
  /**
   * Both fees included: pnl minus the opening fee (closed: what the position did to the
   * customer's money; open: what closing now would). Null only when there is no price yet.
   */
  netResult: DecimalString.nullable(),
  status: PositionStatus,
  closeReason: PositionCloseReason.nullable(),
  openedAt: IsoDate,
  closedAt: IsoDate.nullable(),
  mode: TradeMode,
  contestId: z.number().int().nullable().optional(),
  currency: z.string(),
  openingFee: DecimalString,
  closingFee: DecimalString.nullable(),
  closeOutPrice: DecimalString,
  /** Open: equity / margin (1 at open; close-out at 0.5). */
  marginLevel: DecimalString.nullable(),
  /** Closed: what went back to the available balance (margin + pnl). */
  returned: DecimalString.nullable(),
  /** The tick the open price came from. */
  openTick: PositionTick,
  /** The tick that closed it (manual close: the price at the request). */
  closeTick: PositionTick.nullable(),
});
export type PositionRecord = z.infer<typeof PositionRecord>;

/** undefined = keep, null = clear. */
export const PositionStopLossBody = z.object({
  id: z.coerce.number().int().positive(),
  takeProfit: PriceLevel,
  stopLoss: PriceLevel,
});
export type PositionStopLossBody = z.infer<typeof PositionStopLossBody>;

export const PositionClosed = z.object({
  id: z.number().int(),
  closePrice: DecimalString,
  pnl: DecimalString,
  /** Both fees included: pnl minus the opening fee. */
  netResult: DecimalString,
  status: z.literal("closed"),
  closeReason: PositionCloseReason,
  closingFee: DecimalString,
  returned: DecimalString,
  yield: DecimalString,
  closedAt: IsoDate,
  closeTick: PositionTick,
});
export type PositionClosed = z.infer<typeof PositionClosed>;

export const PositionPreviewQuery = z.object({
  symbol: SymbolCode,
  direction: PositionDirection,
  margin: PositiveDecimalInput,
  leverage: DecimalInput,
  mode: TradeMode.default("real"),
  contestId: ContestIdField,
});
export type PositionPreviewQuery = z.infer<typeof PositionPreviewQuery>;

export const PositionPreview = z.object({
  symbol: z.string(),
  direction: PositionDirection,
  mode: TradeMode,
  currency: z.string(),
  /** Feed (mid) price, bid/ask with the disclosed spread, and the tick time. */
  price: DecimalString,
  bid: DecimalString,
  ask: DecimalString,
  spread: DecimalString,
  ts: z.number().int(),
  /** True when the tick is too old to trade at (QUOTE_MAX_AGE_*_MS): opening now would be a 409. */
  stale: z.boolean(),
  marketOpen: z.boolean(),
  simulated: z.boolean(),
  margin: DecimalString,
  leverage: z.number().int(),
  maxLeverage: z.number().int(),
  openPrice: DecimalString,
  quantity: DecimalString,
  notional: DecimalString,
  openingFee: DecimalString,
  /** margin + openingFee: what leaves the available balance. */
  totalCost: DecimalString,
  /** Expected close-out price (exit price at 50 % margin level). */
  closeOutPrice: DecimalString,
  /** The caller's available balance in this mode's currency. */
  available: DecimalString,
  feeRates: z.object({ open: DecimalString, close: DecimalString }),
});
export type PositionPreview = z.infer<typeof PositionPreview>;

export const TradeModeQuery = z.object({ mode: TradeMode.default("real"), contestId: ContestIdField });

export const PositionsSummary = z.object({
  mode: TradeMode,
  currency: z.string(),
  /** Open positions. */
  count: z.number().int(),
  /** Margin in open positions (the ledger's margin account). */
  margin: DecimalString,
  /** Sum of the open positions' pnl (what closing all now would realise). */
  unrealisedPnl: DecimalString,
  /** margin + unrealisedPnl. */
  equity: DecimalString,
  available: DecimalString,
});
export type PositionsSummary = z.infer<typeof PositionsSummary>;

// ── Demo trading ──────────────────────────────────────────────────────────────────────

export const DemoBalance = z.object({
  currency: z.literal("VUSDT"),
  /** Available virtual money. */
  available: DecimalString,
  /** Virtual money in open demo futures positions, and their equity. */
  margin: DecimalString,
  unrealisedPnl: DecimalString,
  /** available + margin + unrealisedPnl. */
  equity: DecimalString,
  defaultBalance: DecimalString,
  resets: z.number().int(),
  resetAt: IsoDate.nullable(),
});
export type DemoBalance = z.infer<typeof DemoBalance>;

/** Optional body (an empty POST is fine). */
/** A virtual holding of the demo account: VUSDT, or a base currency bought with it in demo spot (VBTC …). */
export const DemoHolding = z.object({
  /** The currency it stands for ("USDT", "BTC", …). */
  currency: z.string(),
  /** The virtual currency held ("VUSDT", "VBTC", …). */
  virtualCurrency: z.string(),
  available: DecimalString,
  /** Reserved by open demo orders. */
  held: DecimalString,
});
export type DemoHolding = z.infer<typeof DemoHolding>;

export const DemoResetBody = z
  .object({ clientRequestId: PositionRequestId.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type DemoResetBody = z.infer<typeof DemoResetBody>;

export const DemoResetResult = z.object({
  currency: z.literal("VUSDT"),
  available: DecimalString,
  /** Demo positions closed at market by this reset. */
  closedPositions: z.number().int(),
  resets: z.number().int(),
  resetAt: IsoDate,
});
export type DemoResetResult = z.infer<typeof DemoResetResult>;

// ── Settlement engine (operator) ──────────────────────────────────────────────────────

export const SettlementStatus = z.object({
  leader: z.boolean(),
  running: z.boolean(),
  database: z.enum(["pglite", "postgres"]),
  settlers: z.array(z.object({ name: z.string(), ready: z.boolean() })),
  terms: z.number().int(),
  leaderSince: IsoDate.nullable(),
  ticks: z.number().int(),
  errors: z.number().int(),
  /** How far the settlers are behind the recorded tick sequence; null when this node does not lead. */
  lag: z
    .object({
      cursor: z.number().int(),
      head: z.number().int(),
      ticks: z.number().int(),
      ms: z.number().nullable(),
    })
    .nullable(),
  skippedSeqs: z.number().int(),
});
export type SettlementStatus = z.infer<typeof SettlementStatus>;
