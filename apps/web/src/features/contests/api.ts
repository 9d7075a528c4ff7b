// Server data of Contests (CONTRACT.md "Contests"): the list by status, one contest, its
// live ranking, my entries, joining and exiting. Trading in a contest goes through the
// futures endpoints with `mode: "contest"` and the contest id (features/contracts).
import type {
  ContestAccount,
  ContestDetail,
  ContestEntryRecord,
  ContestExitResult,
  ContestJoinResult,
  ContestRankingRecord,
  ContestStatus,
  ContestSummary,
  ContestRoutes as ContractContestRoutes,
  Page,
} from "@candor/contract";
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
} as const satisfies Partial<typeof ContractContestRoutes>;

export type { ContestAccount, ContestDetail, ContestStatus, ContestSummary };
/** One of my entries (pinned fields first). */
export type ContestEntry = ContestEntryRecord;
/** A row of the live ranking. */
export type RankingRow = ContestRankingRecord;

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
    mutationFn: (id: number) => api.post<ContestJoinResult>(ContestRoutes.join, { id }),
    onSettled: refresh,
  });
}

export function useExit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<ContestExitResult>(ContestRoutes.exit, { id }),
    onSettled: refresh,
  });
}
