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
import { dec, miningDailyOutput, toMoneyString } from "@candor/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, notFound } from "../../lib/errors";
import { DAY_MS } from "../clock/service";
import type { MarketService } from "../market/service";
import { getSetting, setSetting } from "../settings/service";
import { strategyRules } from "./quant/rules";
import { earnProducts, type LocalizedJson } from "./schema";

export type ProductRow = typeof earnProducts.$inferSelect;

/** Operator setting: BTC the network pays per TH/s per day (a published figure). */
export const MINING_REWARD_KEY = "earn_mining_reward_per_th_day";
export const DEFAULT_MINING_REWARD = "0.00000055";
export const MINING_SYMBOL = "BTCUSDT";

export const localize = (text: LocalizedJson | null | undefined, lang: Lang): string =>
  text?.[lang] ?? text?.["en-us"] ?? "";

const money = (v: string | null | undefined) => (v === null || v === undefined ? null : toMoneyString(dec(v)));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export interface MachineConfig {
  manufacturer: string;
  model: string;
  hashrate: string;
  power: string;
  size: string;
  weight: string;
  temperature: string;
  humidity: string;
  network: string;
}
export interface ProductConfig {
  machine?: MachineConfig;
  pricePerTh?: string;
  electricityPrice?: string;
  borrower?: LocalizedJson;
  defaultPolicy?: LocalizedJson;
  strategy?: "grid" | "trend";
  symbol?: string;
  params?: Record<string, unknown>;
}
export const configOf = (row: ProductRow) => row.config as ProductConfig;

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

export interface ProductContext {
  lang: Lang;
  nowMs: number;
  market: MarketService;
  rewardPerThDay: string;
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

/** Today's inputs of the mining formula and the net output of 1 TH/s at them. */
export function miningInputs(row: ProductRow, ctx: Pick<ProductContext, "market" | "rewardPerThDay">) {
  const c = configOf(row);
  const tick = ctx.market.lastTick(MINING_SYMBOL);
  const btcPrice = tick ? String(tick.price) : null;
  const electricityPrice = c.electricityPrice ?? "0";
  const perTh =
    btcPrice && c.machine
      ? miningDailyOutput(
          {
            hashrate: "1",
            rewardPerThDay: ctx.rewardPerThDay,
            btcPrice,
            machineHashrate: c.machine.hashrate,
            machinePowerW: c.machine.power,
            electricityPrice,
          },
          8,
        ).net
      : null;
  return {
    rewardPerThDay: toMoneyString(dec(ctx.rewardPerThDay)),
    btcPrice: money(btcPrice),
    btcPriceTs: tick ? tick.ts : null,
    electricityPrice: toMoneyString(dec(electricityPrice)),
    outputPerThDay: perTh,
  };
}

export function toProduct(row: ProductRow, ctx: ProductContext): EarnProduct {
  const c = configOf(row);
  const base: EarnProduct = {
    id: row.id,
    type: row.type,
    name: localize(row.name, ctx.lang),
    currency: row.currency,
    termDays: row.termDays,
    dailyRate: money(row.dailyRate),
    rateBasis: row.type === "mining" ? "variable" : row.type === "quant" ? "historical" : "fixed",
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
  if (row.type === "debt") {
    base.borrower = localize(c.borrower, ctx.lang);
    base.defaultPolicy = localize(c.defaultPolicy, ctx.lang);
    base.repaymentSchedule = debtSchedule(row);
  }
  if (row.type === "mining" && c.machine) {
    Object.assign(base, {
      manufacturer: c.machine.manufacturer,
      model: c.machine.model,
      hashrate: toMoneyString(dec(c.machine.hashrate)),
      power: toMoneyString(dec(c.machine.power)),
      size: c.machine.size,
      weight: c.machine.weight,
      temperature: c.machine.temperature,
      humidity: c.machine.humidity,
      network: c.machine.network,
      pricePerTh: money(c.pricePerTh ?? null) ?? undefined,
      inputs: miningInputs(row, ctx),
    });
  }
  if (row.type === "quant") {
    base.strategy = c.strategy;
    base.symbol = c.symbol;
    base.params = c.params as EarnProduct["params"];
    base.rules = strategyRules({ strategy: c.strategy, symbol: c.symbol, params: c.params }, ctx.lang);
  }
  return base;
}

export function toOperatorProduct(row: ProductRow, ctx: ProductContext): OperatorEarnProduct {
  const c = configOf(row);
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

/** Interest every 30 days and at maturity, principal at maturity; per 100 units invested. */
export function debtSchedule(row: Pick<ProductRow, "termDays" | "dailyRate">) {
  const rate = dec(row.dailyRate ?? "0");
  const out: { day: number; kind: "interest" | "principal"; per100: string }[] = [];
  for (let from = 0; from < row.termDays; from += 30) {
    const to = Math.min(row.termDays, from + 30);
    out.push({ day: to, kind: "interest", per100: toMoneyString(rate.mul(100).mul(to - from)) });
  }
  out.push({ day: row.termDays, kind: "principal", per100: "100" });
  return out;
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
  const config: ProductConfig = {};
  if (input.type === "arbitrage" || input.type === "debt") {
    if (!input.dailyRate) throw invalid("dailyRate", "required for fixed-term and debt products");
  } else if (input.dailyRate) {
    throw invalid("dailyRate", "mining and strategies have no fixed rate");
  }
  if (input.type === "mining") {
    if (!input.machine) throw invalid("machine", "required for mining");
    if (!input.pricePerTh) throw invalid("pricePerTh", "required for mining");
    config.machine = input.machine;
    config.pricePerTh = input.pricePerTh;
    config.electricityPrice = input.electricityPrice ?? "0";
  }
  if (input.type === "debt") {
    if (!input.borrower || !input.defaultPolicy) throw invalid("borrower", "borrower and defaultPolicy are required");
    if (!input.totalAmount) throw invalid("totalAmount", "required for debt claims");
    config.borrower = input.borrower;
    config.defaultPolicy = input.defaultPolicy;
  }
  if (input.type === "quant") {
    if (!input.strategy || !input.symbol || !input.params)
      throw invalid("strategy", "strategy, symbol and params are required");
    config.strategy = input.strategy;
    config.symbol = input.symbol;
    config.params = input.params;
  }
  const saleEndAt = input.saleEndAt ? new Date(input.saleEndAt) : null;
  if (input.type === "debt" && !saleEndAt)
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
    earlyRedemption: input.type === "arbitrage" ? input.earlyRedemption : false,
    saleStartAt: input.saleStartAt ? new Date(input.saleStartAt) : null,
    saleEndAt,
    totalAmount: input.totalAmount ?? null,
    config: config as Record<string, unknown>,
    debtState: input.type === "debt" ? ("raising" as const) : null,
    loanStartAt: input.type === "debt" && saleEndAt ? saleEndAt : null,
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

export const maturityOf = (row: ProductRow): Date =>
  new Date(new Date(row.loanStartAt ?? row.createdAt).getTime() + row.termDays * DAY_MS);
