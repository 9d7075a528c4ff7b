// An IEO project's form values and the API body (IeoProjectInput) built from them.
import type { IeoProjectInput, OperatorIeoProject } from "@candor/contract";
import { localizedText, textFields, textsOf } from "../../kit/localized-text";
import { isoToUtc, utcFromNow, utcToIso } from "../../kit/utc-time";

/** The customer-facing texts of the form (each a field per language: nameEn, nameKo…). */
export const PROJECT_TEXTS = ["name", "description", "risk"];

export interface ProjectFormValues {
  [text: `${"name" | "description" | "risk"}${string}`]: string | undefined;
  nameEn: string;
  nameZh?: string;
  symbol: string;
  estimatedPrice: string;
  totalQuantity: number;
  maxPerCustomer: number;
  applyStart: string;
  applyEnd: string;
  drawAt: string;
  payEnd: string;
  listAt: string;
  descriptionEn: string;
  descriptionZh?: string;
  riskEn: string;
  riskZh?: string;
}

/** The five times in the order they must follow (each after the one before). */
export const TIMES = ["applyStart", "applyEnd", "drawAt", "payEnd", "listAt"] as const;

/** The API body (IeoProjectInput) for the form's values, keeping the texts in languages the form does not edit. */
export function projectBody(v: ProjectFormValues, current: OperatorIeoProject | null): IeoProjectInput {
  const texts = current?.texts;
  return {
    name: localizedText(texts?.name, textsOf(v, "name")),
    symbol: v.symbol.trim().toUpperCase(),
    estimatedPrice: v.estimatedPrice.trim(),
    totalQuantity: v.totalQuantity,
    maxPerCustomer: v.maxPerCustomer,
    applyStart: utcToIso(v.applyStart),
    applyEnd: utcToIso(v.applyEnd),
    drawAt: utcToIso(v.drawAt),
    payEnd: utcToIso(v.payEnd),
    listAt: utcToIso(v.listAt),
    description: localizedText(texts?.description, textsOf(v, "description")),
    riskText: localizedText(texts?.riskText, textsOf(v, "risk")),
  };
}

/**
 * The form's values: the project being edited, or a new project's (applications open
 * tomorrow for two days, draw an hour later, two days to pay, list a day after).
 */
export function projectValues(p: OperatorIeoProject | null): Partial<ProjectFormValues> {
  if (!p) {
    return {
      totalQuantity: 100_000,
      maxPerCustomer: 1_000,
      applyStart: utcFromNow({ days: 1 }),
      applyEnd: utcFromNow({ days: 3 }),
      drawAt: utcFromNow({ days: 3, hours: 1 }),
      payEnd: utcFromNow({ days: 5 }),
      listAt: utcFromNow({ days: 6 }),
    };
  }
  return {
    ...textFields("name", p.texts.name),
    ...textFields("description", p.texts.description),
    ...textFields("risk", p.texts.riskText),
    nameEn: p.texts.name["en-us"] ?? p.name,
    symbol: p.symbol,
    estimatedPrice: p.estimatedPrice,
    totalQuantity: p.totalQuantity,
    maxPerCustomer: p.maxPerCustomer,
    applyStart: isoToUtc(p.applyStart),
    applyEnd: isoToUtc(p.applyEnd),
    drawAt: isoToUtc(p.drawAt),
    payEnd: isoToUtc(p.payEnd),
    listAt: isoToUtc(p.listAt),
    descriptionEn: p.texts.description["en-us"] ?? p.description,
    riskEn: p.texts.riskText["en-us"] ?? p.riskText,
  };
}
