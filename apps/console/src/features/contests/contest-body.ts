// A contest's form values and the API body (ContestInput) built from them.
import { localizedText, textFields, textsOf } from "../../kit/localized-text";
import { isoToUtc, utcFromNow, utcToIso } from "../../kit/utc-time";
import type { OperatorContest } from "./types";

/** The customer-facing texts of the form (each a field per language: nameEn, nameKo…). */
export const CONTEST_TEXTS = ["name", "rules"];

export interface ContestFormValues {
  nameEn: string;
  nameZh?: string;
  rulesEn?: string;
  rulesZh?: string;
  [text: `${"name" | "rules"}${string}`]: string | undefined;
  startAt: string;
  endAt: string;
  entryStart: string;
  entryEnd: string;
  prize: string;
  prizeSplit: string[];
  entryFunds: string;
  symbols: string[];
  /** Closed contest trades an entry needs to be ranked for prizes. */
  minClosedTrades: number;
  /** A prize needs a positive yield. */
  prizeNeedsProfit: boolean;
}

/** The API body (ContestInput), keeping texts in languages the form does not edit. */
export function contestBody(v: ContestFormValues, current: OperatorContest | null) {
  const rules = localizedText(current?.rules, textsOf(v, "rules"));
  return {
    name: localizedText(current?.name, textsOf(v, "name")),
    ...(rules["en-us"] ? { rules } : {}),
    startAt: utcToIso(v.startAt),
    endAt: utcToIso(v.endAt),
    entryStart: utcToIso(v.entryStart),
    entryEnd: utcToIso(v.entryEnd),
    prize: v.prize.trim(),
    prizeSplit: v.prizeSplit.map((s) => s.trim()),
    entryFunds: v.entryFunds.trim(),
    symbols: v.symbols.map((s) => s.trim().toUpperCase()),
    minClosedTrades: Number(v.minClosedTrades ?? 1),
    prizeNeedsProfit: v.prizeNeedsProfit !== false,
  };
}

/** The form's values: the contest being edited, or a new contest's defaults. */
export function contestValues(c: OperatorContest | null): Partial<ContestFormValues> {
  if (!c) {
    return {
      entryStart: utcFromNow({}),
      entryEnd: utcFromNow({ days: 7 }, "day"),
      startAt: utcFromNow({ days: 1 }, "day"),
      endAt: utcFromNow({ days: 8 }, "day"),
      entryFunds: "10000",
      prizeSplit: ["0.5", "0.3", "0.2"],
      symbols: ["BTCUSDT", "ETHUSDT"],
      minClosedTrades: 1,
      prizeNeedsProfit: true,
    };
  }
  return {
    ...textFields("name", c.name),
    ...textFields("rules", c.rules),
    nameEn: c.name["en-us"] ?? "",
    startAt: isoToUtc(c.startAt),
    endAt: isoToUtc(c.endAt),
    entryStart: isoToUtc(c.entryStart),
    entryEnd: isoToUtc(c.entryEnd),
    prize: c.prize,
    prizeSplit: c.prizeSplit,
    entryFunds: c.entryFunds,
    symbols: c.symbols,
    minClosedTrades: c.minClosedTrades ?? 1,
    prizeNeedsProfit: c.prizeNeedsProfit ?? true,
  };
}
