// Server data of Contests (CONTRACT.md "Contests"): the list by status, one contest, its
// live ranking, my entries, joining and exiting. Trading in a contest goes through the
// futures endpoints with `mode: "contest"` and the contest id (features/contracts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The customer endpoints, spelled out here so this chunk does not pull the contract's zod schemas. */
export const ContestRoutes = {
  list: "/api/contest/list",
  detail: "/api/contest/detail",
  join: "/api/contest/join",
  exit: "/api/contest/exit",
  myEntries: "/api/contest/myEntries",
  ranking: "/api/contest/ranking",
  account: "/api/contest/account",
} as const;

/** 1 in progress, 0 to start, -2 ended; -3 is an entry's "exited". */
export type ContestStatus = 1 | 0 | -2 | -3;

/** A contest in the list (pinned). */
export interface ContestSummary {
  id: number;
  name: string;
  startAt: string;
  endAt: string;
  /** The prize pool, paid in real `currency` (USDT) to the ranks it is split over. */
  prize: string;
  /** The virtual contest money every entrant trades with. */
  entryFunds: string;
  /** Currency of entryFunds (CUSDT). */
  currency: string;
  entrants: number;
  status: ContestStatus;
  // Not pinned: the partner server's additions (packages/contract/src/contests.ts), read when sent.
  entryStart?: string;
  entryEnd?: string;
  /** Currency of the prize (real USDT). */
  prizeCurrency?: string;
  /** Joining is possible now (inside the entry window, not ended). */
  joinable?: boolean;
  /** My entry's status, null when I have not joined. */
  myStatus?: ContestStatus | null;
}

/** My entry as the detail shows it. */
export interface ContestMyEntry {
  entryId: number;
  status: ContestStatus;
  entryTime: string;
  exitTime: string | null;
  rank: number | null;
  yieldRate: string;
  equity: string;
  available: string;
  prizePaid: string | null;
}

/** One contest: the list fields plus rules, eligible symbols, the prize split and my entry. */
export interface ContestDetail extends ContestSummary {
  rules?: string | null;
  /** Symbols that may be traded with the contest's money; empty or absent: every futures symbol. */
  symbols?: string[] | null;
  /** What each rank receives, rank 1 first. */
  prizes?: { rank: number; share: string; amount: string }[] | null;
  myEntry?: ContestMyEntry | null;
}

/** My contest trading account (the contest trading view). */
export interface ContestAccount {
  contestId: number;
  entryId: number;
  status: ContestStatus;
  currency: string;
  available: string;
  margin: string;
  unrealisedPnl: string;
  equity: string;
  entryFunds: string;
  yieldRate: string;
  rank: number | null;
  symbols: string[];
}

/** One of my entries (pinned). */
export interface ContestEntry {
  contestId: number;
  name: string;
  entryTime: string;
  rank: number | null;
  yieldRate: string | null;
  exitTime: string | null;
  dailyProfit: string | null;
  totalProfit: string | null;
  totalYieldRate: string | null;
  status: ContestStatus;
  prizePaid?: string | null;
}

/** A row of the live ranking (pinned; `me` and `status` when the server sends them). */
export interface RankingRow {
  rank: number;
  nickname: string;
  yieldRate: string;
  me?: boolean;
  status?: ContestStatus;
}

interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The ranking moves with every tick: refreshed this often while shown. */
export const RANKING_REFRESH_MS = 5_000;

export function useContest(id: number | null) {
  return useQuery({
    queryKey: ["contests", "detail", id],
    queryFn: () => api.get<ContestDetail>(ContestRoutes.detail, { query: { id }, silent: true }),
    enabled: id !== null,
    retry: false,
    // Not on the account channel: a contest starts and ends on the business clock.
    refetchInterval: 10_000,
  });
}

export function useRanking(id: number | null) {
  return useQuery({
    queryKey: ["contests", "ranking", id],
    queryFn: () => api.get<Page<RankingRow>>(ContestRoutes.ranking, { query: { id, pageSize: 100 }, silent: true }),
    enabled: id !== null,
    refetchInterval: RANKING_REFRESH_MS,
  });
}

/** My contest account: balance, equity, rank and yield, refreshed with the ranking. */
export function useContestAccount(id: number | null, enabled = true) {
  return useQuery({
    queryKey: ["contests", "account", id],
    queryFn: () => api.get<ContestAccount>(ContestRoutes.account, { query: { id }, silent: true }),
    enabled: id !== null && enabled,
    retry: false,
    refetchInterval: RANKING_REFRESH_MS,
  });
}

/** All my entries (a customer has few), for the detail's "my entry" and the trading view. */
export function useMyEntries() {
  return useQuery({
    queryKey: ["contests", "mine"],
    queryFn: () => api.get<Page<ContestEntry>>(ContestRoutes.myEntries, { query: { pageSize: 100 }, silent: true }),
    refetchInterval: RANKING_REFRESH_MS,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["contests"] }),
      client.invalidateQueries({ queryKey: ["paged", ContestRoutes.list] }),
      client.invalidateQueries({ queryKey: ["paged", ContestRoutes.myEntries] }),
      client.invalidateQueries({ queryKey: ["futures"] }),
      client.invalidateQueries({ queryKey: ["wallet"] }),
    ]);
}

export function useJoin() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<{ entryId: number }>(ContestRoutes.join, { id }),
    onSettled: refresh,
  });
}

export function useExit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<unknown>(ContestRoutes.exit, { id }),
    onSettled: refresh,
  });
}
