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
  /** The virtual contest money (CUSDT) every entrant trades with. */
  entryFunds: string;
  currency: string;
  entrants: number;
  status: ContestStatus;
}

/** One contest: the list fields plus what the detail shows when the server sends it. */
export interface ContestDetail extends ContestSummary {
  entryStartAt?: string | null;
  entryEndAt?: string | null;
  /** The prize pool's split by rank. */
  prizeSplit?: { rank: number; amount: string }[] | null;
  /** Symbols that may be traded in the contest; empty or absent: every futures symbol. */
  symbols?: string[] | null;
  rules?: string | null;
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
}

/** A row of the live ranking (pinned). */
export interface RankingRow {
  rank: number;
  nickname: string;
  yieldRate: string;
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
