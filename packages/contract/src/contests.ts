// Trading contests (docs/contract.md "Contests"): customers join with virtual contest money
// (CUSDT in their `contest` ledger account, granted from the treasury at join and returned
// at exit or end — never real money at risk), trade futures and spot with
// `mode: "contest"` + `contestId`, are ranked live by yield rate, and the winners are paid
// real USDT prizes from the platform's rewards account when the contest ends.
//
// Keeping contest money apart: a customer has at most ONE running entry at a time (joining
// a second contest while one is running → 409, disclosed in the join dialog), so the
// customer's CUSDT `contest` account and CUSDT `margin` account belong to that one entry.
// Pinned fields first in each shape, then ours.
import { isDecimal, prizeSplitProblem } from "@candor/domain";
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { LocalizedText } from "./earn";
import { SymbolCode } from "./market";
import { ContestStatuses } from "./statuses";

/** The virtual currency of contest money. */
export const CONTEST_CURRENCY = "CUSDT";

/**
 * Contest status (list, detail): 1 in progress, 0 to start, -2 ended.
 * Entry status (myEntries, detail.myEntry): 1 running, 0 joined (contest not started yet),
 * -2 ended (contest over, result frozen), -3 exited (left early; result kept).
 */
export const ContestStatus = z.union([z.literal(1), z.literal(0), z.literal(-2), z.literal(-3)]);
export type ContestStatus = z.infer<typeof ContestStatus>;

export const ContestListQuery = PageQuery.extend({
  /** 1 in progress, 0 to start, -2 ended, -3 contests I exited; omitted: all. */
  status: z.coerce
    .number()
    .int()
    .refine((v) => [1, 0, -2, -3].includes(v), { message: "status must be 1, 0, -2 or -3" })
    .optional(),
});
export type ContestListQuery = z.infer<typeof ContestListQuery>;

export const ContestSummary = z.object({
  id: z.number().int(),
  /** In the request's language. */
  name: z.string(),
  startAt: IsoDate,
  endAt: IsoDate,
  /** Prize pool, real USDT. */
  prize: DecimalString,
  /** Virtual contest money each entrant trades with. */
  entryFunds: DecimalString,
  /** Currency of entryFunds ("CUSDT"). */
  currency: z.string(),
  entrants: z.number().int(),
  status: ContestStatus,
  // ours
  entryStart: IsoDate,
  entryEnd: IsoDate,
  /** Currency of the prize ("USDT"). */
  prizeCurrency: z.string(),
  /** Whether joining is possible now (inside the entry window, not ended). */
  joinable: z.boolean(),
  /** My entry's status in this contest, null when I have not joined (or not signed in). */
  myStatus: ContestStatus.nullable(),
});
export type ContestSummary = z.infer<typeof ContestSummary>;

export const ContestIdQuery = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export type ContestIdQuery = z.infer<typeof ContestIdQuery>;

/** Share of the prize pool by rank: prizeSplit[0] for rank 1 … (fractions, sum ≤ 1). */
export const ContestPrizeRank = z.object({ rank: z.number().int(), share: DecimalString, amount: DecimalString });
export type ContestPrizeRank = z.infer<typeof ContestPrizeRank>;

export const ContestMyEntry = z.object({
  entryId: z.number().int(),
  status: ContestStatus,
  entryTime: IsoDate,
  exitTime: IsoDate.nullable(),
  /** Live rank while running, final rank once ended/exited (null before any ranking). */
  rank: z.number().int().nullable(),
  yieldRate: DecimalString,
  /** Contest money now: available + margin + unrealised P&L (+ spot holdings' value). */
  equity: DecimalString,
  /** Available contest money (CUSDT). */
  available: DecimalString,
  /** Prize paid in USDT (ended contests), null when none. */
  prizePaid: DecimalString.nullable(),
});
export type ContestMyEntry = z.infer<typeof ContestMyEntry>;

export const ContestDetail = ContestSummary.extend({
  /** Rules text in the request's language. */
  rules: z.string(),
  /** Symbols that can be traded with this contest's money. */
  symbols: z.array(z.string()),
  /** Prize split as fractions (sum ≤ 1) and the amount each rank receives. */
  prizeSplit: z.array(DecimalString),
  prizes: z.array(ContestPrizeRank),
  /** Only entries with at least this many closed contest trades are ranked for prizes. */
  minClosedTrades: z.number().int(),
  /** A prize needs a yield above 0 (else a qualified entry's prize stays unpaid). */
  prizeNeedsProfit: z.boolean(),
  myEntry: ContestMyEntry.nullable(),
});
export type ContestDetail = z.infer<typeof ContestDetail>;

export const ContestJoinBody = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export type ContestJoinBody = z.infer<typeof ContestJoinBody>;
export const ContestJoinResult = z.object({
  entryId: z.number().int(),
  // ours
  status: ContestStatus,
  available: DecimalString,
  currency: z.string(),
});
export type ContestJoinResult = z.infer<typeof ContestJoinResult>;

export const ContestExitBody = ContestJoinBody;
export type ContestExitBody = z.infer<typeof ContestExitBody>;
export const ContestExitResult = z.object({
  entryId: z.number().int(),
  status: z.literal(-3),
  exitTime: IsoDate,
  /** Final equity, yield and rank kept for the record. */
  equity: DecimalString,
  yieldRate: DecimalString,
  rank: z.number().int().nullable(),
  /** Contest positions closed at market by the exit. */
  closedPositions: z.number().int(),
});
export type ContestExitResult = z.infer<typeof ContestExitResult>;

export const ContestMyEntriesQuery = PageQuery.extend({
  status: z.coerce
    .number()
    .int()
    .refine((v) => [1, 0, -2, -3].includes(v), { message: "status must be 1, 0, -2 or -3" })
    .optional(),
});
export type ContestMyEntriesQuery = z.infer<typeof ContestMyEntriesQuery>;

export const ContestEntryRecord = z.object({
  contestId: z.number().int(),
  name: z.string(),
  entryTime: IsoDate,
  rank: z.number().int().nullable(),
  yieldRate: DecimalString,
  exitTime: IsoDate.nullable(),
  /** equity now − equity at the last 00:00 UTC snapshot (or at entry, if later). */
  dailyProfit: DecimalString,
  /** equity − entryFunds. */
  totalProfit: DecimalString,
  /** totalProfit / entryFunds. */
  totalYieldRate: DecimalString,
  status: ContestStatus,
  // ours
  entryId: z.number().int(),
  equity: DecimalString,
  entryFunds: DecimalString,
  currency: z.string(),
  startAt: IsoDate,
  endAt: IsoDate,
  prizePaid: DecimalString.nullable(),
});
export type ContestEntryRecord = z.infer<typeof ContestEntryRecord>;

export const ContestRankingQuery = PageQuery.extend({ id: z.coerce.number().int().positive().max(2147483647) });
export type ContestRankingQuery = z.infer<typeof ContestRankingQuery>;

export const ContestRankingRecord = z.object({
  rank: z.number().int(),
  /** Masked nickname (never an e-mail). */
  nickname: z.string(),
  yieldRate: DecimalString,
  // ours
  /** True on the caller's own row. */
  me: z.boolean(),
  /**
   * The contest's status (1 live ranking, -2 frozen final ranking). Exited entries are not
   * ranked (no prize); their own record (myEntries) keeps the rank they had when they left.
   */
  status: ContestStatus,
});
export type ContestRankingRecord = z.infer<typeof ContestRankingRecord>;

/** The caller's contest trading account (the contest trading view). */
export const ContestAccount = z.object({
  contestId: z.number().int(),
  entryId: z.number().int(),
  status: ContestStatus,
  currency: z.string(),
  available: DecimalString,
  /** CUSDT in open contest positions. */
  margin: DecimalString,
  unrealisedPnl: DecimalString,
  /** Value at the live price of base currencies bought with contest money in spot. */
  spotValue: DecimalString,
  equity: DecimalString,
  entryFunds: DecimalString,
  yieldRate: DecimalString,
  rank: z.number().int().nullable(),
  symbols: z.array(z.string()),
});
export type ContestAccount = z.infer<typeof ContestAccount>;

// ── Operator ─────────────────────────────────────────────────────────────────────────

export const ContestPrizeSplit = z
  .array(PositiveDecimalInput)
  .min(1)
  .max(100)
  .refine((parts) => parts.every((p) => isDecimal(p)) && prizeSplitProblem(parts) !== "overOne", {
    message: "the prize split must add up to at most 1",
  });

export const ContestInput = z
  .object({
    name: LocalizedText,
    rules: LocalizedText.optional(),
    startAt: IsoDate,
    endAt: IsoDate,
    entryStart: IsoDate,
    entryEnd: IsoDate,
    /** Prize pool in real USDT, paid from the platform's rewards account. */
    prize: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine((v) => /^\d+(\.\d{1,8})?$/.test(v), { message: "must be a decimal number ≥ 0" }),
    prizeSplit: ContestPrizeSplit,
    /** Virtual CUSDT each entrant receives (default 10,000). */
    entryFunds: PositiveDecimalInput.default("10000"),
    symbols: z.array(SymbolCode).min(1).max(200),
    /** Closed contest trades an entry needs to be ranked for prizes (default 1). */
    minClosedTrades: z.coerce.number().int().min(1).max(10000).default(1),
    /** A prize needs a yield above 0 (default true). */
    prizeNeedsProfit: z.boolean().default(true),
  })
  .refine((c) => Date.parse(c.startAt) < Date.parse(c.endAt), {
    message: "endAt must be after startAt",
    path: ["endAt"],
  })
  .refine((c) => Date.parse(c.entryStart) < Date.parse(c.entryEnd), {
    message: "entryEnd must be after entryStart",
    path: ["entryEnd"],
  })
  .refine((c) => Date.parse(c.entryEnd) <= Date.parse(c.endAt), {
    message: "entryEnd must not be after endAt",
    path: ["entryEnd"],
  });
export type ContestInput = z.infer<typeof ContestInput>;

export const ContestUpdateBody = z.object({
  id: z.coerce.number().int().positive().max(2147483647),
  contest: ContestInput,
});
export type ContestUpdateBody = z.infer<typeof ContestUpdateBody>;

export const OperatorContestListQuery = PageQuery.extend({
  status: z.coerce
    .number()
    .int()
    .refine((v) => [1, 0, -2].includes(v), { message: "status must be 1, 0 or -2" })
    .optional(),
});
export type OperatorContestListQuery = z.infer<typeof OperatorContestListQuery>;

export const OperatorContest = z.object({
  id: z.number().int(),
  name: LocalizedText,
  /** Per language; {} when the contest has no rules text. */
  rules: z.record(z.string(), z.string()),
  startAt: IsoDate,
  endAt: IsoDate,
  entryStart: IsoDate,
  entryEnd: IsoDate,
  prize: DecimalString,
  prizeSplit: z.array(DecimalString),
  entryFunds: DecimalString,
  currency: z.string(),
  symbols: z.array(z.string()),
  /** Closed contest trades an entry needs to be ranked for prizes. */
  minClosedTrades: z.number().int(),
  /** A prize needs a yield above 0. */
  prizeNeedsProfit: z.boolean(),
  status: ContestStatus,
  entrants: z.number().int(),
  /** USDT paid in prizes so far (after the end). */
  prizesPaid: DecimalString,
  endedAt: IsoDate.nullable(),
  createdAt: IsoDate,
});
export type OperatorContest = z.infer<typeof OperatorContest>;

export const OperatorContestEntriesQuery = PageQuery.extend({ id: z.coerce.number().int().positive().max(2147483647) });
export type OperatorContestEntriesQuery = z.infer<typeof OperatorContestEntriesQuery>;

export const OperatorContestEntry = z.object({
  entryId: z.number().int(),
  userId: z.number().int(),
  /** Masked nickname (finance views never need the e-mail). */
  nickname: z.string(),
  status: ContestStatus,
  entryTime: IsoDate,
  exitTime: IsoDate.nullable(),
  rank: z.number().int().nullable(),
  equity: DecimalString,
  yieldRate: DecimalString,
  dailyProfit: DecimalString,
  totalProfit: DecimalString,
  prizePaid: DecimalString.nullable(),
  /** Ledger transfer id of the prize payment. */
  prizeTransferId: z.number().int().nullable(),
});
export type OperatorContestEntry = z.infer<typeof OperatorContestEntry>;

// ── Routes ───────────────────────────────────────────────────────────────────────────

// Paths: ./paths/contests.ts; endpoints (method, auth, shapes): ./endpoints/contests.ts.

/*
 * Customer (pinned + ours):
 *   GET  /api/contest/list?status=&pageNo&pageSize   → page of ContestSummary (public; myStatus when signed in)
 *   GET  /api/contest/detail?id=                     → ContestDetail (public; myEntry when signed in)
 *   POST /api/contest/join  {id}                     → ContestJoinResult (409 outside the entry window,
 *                                                      twice, or while another entry of mine is running)
 *   POST /api/contest/exit  {id}                     → ContestExitResult (404 when I have no running entry)
 *   GET  /api/contest/myEntries?status=              → page of ContestEntryRecord
 *   GET  /api/contest/ranking?id=&pageNo&pageSize    → page of ContestRankingRecord (public)
 *   GET  /api/contest/account?id=                    → ContestAccount (404 without an entry)
 * Trading with contest money: futures open/preview/list/summary and spot order/list take
 *   mode "contest" + contestId; a missing/unknown contestId, a contest without my running
 *   entry, or a symbol the contest does not list → 400.
 * Operator (roles in the authz matrix):
 *   GET  /api/operator/contests/list?status=         → page of OperatorContest
 *   POST /api/operator/contests/create ContestInput  → OperatorContest
 *   POST /api/operator/contests/update {id, contest} → OperatorContest (before startAt only, else 409)
 *   GET  /api/operator/contests/entries?id=          → page of OperatorContestEntry (ranked)
 */

// The named statuses (./statuses.ts) are values of this enum.
const _ContestStatusesCheck: Record<string, ContestStatus> = ContestStatuses;
void _ContestStatusesCheck;
