// Earn products: reading them in the customer's language with their live status and, for
// mining, today's formula inputs; the operator's create / edit / pause.
import type {
  EarnProduct,
  EarnProductInput,
  EarnProductStatus,
  EarnType,
  Lang,
  OperatorEarnProduct,
} from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, notFound } from "../../lib/errors";
import type { MarketService } from "../market/service";
import { getSetting, setSetting } from "../settings/service";
import type { ProductContext } from "./kind";
import { kindOf } from "./kinds";
import { iso, localize, money, type ProductRow } from "./model";
import { earnProducts, type LocalizedJson } from "./schema";

export { maturityOf } from "./debt/schedule";
export type { ProductContext } from "./kind";
export { MINING_SYMBOL } from "./mining/kind";
export { configOf, localize, type ProductRow } from "./model";

/** Operator setting: BTC the network pays per TH/s per day (a published figure). */
export const MINING_REWARD_KEY = "earn_mining_reward_per_th_day";
export const DEFAULT_MINING_REWARD = "0.00000055";

/** What a customer sees: the operator's switch, the sales window, debt state and what is left. */
export function productStatus(row: ProductRow, nowMs: number): EarnProductStatus {
  if (row.status === "ended") return "ended";
  if (row.status === "paused") return "paused";
  if (row.saleEndAt && nowMs >= new Date(row.saleEndAt).getTime()) return "ended";
  if (row.debtState && row.debtState !== "raising") return "ended";
  if (row.saleStartAt && nowMs < new Date(row.saleStartAt).getTime()) return "upcoming";
  if (row.totalAmount && dec(row.totalAmount).minus(row.soldAmount).lt(row.minAmount)) return "sold_out";
  return "open";
}

export async function productContext(
  db: Db,
  market: MarketService,
  lang: Lang,
  nowMs: number,
): Promise<ProductContext> {
  const reward = String(await getSetting<string>(db, MINING_REWARD_KEY, DEFAULT_MINING_REWARD));
  return { lang, nowMs, market, rewardPerThDay: reward };
}

export function toProduct(row: ProductRow, ctx: ProductContext): EarnProduct {
  const kind = kindOf(row.type);
  const base: EarnProduct = {
    id: row.id,
    type: row.type,
    name: localize(row.name, ctx.lang),
    currency: row.currency,
    termDays: row.termDays,
    dailyRate: money(row.dailyRate),
    rateBasis: kind.rateBasis,
    minAmount: toMoneyString(dec(row.minAmount)),
    maxAmount: toMoneyString(dec(row.maxAmount)),
    vipLevel: row.vipLevel,
    status: productStatus(row, ctx.nowMs),
    riskNotice: localize(row.riskNotice, ctx.lang),
    description: localize(row.description, ctx.lang),
    perCustomerLimit: money(row.perCustomerLimit),
    earlyRedemption: row.earlyRedemption,
    saleStartAt: iso(row.saleStartAt),
    saleEndAt: iso(row.saleEndAt),
  };
  if (row.totalAmount) {
    base.totalAmount = toMoneyString(dec(row.totalAmount));
    base.remainingAmount = toMoneyString(dec(row.totalAmount).minus(row.soldAmount));
  }
  return { ...base, ...kind.productView(row, ctx) };
}

export function toOperatorProduct(row: ProductRow, ctx: ProductContext): OperatorEarnProduct {
  const c = row.config as { borrower?: LocalizedJson; defaultPolicy?: LocalizedJson };
  return {
    ...toProduct(row, ctx),
    texts: {
      name: row.name,
      description: row.description,
      riskNotice: row.riskNotice,
      ...(c.borrower ? { borrower: c.borrower } : {}),
      ...(c.defaultPolicy ? { defaultPolicy: c.defaultPolicy } : {}),
    },
    operatorStatus: row.status,
    soldAmount: toMoneyString(dec(row.soldAmount)),
    debtState: row.debtState,
    loanStartAt: iso(row.loanStartAt),
  };
}

export async function listProductRows(db: Db, type?: EarnType): Promise<ProductRow[]> {
  return db
    .select()
    .from(earnProducts)
    .where(type ? eq(earnProducts.type, type) : undefined)
    .orderBy(asc(earnProducts.sort), asc(earnProducts.id));
}

export async function getProductRow(db: Db, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(earnProducts).where(eq(earnProducts.id, id)).limit(1);
  if (!row) throw notFound("earnProductNotFound");
  return row;
}

/** Operator: the row values of a product input, checked for its type. */
export function productValues(input: EarnProductInput, nowMs: number) {
  const invalid = (field: string, problem: string) => badRequest("earnInvalidProduct", { field, problem });
  if (dec(input.maxAmount).lt(input.minAmount)) throw invalid("maxAmount", "must be at least minAmount");
  const kind = kindOf(input.type);
  if (kind.fixedRate) {
    if (!input.dailyRate) throw invalid("dailyRate", "required for fixed-term and debt products");
  } else if (input.dailyRate) {
    throw invalid("dailyRate", "mining and strategies have no fixed rate");
  }
  const config = kind.config(input, invalid);
  const saleEndAt = input.saleEndAt ? new Date(input.saleEndAt) : null;
  if (kind.raises && !saleEndAt)
    throw invalid("saleEndAt", "a debt claim raises until saleEndAt, then the loan starts");
  if (saleEndAt && Number.isNaN(saleEndAt.getTime())) throw invalid("saleEndAt", "not a date");
  return {
    type: input.type,
    name: input.name,
    description: input.description ?? {},
    riskNotice: input.riskNotice,
    currency: input.currency.toUpperCase(),
    termDays: input.termDays,
    dailyRate: input.dailyRate ?? null,
    minAmount: input.minAmount,
    maxAmount: input.maxAmount,
    perCustomerLimit: input.perCustomerLimit ?? null,
    vipLevel: input.vipLevel,
    earlyRedemption: kind.earlyRedemption ? input.earlyRedemption : false,
    saleStartAt: input.saleStartAt ? new Date(input.saleStartAt) : null,
    saleEndAt,
    totalAmount: input.totalAmount ?? null,
    config: config as Record<string, unknown>,
    debtState: kind.raises ? ("raising" as const) : null,
    loanStartAt: kind.raises && saleEndAt ? saleEndAt : null,
    updatedAt: new Date(nowMs),
  };
}

export async function setMiningReward(db: Db, rewardPerThDay: string): Promise<void> {
  await setSetting(db, MINING_REWARD_KEY, toMoneyString(dec(rewardPerThDay)));
}

/** Debt products whose raise ended by `nowMs` and have not started. */
export async function debtProductsToStart(db: Db, nowMs: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(earnProducts)
    .where(
      and(
        eq(earnProducts.type, "debt"),
        eq(earnProducts.debtState, "raising"),
        sql`${earnProducts.loanStartAt} <= ${new Date(nowMs).toISOString()}::timestamptz`,
      ),
    );
}
