// Pure helpers of the IEO screens: which milestone a project waits for next (and the
// countdown to it), what a quantity would cost at a price, whether a won order can still
// be paid, and the SHA-256 check of a published seed against its hash.
import { dec, formatAmount, isDecimal, truncate } from "@candor/domain";

export const IEO_STATUSES = ["upcoming", "issuing", "drawing", "paying", "completed", "listed"] as const;
export type IeoStatus = (typeof IEO_STATUSES)[number];

export const IEO_ORDER_STATUSES = ["applied", "won", "lost", "paid", "expired", "delivered"] as const;
export type IeoOrderStatus = (typeof IEO_ORDER_STATUSES)[number];

/** The dates of a project that matter to a milestone. */
export interface IeoDates {
  status: IeoStatus;
  applyStart: string;
  applyEnd: string;
  drawAt: string;
  payEnd: string;
  listAt: string;
}

export type Milestone = "applyStart" | "applyEnd" | "drawAt" | "payEnd" | "listAt";

/**
 * The next milestone of a project in this status: upcoming → applications open,
 * issuing → applications close, drawing → the draw, paying → the payment deadline,
 * completed → the listing; a listed project has none.
 */
export function nextMilestone(p: IeoDates): { key: Milestone; at: string } | null {
  const key: Milestone | null =
    p.status === "upcoming"
      ? "applyStart"
      : p.status === "issuing"
        ? "applyEnd"
        : p.status === "drawing"
          ? "drawAt"
          : p.status === "paying"
            ? "payEnd"
            : p.status === "completed"
              ? "listAt"
              : null;
  return key ? { key, at: p[key] } : null;
}

/** Milliseconds → "2d 03:04:05" / "03:04:05"; 0 and below show "00:00:00". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, "0");
  const hms = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return days > 0 ? `${days}d ${hms}` : hms;
}

/** Decimals an amount in this currency shows (dollar-like 2, others 8). */
export function placesOf(currency: string): number {
  return ["USDT", "USDC", "USD"].includes(currency.toUpperCase()) ? 2 : 8;
}

/** An amount for display, truncated to the currency's decimals; "--" when missing. */
export function money(value: string | null | undefined, currency: string): string {
  if (value === null || value === undefined || !isDecimal(value)) return "--";
  return formatAmount(value, placesOf(currency));
}

/** A decimal as typed by the operator, without trailing zeros ("0.50000" → "0.5"); "--" when missing. */
export function plain(value: string | null | undefined): string {
  if (value === null || value === undefined || !isDecimal(value)) return "--";
  return dec(value).toFixed();
}

/** quantity × price, truncated to the currency's decimals; null without a usable price. */
export function costOf(quantity: number, price: string | null | undefined, currency: string): string | null {
  if (!Number.isInteger(quantity) || quantity <= 0 || !price || !isDecimal(price)) return null;
  return truncate(dec(price).mul(quantity), placesOf(currency)).toFixed();
}

/** A won order can be paid until the project's payment deadline (business time). */
export function canPay(status: IeoOrderStatus, payEnd: string | null | undefined, nowMs: number): boolean {
  if (status !== "won" || !payEnd) return false;
  const end = Date.parse(payEnd);
  return Number.isFinite(end) && nowMs < end;
}

/** The quantities a customer may still apply for: 1 … max − already applied (never below 0). */
export function applyRoom(maxPerCustomer: string | number, alreadyApplied: number): number {
  const max = Math.floor(Number(maxPerCustomer));
  if (!Number.isFinite(max)) return 0;
  return Math.max(0, max - alreadyApplied);
}

/** Lower-case hex SHA-256 of a UTF-8 string (Web Crypto); null where the browser offers none (plain HTTP). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
