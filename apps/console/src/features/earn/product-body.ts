// An earn product's form values and the API body (EarnProductInput) built from them.
import type { EarnProductInput, EarnType, OperatorEarnProduct } from "@candor/contract";
import { fractionOfPercent, percentOf } from "@candor/domain";
import { localizedText, textFields, textsOf } from "../../kit/localized-text";
import { isoToUtc, optionalUtcToIso } from "../../kit/utc-time";

export const TYPES = ["arbitrage", "quant", "mining", "debt"] as const;

/** The customer-facing texts of the form (each a field per language: nameEn, nameKo…). */
export const PRODUCT_TEXTS = ["name", "risk"];

export interface ProductFormValues {
  type: EarnType;
  nameEn: string;
  nameZh?: string;
  riskEn: string;
  riskZh?: string;
  [text: `${"name" | "risk"}${string}`]: string | undefined;
  currency: string;
  termDays: number;
  /** The daily rate in percent as typed ("0.03" = 0.03 % a day); the API keeps the fraction. */
  dailyRatePct?: string;
  minAmount: string;
  maxAmount: string;
  perCustomerLimit?: string;
  vipLevel: number;
  earlyRedemption: boolean;
  totalAmount?: string;
  /** "YYYY-MM-DD HH:mm", UTC. */
  saleEndAt?: string;
  borrowerEn?: string;
  policyEn?: string;
  pricePerTh?: string;
  electricityPrice?: string;
  manufacturer?: string;
  model?: string;
  hashrate?: string;
  power?: string;
  strategy?: "grid" | "trend";
  symbol?: string;
}

/** The API body for the form's values, keeping the texts in languages the form does not edit. */
export function productBody(v: ProductFormValues, current: OperatorEarnProduct | null): EarnProductInput {
  const texts = current?.texts;
  const machine = current
    ? {
        manufacturer: current.manufacturer ?? "",
        model: current.model ?? "",
        size: current.size ?? "",
        weight: current.weight ?? "",
        temperature: current.temperature ?? "",
        humidity: current.humidity ?? "",
        network: current.network ?? "",
      }
    : { size: "", weight: "", temperature: "", humidity: "", network: "" };
  return {
    type: v.type,
    name: localizedText(texts?.name, textsOf(v, "name")),
    description: texts?.description,
    riskNotice: localizedText(texts?.riskNotice, textsOf(v, "risk")),
    currency: v.currency,
    termDays: v.termDays,
    dailyRate:
      (v.type === "arbitrage" || v.type === "debt") && v.dailyRatePct ? fractionOfPercent(v.dailyRatePct.trim()) : null,
    minAmount: v.minAmount,
    maxAmount: v.maxAmount,
    perCustomerLimit: v.perCustomerLimit || null,
    vipLevel: v.vipLevel,
    earlyRedemption: v.earlyRedemption,
    totalAmount: v.totalAmount || null,
    saleEndAt: optionalUtcToIso(v.saleEndAt),
    ...(v.type === "debt"
      ? {
          borrower: localizedText(texts?.borrower, { "en-us": v.borrowerEn }),
          defaultPolicy: localizedText(texts?.defaultPolicy, { "en-us": v.policyEn }),
        }
      : {}),
    ...(v.type === "mining"
      ? {
          machine: {
            ...machine,
            // Required fields of the mining form (they are never empty when it is sent).
            manufacturer: v.manufacturer ?? "",
            model: v.model ?? "",
            hashrate: v.hashrate ?? "",
            power: v.power ?? "",
          },
          pricePerTh: v.pricePerTh,
          electricityPrice: v.electricityPrice ?? "0",
        }
      : {}),
    ...(v.type === "quant"
      ? {
          strategy: v.strategy,
          symbol: v.symbol,
          // The seeded strategies' settings unless the product already has its own.
          params:
            current?.strategy === v.strategy && current?.params
              ? current.params
              : v.strategy === "grid"
                ? { rangePct: "0.05", levels: 11 }
                : { interval: "15m", fast: 7, slow: 25 },
        }
      : {}),
  };
}

/** The form's values: the product being edited, or a new product's defaults. */
export function productValues(p: OperatorEarnProduct | null): Partial<ProductFormValues> {
  if (!p) return { type: "arbitrage", currency: "USDT", vipLevel: 0, earlyRedemption: false };
  return {
    type: p.type,
    ...textFields("name", p.texts.name),
    ...textFields("risk", p.texts.riskNotice),
    currency: p.currency,
    termDays: p.termDays,
    dailyRatePct: p.dailyRate ? percentOf(p.dailyRate, 8) : undefined,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    perCustomerLimit: p.perCustomerLimit ?? undefined,
    vipLevel: p.vipLevel,
    earlyRedemption: p.earlyRedemption,
    totalAmount: p.totalAmount,
    saleEndAt: p.saleEndAt ? isoToUtc(p.saleEndAt) : undefined,
    borrowerEn: p.texts.borrower?.["en-us"],
    policyEn: p.texts.defaultPolicy?.["en-us"],
    pricePerTh: p.pricePerTh,
    electricityPrice: p.inputs?.electricityPrice,
    manufacturer: p.manufacturer,
    model: p.model,
    hashrate: p.hashrate,
    power: p.power,
    strategy: p.strategy,
    symbol: p.symbol,
  };
}
