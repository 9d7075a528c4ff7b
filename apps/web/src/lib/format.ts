// Number and date display helpers. Numbers truncate (never round) to the given
// decimals with thousands separators; dates use the customer's time zone.
import { formatAmount, isDecimal, moneyPlaces, toPercent, truncateFixed } from "@candor/domain";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/** moneyPlaces: a currency's display precision, the same rule as the console's (domain). */
export { formatAmount, moneyPlaces, toPercent, truncateFixed };

/** Amount for display; "--" for missing values. */
export function showAmount(value: string | number | null | undefined, places: number): string {
  if (value === null || value === undefined || value === "") return "--";
  try {
    return formatAmount(value, places);
  } catch {
    return "--";
  }
}

/** Amount without trailing zeros (limits, prices): "1,000", "0.5"; "--" for missing values. */
export function plainAmount(value: string | null | undefined, maxPlaces = 8): string {
  if (value === null || value === undefined || !isDecimal(value)) return "--";
  const s = formatAmount(value, maxPlaces);
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

/** An amount of a currency at that currency's display precision; "--" for missing values. */
export function showMoney(value: string | number | null | undefined, currency: string): string {
  return showAmount(value, moneyPlaces(currency));
}

export const DATE_FORMATS = {
  /** 21/11/2026 23:25:13 */
  dayFirst: "DD/MM/YYYY HH:mm:ss",
  /** 2026-11-21 23:25:13 */
  iso: "YYYY-MM-DD HH:mm:ss",
  /** 2026-11-21 */
  date: "YYYY-MM-DD",
} as const;
export type DateFormat = keyof typeof DATE_FORMATS;

export function customerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Format an ISO-8601 UTC string or epoch ms in the customer's time zone. */
export function formatDate(
  value: string | number | Date | null | undefined,
  format: DateFormat = "iso",
  tz = customerTimeZone(),
): string {
  if (value === null || value === undefined || value === "") return "--";
  const d = dayjs.utc(value);
  if (!d.isValid()) return "--";
  return d.tz(tz).format(DATE_FORMATS[format]);
}
