// Row → contract shapes for contests and entries (statuses from the business clock).

import type {
  ContestDetail,
  ContestEntryRecord,
  ContestStatus,
  ContestSummary,
  Lang,
  OperatorContest,
} from "@candor/contract";
import { ContestStatuses } from "@candor/contract";
import {
  contestProfits,
  contestStatusAt,
  contestYieldRate,
  insideEntryWindow,
  prizeAmounts,
  toMoneyString,
} from "@candor/domain";
import { and, eq, gt, lte, ne, or, type SQL } from "drizzle-orm";
import { type ContestEntryRow, type ContestRow, contests } from "./schema";

export const localize = (text: Record<string, string> | null | undefined, lang: Lang): string =>
  text?.[lang] ?? text?.["en-us"] ?? "";

/** The contest's status now: -2 once ended (stored) or past endAt, else from the clock. */
export function statusOf(row: Pick<ContestRow, "status" | "startAt" | "endAt">, now: Date): 0 | 1 | -2 {
  if (row.status === ContestStatuses.ended) return -2;
  return contestStatusAt(now, row.startAt, row.endAt);
}

/** An entry's status now: exited/ended as stored; a live entry follows its contest. */
export function entryStatusOf(entry: Pick<ContestEntryRow, "status">, contest: ContestRow, now: Date): ContestStatus {
  if (entry.status === ContestStatuses.exited || entry.status === ContestStatuses.ended) return entry.status;
  return statusOf(contest, now);
}

export function toSummary(
  row: ContestRow,
  entrants: number,
  myStatus: ContestStatus | null,
  lang: Lang,
  now: Date,
): ContestSummary {
  const status = statusOf(row, now);
  return {
    id: row.id,
    name: localize(row.name, lang),
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    prize: toMoneyString(row.prize),
    entryFunds: toMoneyString(row.entryFunds),
    currency: row.currency,
    entrants,
    status,
    entryStart: row.entryStart.toISOString(),
    entryEnd: row.entryEnd.toISOString(),
    prizeCurrency: "USDT",
    joinable: status !== ContestStatuses.ended && insideEntryWindow(now, row.entryStart, row.entryEnd, row.endAt),
    myStatus,
  };
}

export function toDetail(
  row: ContestRow,
  entrants: number,
  myEntry: ContestDetail["myEntry"],
  lang: Lang,
  now: Date,
): ContestDetail {
  return {
    ...toSummary(row, entrants, myEntry?.status ?? null, lang, now),
    rules: localize(row.rules, lang),
    symbols: row.symbols,
    prizeSplit: row.prizeSplit.map((s) => toMoneyString(s)),
    prizes: prizeAmounts(row.prize, row.prizeSplit),
    minClosedTrades: row.minClosedTrades,
    prizeNeedsProfit: row.prizeNeedsProfit,
    myEntry,
  };
}

export function toOperatorContest(row: ContestRow, entrants: number, now: Date): OperatorContest {
  return {
    id: row.id,
    name: row.name,
    rules: row.rules,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    entryStart: row.entryStart.toISOString(),
    entryEnd: row.entryEnd.toISOString(),
    prize: toMoneyString(row.prize),
    prizeSplit: row.prizeSplit.map((s) => toMoneyString(s)),
    entryFunds: toMoneyString(row.entryFunds),
    currency: row.currency,
    symbols: row.symbols,
    minClosedTrades: row.minClosedTrades,
    prizeNeedsProfit: row.prizeNeedsProfit,
    status: statusOf(row, now),
    entrants,
    prizesPaid: toMoneyString(row.prizesPaid),
    endedAt: row.endedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An entry's record; `equity` is live (running) or the stored final figure. */
export function toEntryRecord(
  entry: ContestEntryRow,
  contest: ContestRow,
  equity: string,
  rank: number | null,
  lang: Lang,
  now: Date,
): ContestEntryRecord {
  const profits = contestProfits(equity, entry.entryFunds, entry.dayEquity);
  return {
    contestId: contest.id,
    name: localize(contest.name, lang),
    entryTime: entry.joinedAt.toISOString(),
    rank,
    yieldRate: contestYieldRate(equity, entry.entryFunds),
    exitTime: entry.exitedAt?.toISOString() ?? null,
    dailyProfit: profits.dailyProfit,
    totalProfit: profits.totalProfit,
    totalYieldRate: profits.totalYieldRate,
    status: entryStatusOf(entry, contest, now),
    entryId: entry.id,
    equity: toMoneyString(equity),
    entryFunds: toMoneyString(entry.entryFunds),
    currency: contest.currency,
    startAt: contest.startAt.toISOString(),
    endAt: contest.endAt.toISOString(),
    prizePaid: entry.prize === null ? null : toMoneyString(entry.prize),
  };
}

/** SQL filter for a contest status at `now` (-2 ended, 1 in progress, 0 to start). */
export function contestStatusFilter(status: number | undefined, now: Date): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === ContestStatuses.ended) return or(eq(contests.status, ContestStatuses.ended), lte(contests.endAt, now));
  if (status === ContestStatuses.running)
    return and(ne(contests.status, ContestStatuses.ended), lte(contests.startAt, now), gt(contests.endAt, now));
  if (status === ContestStatuses.upcoming)
    return and(ne(contests.status, ContestStatuses.ended), gt(contests.startAt, now));
  return undefined;
}
