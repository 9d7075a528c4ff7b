// Number and date display helpers, in the app language's conventions (issue 35 §15).
// Numbers truncate (never round) as decimal strings (packages/domain formatAmount); only
// the grouping and decimal symbols are the language's (written out in packages/domain,
// held to Intl by a test), so no amount ever passes through a float. Dates use Intl in the customer's time zone, 24-hour, Gregorian in every
// language (Thai would otherwise count Buddhist-era years in a trading record).
// What a customer types stays "." decimal without grouping (typedAmount; the fields also
// take "," as the decimal mark, lib/trading/amount.ts).
import { LANG_TAGS } from "@candor/contract/i18n";
import {
  localizeNumber as domainLocalizeNumber,
  formatAmount,
  isDecimal,
  moneyPlaces,
  toPercent,
  truncateFixed,
} from "@candor/domain";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { currentLang } from "./i18n";

dayjs.extend(utc);
dayjs.extend(timezone);

/** moneyPlaces: a currency's display precision, the same rule as the console's (domain). */
export { formatAmount, moneyPlaces, toPercent, truncateFixed };

/** The BCP-47 tag of the app's current language (the app codes mlxy, tai… are not tags). */
export function currentTag(): string {
  return LANG_TAGS[currentLang()];
}

/** A number formatted by the app's convention ("-1,234.50") in the language's symbols. */
export function localizeNumber(formatted: string, tag: string = currentTag()): string {
  return domainLocalizeNumber(formatted, tag);
}

/** Amount for display; "--" for missing values. */
export function showAmount(value: string | number | null | undefined, places: number): string {
  if (value === null || value === undefined || value === "") return "--";
  try {
    return localizeNumber(formatAmount(value, places));
  } catch {
    return "--";
  }
}

/** Amount without trailing zeros (limits, prices): "1,000", "0.5"; "--" for missing values. */
export function plainAmount(value: string | null | undefined, maxPlaces = 8): string {
  if (value === null || value === undefined || !isDecimal(value)) return "--";
  const s = formatAmount(value, maxPlaces);
  return localizeNumber(s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);
}

/**
 * An amount the way it is typed into a field: "." decimal, no grouping, no trailing
 * zeros, truncated ("1000.5"); for "max" buttons and the amounts in field placeholders.
 */
export function typedAmount(value: string | null | undefined, maxPlaces = 8): string {
  if (value === null || value === undefined || !isDecimal(value)) return "";
  const s = truncateFixed(value, maxPlaces);
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

/** A ratio as a percentage for display, truncated: "0.0523" → "5.23" (the % sign is the caller's). */
export function showPercent(ratio: string | number, places = 2): string {
  return localizeNumber(toPercent(ratio, places));
}

/** An amount of a currency at that currency's display precision; "--" for missing values. */
export function showMoney(value: string | number | null | undefined, currency: string): string {
  return showAmount(value, moneyPlaces(currency));
}

/**
 * dateTime: date and time to the second; tick: to the millisecond (a tick's time as
 * evidence); date: the calendar day; time: hours and minutes.
 */
export type DateFormat = "dateTime" | "tick" | "date" | "time";

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};
const DATE_OPTIONS: Record<DateFormat, Intl.DateTimeFormatOptions> = {
  dateTime: DATE_TIME,
  tick: { ...DATE_TIME, fractionalSecondDigits: 3 },
  date: { year: "numeric", month: "2-digit", day: "2-digit" },
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
};
const NBSP = "\u00a0";
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(tag: string, format: DateFormat, tz: string): Intl.DateTimeFormat {
  const key = `${tag}|${format}|${tz}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, { ...DATE_OPTIONS[format], calendar: "gregory", timeZone: tz });
    dateFormats.set(key, f);
  }
  return f;
}

/** Intl's parts (time zone and calendar applied) in year-first order, no-break spaced. */
function isoOrder(parts: Intl.DateTimeFormatPart[], format: DateFormat): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${part("year")}-${part("month")}-${part("day")}`;
  const time = `${part("hour")}:${part("minute")}`;
  if (format === "date") return day;
  if (format === "time") return time;
  const seconds = `${day}${NBSP}${time}:${part("second")}`;
  return format === "tick" ? `${seconds}.${part("fractionalSecond")}` : seconds;
}

export function customerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * An ISO-8601 UTC string or epoch ms in the customer's time zone, in the language's
 * order and separators: "2026-11-22 08:25:13" (en, year first), "2026. 11. 22. 08:25:13" (ko),
 * "08:25:13 22/11/2026" (vi), with no-break spaces. "--" for missing or invalid values.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  format: DateFormat = "dateTime",
  tz = customerTimeZone(),
  tag = currentTag(),
): string {
  if (value === null || value === undefined || value === "") return "--";
  const d = dayjs.utc(value);
  if (!d.isValid()) return "--";
  try {
    const formatter = dateFormatter(tag, format, tz);
    // English keeps the app's year-first order (PRODUCT.md: YYYY-MM-DD HH:mm:ss), which reads
    // the same to every English reader; Intl's "en" would give the US month-first 11/22/2026.
    if (tag === "en") return isoOrder(formatter.formatToParts(d.toDate()), format);
    // No-break spaces: a date never wraps inside, in a list or inside a sentence (§13).
    return formatter.format(d.toDate()).replace(/\s/g, NBSP);
  } catch {
    return "--"; // an unknown time zone
  }
}

/** The calendar day of a moment in a time zone as "YYYY-MM-DD" (a key, not for display). */
export function calendarDay(value: string | number | Date, tz = customerTimeZone()): string {
  return dayjs.utc(value).tz(tz).format("YYYY-MM-DD");
}
