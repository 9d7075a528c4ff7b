// Display helpers: times in the staff member's zone (YYYY-MM-DD HH:mm:ss), ages in hours,
// amounts at their currency's decimal places (the domain's display precision).
import { formatAmount, isDecimal, moneyPlaces } from "@candor/domain";
import dayjs from "dayjs";

export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format("YYYY-MM-DD HH:mm:ss") : "—");

/** Whole hours since `iso` (for queue ages). */
export const hoursSince = (iso: string, now = Date.now()) =>
  Math.max(0, Math.floor((now - Date.parse(iso)) / 3_600_000));

/** "1,234.50" for USDT, "0.12345678" for BTC: truncated to the currency's places, grouped. */
export const money = (value: string | null | undefined, currency: string) =>
  value !== null && value !== undefined && isDecimal(value) ? formatAmount(value, moneyPlaces(currency)) : "—";

/** The amount with its currency: "1,234.50 USDT". */
export const moneyWith = (value: string | null | undefined, currency: string) =>
  `${money(value, currency)} ${currency}`;

/** Whether a decimal string is zero ("0", "0.00", "-0"). */
export const isZero = (value: string) => /^-?0*(\.0*)?$/.test(value.trim());
