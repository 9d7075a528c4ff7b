// Trading contests as pure functions: an entry's equity and yield, the ranking (the hot
// path, on plain numbers: 10,000 entries are re-ranked after every tick of an eligible
// symbol), the live unrealised P&L of a contest position, and the prize split by rank.
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";

/** Places of contest money (CUSDT) and prizes (USDT). */
export const CONTEST_PLACES = 8;

/**
 * Equity of an entry = available contest money + margin of open positions + their
 * unrealised P&L (what closing now would realise) + value of spot holdings bought with
 * contest money.
 */
export function contestEquity(parts: {
  available: DecimalInput;
  margin: DecimalInput;
  unrealisedPnl: DecimalInput;
  spotValue?: DecimalInput;
}): string {
  return toMoneyString(
    dec(parts.available)
      .plus(parts.margin)
      .plus(parts.unrealisedPnl)
      .plus(parts.spotValue ?? 0)
      .toDecimalPlaces(CONTEST_PLACES, Decimal.ROUND_DOWN),
  );
}

/** yieldRate = (equity − entryFunds) / entryFunds, 8 places (rounded toward zero). */
export function contestYieldRate(equity: DecimalInput, entryFunds: DecimalInput): string {
  const funds = dec(entryFunds);
  if (funds.lte(0)) return "0";
  return toMoneyString(dec(equity).minus(funds).div(funds).toDecimalPlaces(CONTEST_PLACES, Decimal.ROUND_DOWN));
}

/** totalProfit = equity − entryFunds; dailyProfit = equity − equity at the last 00:00 UTC snapshot. */
export function contestProfits(equity: DecimalInput, entryFunds: DecimalInput, dayEquity: DecimalInput) {
  return {
    totalProfit: toMoneyString(dec(equity).minus(entryFunds)),
    dailyProfit: toMoneyString(dec(equity).minus(dayEquity)),
    totalYieldRate: contestYieldRate(equity, entryFunds),
  };
}

/**
 * Unrealised P&L of an open position as a float (ranking hot path): gross P&L at the exit
 * price minus the closing fee, never below −margin — the float twin of settlePosition.
 */
export function livePnl(
  direction: "long" | "short",
  quantity: number,
  openPrice: number,
  margin: number,
  exitPrice: number,
  closeFeeRate: number,
): number {
  const gross = direction === "long" ? (exitPrice - openPrice) * quantity : (openPrice - exitPrice) * quantity;
  const fee = quantity * exitPrice * closeFeeRate;
  return Math.max(gross - fee, -margin);
}

export interface RankInput {
  /** Entry id: the tie-breaker (earlier entry first). */
  id: number;
  yieldRate: number;
}

/**
 * Ranks 1..n by yield rate, highest first; equal yields rank by the earlier entry (lower
 * id), so every rank is distinct and stable. Returns the entries in rank order (a new
 * array; the input is not changed).
 */
export function rankByYield<T extends RankInput>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.yieldRate - a.yieldRate || a.id - b.id);
}

/** In place (the hot path reuses one array between ticks, mostly sorted already). */
export function rankByYieldInPlace<T extends RankInput>(entries: T[]): T[] {
  return entries.sort((a, b) => b.yieldRate - a.yieldRate || a.id - b.id);
}

/** Problems with a prize split: empty, a share ≤ 0, or shares adding up to more than 1. */
export function prizeSplitProblem(split: readonly DecimalInput[]): "empty" | "notPositive" | "overOne" | null {
  if (split.length === 0) return "empty";
  let sum = dec(0);
  for (const share of split) {
    if (!dec(share).gt(0)) return "notPositive";
    sum = sum.plus(share);
  }
  return sum.gt(1) ? "overOne" : null;
}

/**
 * The prize each rank receives: prize × share, rounded down to `places` (what rounding
 * leaves stays with the platform). Ranks without an entrant receive nothing; the caller
 * pays only ranks that exist.
 */
export function prizeAmounts(
  prize: DecimalInput,
  split: readonly DecimalInput[],
  places = CONTEST_PLACES,
): Array<{ rank: number; share: string; amount: string }> {
  return split.map((share, i) => ({
    rank: i + 1,
    share: toMoneyString(share),
    amount: toMoneyString(dec(prize).mul(share).toDecimalPlaces(places, Decimal.ROUND_DOWN)),
  }));
}

/** Who may win a prize (set by the operator, shown to customers before they join). */
export interface PrizeRules {
  /** Closed contest trades an entry needs to be ranked for prizes (≥ 1). */
  minClosedTrades: number;
  /** A prize needs a yield above 0. */
  needsProfit: boolean;
}

export const DEFAULT_PRIZE_RULES: PrizeRules = { minClosedTrades: 1, needsProfit: true };

export interface FinalEntry {
  /** Entry id: the tie-breaker (earlier entry first). */
  id: number;
  yieldRate: DecimalInput;
  closedTrades: number;
}

export interface FinalRank<T> {
  entry: T;
  rank: number;
  /** Ranked for prizes (enough closed trades). */
  qualified: boolean;
  /** The prize it receives, null when none. */
  prize: string | null;
}

/**
 * The final ranking of a contest and its prizes (issue "Money that cannot be gamed", item
 * 2: an entry that never traded keeps yield 0 and would outrank every trader who lost a
 * little). Entries with at least `minClosedTrades` closed trades rank first, by exact yield
 * (ties: earlier entry); the others rank after them in the same order and win nothing.
 * Rank r among the qualified receives `amounts[r − 1]`, only when its yield is above 0 if
 * `needsProfit`; a prize nobody qualifies for stays with the platform.
 */
export function finalRanking<T extends FinalEntry>(
  entries: readonly T[],
  rules: PrizeRules,
  amounts: readonly DecimalInput[],
): Array<FinalRank<T>> {
  const byYield = (a: T, b: T) => dec(b.yieldRate).comparedTo(dec(a.yieldRate)) || a.id - b.id;
  const min = Math.max(1, rules.minClosedTrades);
  const qualified = entries.filter((e) => e.closedTrades >= min).sort(byYield);
  const others = entries.filter((e) => e.closedTrades < min).sort(byYield);
  return [...qualified, ...others].map((entry, i) => {
    const isQualified = i < qualified.length;
    const amount = isQualified ? amounts[i] : undefined;
    const earns = amount !== undefined && dec(amount).gt(0) && (!rules.needsProfit || dec(entry.yieldRate).gt(0));
    return { entry, rank: i + 1, qualified: isQualified, prize: earns ? toMoneyString(amount) : null };
  });
}

/** Contest status at a time: 0 before startAt, 1 from startAt to endAt, -2 from endAt. */
export function contestStatusAt(now: Date, startAt: Date, endAt: Date): 0 | 1 | -2 {
  if (now.getTime() >= endAt.getTime()) return -2;
  if (now.getTime() >= startAt.getTime()) return 1;
  return 0;
}

/** Joining is allowed from entryStart (inclusive) to entryEnd (exclusive), and never after endAt. */
export function insideEntryWindow(now: Date, entryStart: Date, entryEnd: Date, endAt: Date): boolean {
  const t = now.getTime();
  return t >= entryStart.getTime() && t < entryEnd.getTime() && t < endAt.getTime();
}
