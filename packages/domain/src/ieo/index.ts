// The IEO lottery, pure: every applied unit is a ticket (orderId, i); each ticket has a score
// (the server computes HMAC-SHA-256(key = seed, message = "<entriesDigest>:<beacon>:<orderId>:<i>")
// as hex and passes it in as `score`, so this package stays free of node:crypto; the digest of
// the final entries and the beacon fixed after applications closed keep whoever holds the seed
// from knowing, while applying, which tickets will win); tickets sorted ascending by
// score, the first `totalQuantity` win. When the applied units do not exceed totalQuantity
// every order wins in full (no scores needed).
import { type DecimalInput, dec, toMoneyString } from "../money";

export interface IeoEntry {
  orderId: number;
  quantity: number;
}

export interface IeoWinner {
  orderId: number;
  wonQuantity: number;
}

/** What mixes into every ticket's message: fixed only once applications have closed. */
export interface IeoDrawMix {
  /** Lowercase hex SHA-256 of `ieoEntriesText(entries)` (the final entry set). */
  entriesDigest: string;
  /** Lowercase hex SHA-256 of `ieoBeaconText(tick)`: the first BTCUSDT tick recorded after applications closed. */
  beacon: string;
}

/**
 * The message of ticket i of an order, the HMAC input: "<entriesDigest>:<beacon>:<orderId>:<i>"
 * (without `mix`: "<orderId>:<i>", the algorithm of projects drawn before the mix existed).
 */
export const ieoTicketMessage = (orderId: number, i: number, mix?: IeoDrawMix | null) =>
  mix ? `${mix.entriesDigest}:${mix.beacon}:${orderId}:${i}` : `${orderId}:${i}`;

/** The text the entry digest hashes: one "<orderId>:<quantity>" line per entry, ascending orderId, joined by "\n". */
export const ieoEntriesText = (entries: readonly IeoEntry[]) =>
  [...entries]
    .sort((a, b) => a.orderId - b.orderId)
    .map((e) => `${e.orderId}:${e.quantity}`)
    .join("\n");

/** The text the beacon hashes: "<symbol>|<ts as ISO-8601 UTC with ms>|<price as published>". */
export const ieoBeaconText = (tick: { symbol: string; ts: string; price: string }) =>
  `${tick.symbol}|${tick.ts}|${tick.price}`;

/**
 * Winners of a draw: one row per entry (in entry order) with its won units (0 for a lost
 * order). `score(orderId, i)` returns the ticket's lowercase hex score; equal scores are
 * broken by (orderId, i) so the result is deterministic even then (impossible with HMAC).
 */
export function drawWinners(
  entries: readonly IeoEntry[],
  totalQuantity: number,
  score: (orderId: number, i: number) => string,
): IeoWinner[] {
  if (!Number.isSafeInteger(totalQuantity) || totalQuantity < 0) throw new Error("totalQuantity must be ≥ 0");
  const seen = new Set<number>();
  let applied = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.quantity) || e.quantity < 0) throw new Error(`bad quantity for order ${e.orderId}`);
    if (seen.has(e.orderId)) throw new Error(`order ${e.orderId} appears twice`);
    seen.add(e.orderId);
    applied += e.quantity;
  }
  if (applied <= totalQuantity) return entries.map((e) => ({ orderId: e.orderId, wonQuantity: e.quantity }));
  const tickets: { orderId: number; i: number; score: string }[] = [];
  for (const e of entries) {
    for (let i = 0; i < e.quantity; i++) tickets.push({ orderId: e.orderId, i, score: score(e.orderId, i) });
  }
  tickets.sort((a, b) => (a.score < b.score ? -1 : a.score > b.score ? 1 : a.orderId - b.orderId || a.i - b.i));
  const won = new Map<number, number>();
  for (const t of tickets.slice(0, totalQuantity)) won.set(t.orderId, (won.get(t.orderId) ?? 0) + 1);
  return entries.map((e) => ({ orderId: e.orderId, wonQuantity: won.get(e.orderId) ?? 0 }));
}

/** What `quantity` units cost at `price`: price × quantity, exact (the amount a won order pays). */
export function ieoCost(price: DecimalInput, quantity: number): string {
  return toMoneyString(dec(price).mul(quantity));
}
