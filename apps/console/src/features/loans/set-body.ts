// A loan setting's form values and the API body (LoanSetInput) built from them.
import type { LoanSetInput, LoanType, OperatorLoanSet } from "@candor/contract";
import { fractionOfPercent, percentOf } from "@candor/domain";
import { localizedText, textFields, textsOf } from "../../kit/localized-text";

/** The customer-facing texts of the form (each a field per language: nameEn, nameKo…). */
export const SET_TEXTS = ["name", "risk"];

export interface SetFormValues {
  [text: `${"name" | "risk"}${string}`]: string | undefined;
  type: LoanType;
  nameEn: string;
  nameZh?: string;
  riskEn?: string;
  riskZh?: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  days: string[];
  /** Rates typed in percent a day ("0.05" = 0.05 %); the API keeps the fraction. */
  dailyRatePct: string;
  interestFreeDays: number;
  overdueRatePct: string;
  collateralCurrencies?: string[];
  initialLtv?: string;
  marginCallLtv?: string;
  liquidationLtv?: string;
  enabled: boolean;
}

/** The API body (LoanSetInput) for the form's values, keeping the texts in languages the form does not edit. */
export function setBody(v: SetFormValues, current: OperatorLoanSet | null): LoanSetInput {
  const pledge = v.type === "pledge";
  return {
    type: v.type,
    name: localizedText(current?.texts.name, textsOf(v, "name")),
    riskNotice: localizedText(current?.texts.riskNotice, textsOf(v, "risk")),
    currency: v.currency,
    minAmount: v.minAmount,
    maxAmount: v.maxAmount,
    days: v.days.map(Number),
    dailyRate: fractionOfPercent(v.dailyRatePct.trim()),
    interestFreeDays: v.interestFreeDays,
    overdueRate: fractionOfPercent(v.overdueRatePct.trim()),
    ...(pledge
      ? {
          collateralCurrencies: v.collateralCurrencies ?? [],
          initialLtv: v.initialLtv,
          marginCallLtv: v.marginCallLtv,
          liquidationLtv: v.liquidationLtv,
        }
      : {}),
    enabled: v.enabled,
  };
}

/** The body for the same setting with only `enabled` changed. */
export function toggleBody(s: OperatorLoanSet, enabled: boolean): LoanSetInput {
  return setBody({ ...(setValues(s) as SetFormValues), enabled }, s);
}

/** The form's values: the setting being edited, or a new setting's defaults. */
export function setValues(s: OperatorLoanSet | null): Partial<SetFormValues> {
  if (!s) {
    return {
      type: "pledge",
      currency: "USDT",
      interestFreeDays: 0,
      enabled: true,
      days: ["7", "30"],
      collateralCurrencies: ["BTC", "ETH"],
    };
  }
  return {
    ...textFields("name", s.texts.name),
    ...textFields("risk", s.texts.riskNotice),
    type: s.type,
    nameEn: s.texts.name["en-us"] ?? s.name,
    currency: s.currency,
    minAmount: s.minAmount,
    maxAmount: s.maxAmount,
    days: s.days.map(String),
    dailyRatePct: percentOf(s.dailyRate, 8),
    interestFreeDays: s.interestFreeDays,
    overdueRatePct: percentOf(s.overdueRate, 8),
    collateralCurrencies: s.collateralCurrencies,
    initialLtv: s.initialLtv,
    marginCallLtv: s.marginCallLtv,
    liquidationLtv: s.liquidationLtv,
    enabled: s.enabled,
  };
}
