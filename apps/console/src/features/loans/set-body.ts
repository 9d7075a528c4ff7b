// A loan setting's form values and the API body (LoanSetInput) built from them.
import type { LoanSetInput, LoanType, OperatorLoanSet } from "@candor/contract";
import { localizedText, textValues } from "../../kit/localized-text";

export interface SetFormValues {
  type: LoanType;
  nameEn: string;
  nameZh?: string;
  riskEn?: string;
  riskZh?: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  days: string[];
  dailyRate: string;
  interestFreeDays: number;
  overdueRate: string;
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
    name: localizedText(current?.texts.name, { "en-us": v.nameEn, "zh-cn": v.nameZh }),
    riskNotice: localizedText(current?.texts.riskNotice, { "en-us": v.riskEn, "zh-cn": v.riskZh }),
    currency: v.currency,
    minAmount: v.minAmount,
    maxAmount: v.maxAmount,
    days: v.days.map(Number),
    dailyRate: v.dailyRate,
    interestFreeDays: v.interestFreeDays,
    overdueRate: v.overdueRate,
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
  const name = textValues(s.texts.name);
  const risk = textValues(s.texts.riskNotice);
  return {
    type: s.type,
    nameEn: name.en ?? s.name,
    nameZh: name.zh,
    riskEn: risk.en,
    riskZh: risk.zh,
    currency: s.currency,
    minAmount: s.minAmount,
    maxAmount: s.maxAmount,
    days: s.days.map(String),
    dailyRate: s.dailyRate,
    interestFreeDays: s.interestFreeDays,
    overdueRate: s.overdueRate,
    collateralCurrencies: s.collateralCurrencies,
    initialLtv: s.initialLtv,
    marginCallLtv: s.marginCallLtv,
    liquidationLtv: s.liquidationLtv,
    enabled: s.enabled,
  };
}
