// Pure helpers of the IEO screens: which milestone a project waits for next (and the
// countdown to it), what a quantity would cost at a price, whether a won order can still
// be paid, and the browser's own check of a published draw: SHA-256 of the seed against
// its hash, and the winners recomputed with the published algorithm (Web Crypto).
import type { IeoOrderStatus, IeoProjectStatus } from "@candor/contract";
import { dec, formatAmount, ieoCost, isDecimal, toMoneyString, truncate } from "@candor/domain";
import { localizeNumber } from "../../lib/format";

export type IeoStatus = IeoProjectStatus;
export type { IeoOrderStatus };

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
  return localizeNumber(formatAmount(value, placesOf(currency)));
}

/** A decimal as typed by the operator, without trailing zeros ("0.50000" → "0.5"); "--" when missing. */
export function plain(value: string | number | null | undefined): string {
  if (value === null || value === undefined || !isDecimal(String(value))) return "--";
  return localizeNumber(formatAmount(String(value), decimalsOf(String(value))));
}

const decimalsOf = (v: string) => dec(v).decimalPlaces();

/** The domain's cost (quantity × price), truncated to the currency's decimals for display; null without a usable price. */
export function costOf(quantity: number, price: string | null | undefined, currency: string): string | null {
  if (!Number.isInteger(quantity) || quantity <= 0 || !price || !isDecimal(price)) return null;
  return toMoneyString(truncate(ieoCost(price, quantity), placesOf(currency)));
}

/** A won order can be paid until the project's payment deadline (business time). */
export function canPay(status: IeoOrderStatus, payEnd: string | null | undefined, nowMs: number): boolean {
  if (status !== "won" || !payEnd) return false;
  const end = Date.parse(payEnd);
  return Number.isFinite(end) && nowMs < end;
}

/** What a customer may still apply for: the server's count when logged in, else the maximum (never below 0). */
export function applyRoom(maxPerCustomer: number, my: { remaining: number } | null | undefined): number {
  return Math.max(0, Math.floor(my ? my.remaining : maxPerCustomer));
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Lower-case hex SHA-256 of a UTF-8 string (Web Crypto); null where the browser offers none (plain HTTP). */
export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return hex(await subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Tickets above this are not recomputed in a phone's browser (the data link has everything). */
export const RECOMPUTE_MAX_TICKETS = 20_000;

/** What every ticket's message mixes in (published with the draw; null for projects drawn before it existed). */
export interface DrawMix {
  entriesDigest: string;
  beacon: string;
}

/**
 * The published draw (packages/contract IEO_DRAW_ALGORITHM), recomputed: every applied unit
 * is a ticket (orderId, i) for i from 0, its message "<entriesDigest>:<beacon>:<orderId>:<i>"
 * (without a mix, the earlier algorithm: "<orderId>:<i>"), scored HMAC-SHA-256(key = the seed's
 * UTF-8 bytes, message) as lower-case hex; tickets sorted ascending by score, the first
 * `totalQuantity` win; an order's won quantity is its number of winning tickets (orders
 * without a win are left out). Null where the browser has no Web Crypto or the draw is too big.
 */
export async function recomputeWinners(
  seed: string,
  entries: { orderId: number; quantity: number }[],
  totalQuantity: number,
  mix: DrawMix | null = null,
): Promise<{ orderId: number; wonQuantity: number }[] | null> {
  const subtle = globalThis.crypto?.subtle;
  const tickets = entries.reduce((n, e) => n + e.quantity, 0);
  if (!subtle || tickets > RECOMPUTE_MAX_TICKETS) return null;
  const key = await subtle.importKey("raw", new TextEncoder().encode(seed), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const prefix = mix ? `${mix.entriesDigest}:${mix.beacon}:` : "";
  const scored: { orderId: number; score: string }[] = [];
  for (const e of entries) {
    for (let i = 0; i < e.quantity; i++) {
      const mac = await subtle.sign("HMAC", key, new TextEncoder().encode(`${prefix}${e.orderId}:${i}`));
      scored.push({ orderId: e.orderId, score: hex(mac) });
    }
  }
  scored.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : 0));
  const won = new Map<number, number>();
  for (const t of scored.slice(0, totalQuantity)) won.set(t.orderId, (won.get(t.orderId) ?? 0) + 1);
  return [...won].map(([orderId, wonQuantity]) => ({ orderId, wonQuantity }));
}

/** The text the entry digest hashes: one "<orderId>:<quantity>" line per entry, ascending orderId. */
export const entriesText = (entries: { orderId: number; quantity: number }[]) =>
  [...entries]
    .sort((a, b) => a.orderId - b.orderId)
    .map((e) => `${e.orderId}:${e.quantity}`)
    .join("\n");

/** The text the beacon hashes: "<symbol>|<ts>|<price>" of the published tick. */
export const beaconText = (tick: { symbol: string; ts: string; price: string }) =>
  `${tick.symbol}|${tick.ts}|${tick.price}`;

/**
 * The published entry digest and beacon checked here: the digest is the SHA-256 of the
 * published entries, and the beacon the SHA-256 of the published BTCUSDT tick recorded after
 * applications closed. True for a draw without them (the earlier algorithm); null without Web Crypto.
 */
export async function checkMix(d: {
  entries: { orderId: number; quantity: number }[];
  entriesDigest?: string | null;
  beacon?: string | null;
  beaconTick?: { symbol: string; ts: string; price: string } | null;
  applicationsClosedAt?: string | null;
}): Promise<boolean | null> {
  if (!d.entriesDigest && !d.beacon) return true;
  if (!d.entriesDigest || !d.beacon || !d.beaconTick) return false;
  const digest = await sha256Hex(entriesText(d.entries));
  const beacon = await sha256Hex(beaconText(d.beaconTick));
  if (digest === null || beacon === null) return null;
  const afterClose = !d.applicationsClosedAt || Date.parse(d.beaconTick.ts) > Date.parse(d.applicationsClosedAt);
  return digest === d.entriesDigest.toLowerCase() && beacon === d.beacon.toLowerCase() && afterClose;
}

/** Same winners, whatever the order of the lists. */
export function sameWinners(
  a: { orderId: number; wonQuantity: number }[],
  b: { orderId: number; wonQuantity: number }[],
): boolean {
  const key = (l: typeof a) =>
    l
      .filter((w) => w.wonQuantity > 0)
      .map((w) => `${w.orderId}:${w.wonQuantity}`)
      .sort()
      .join(",");
  return key(a) === key(b);
}
