// What one earn product type decides, declared once per type in its own folder
// (fixed-term/, mining/, debt/, quant/) and looked up in the table (./kinds.ts) by the common
// code: products (view fields, the operator's input), buying (endpoint, term, ledger leg,
// opening), the daily income, the end of the term, early redemption and the order's view.
// Adding a type: its folder with its kind, the table, the contract's EarnType and the screens.
import type { EarnOrder, EarnProduct, EarnProductInput, EarnType, Lang, RateBasis } from "@candor/contract";
import type { Db } from "../../db";
import type { MarketService } from "../market/service";
import type { OrderRow, ProductConfigs, ProductRow } from "./model";

/** What a product's view needs besides its row. */
export interface ProductContext {
  lang: Lang;
  nowMs: number;
  market: MarketService;
  rewardPerThDay: string;
}

/** The strategy engine (quant/): opens, values and stops strategy orders. */
export interface QuantHooks {
  open(tx: Db, order: OrderRow, product: ProductRow): Promise<void>;
  view(order: OrderRow): {
    value: string;
    holdings: { base: string; quantity: string; cash: string };
    todayIncome: string;
    totalIncome: string;
  } | null;
}

/** An order owed daily income (a row of the daily job's query). */
export interface DueOrder {
  id: number;
  user_id: string | number;
  product_id: string | number;
  type: EarnType;
  currency: string;
  amount: string;
  daily_rate: string | null;
  term_days: number;
  accrued_days: number;
  start_date: string;
  hashrate: string | null;
}

/** What the daily job shares between the orders of one run. */
export interface DailyContext {
  market: MarketService;
  product(id: number): ProductRow | undefined;
  /** Operator-published BTC per TH/s per day. */
  reward: string;
  /** BTCUSDT's daily close per date (null: no candle recorded for that date). */
  closes: Map<string, { price: string; openTime: number } | null>;
}

/** A type paid income every day of its term (fixed-term interest, mining output). */
export interface DailyIncome {
  /** The income's kind (earn_incomes.kind). */
  incomeKind: "interest" | "mining";
  /** The platform account paying it, and the ledger transfer's kind. */
  payer: "interest" | "house";
  ledgerKind: "earn_interest" | "mining_output";
  /** The income of one date; null: the date waits (e.g. its day's price is not recorded yet). */
  day(
    o: DueOrder,
    day: string,
    places: number,
    ctx: DailyContext,
  ): Promise<{ amount: string; inputs: Record<string, string | number | null> } | null>;
}

export type Invalid = (field: string, problem: string) => Error;

export interface EarnKind<T extends EarnType = EarnType> {
  readonly type: T;
  /** fixed (a contractual rate), variable (published inputs) or historical (past results only). */
  readonly rateBasis: RateBasis;
  /** The endpoint it is bought through: minerBuy (mining) or debitBuy. */
  readonly buyVia: "debit" | "miner";
  /** The product has a fixed daily rate (required), or none (refused). */
  readonly fixedRate: boolean;
  /** The product may offer early redemption of running orders. */
  readonly earlyRedemption: boolean;
  /** Sold in a raise until saleEndAt, when the loan starts (debt): saleEndAt required. */
  readonly raises: boolean;
  /** The operator's input, checked: this type's configuration. */
  config(input: EarnProductInput, invalid: Invalid): ProductConfigs[T];
  /** This type's fields of the customer's product view. */
  productView(row: ProductRow, ctx: ProductContext): Partial<EarnProduct>;
  /** Can be bought now (a strategy needs its engine). */
  canSell(quant: QuantHooks | null): boolean;
  /** An order's term: start, end, first status, and whether a job ends it at endAt. */
  term(product: ProductRow, nowMs: number): { startAt: Date; endAt: Date; running: boolean; endJob: boolean };
  /** This type's columns of a new order. */
  orderValues(amount: string, product: ProductRow): { hashrate: string | null };
  /** Where the purchase moves the amount: the customer's earn account, or the platform (hashrate bought). */
  readonly purchase: { to: "earn" | "house"; ledgerKind: "earn" | "mining_purchase" };
  /** After the purchase, in its transaction (a strategy starts). */
  open?(tx: Db, order: OrderRow, product: ProductRow, quant: QuantHooks | null): Promise<void>;
  /** Paid every day of the term (fixed-term, mining); absent: no daily income. */
  readonly daily?: DailyIncome;
  /** At the end of the term: stop the strategy, or settle (last incomes, then the principal back or not). */
  readonly termEnd: "stop" | { principalBack: boolean } | null;
  /** This type's fields of an order's view (`live`: running, not started or frozen). */
  orderView(
    row: OrderRow,
    product: ProductRow | undefined,
    quant: QuantHooks | null,
    live: boolean,
  ): Partial<EarnOrder>;
}
