// Server data of Contests (docs/contract.md "Contests"): the list by status, one contest, its
// live ranking, my entries, joining and exiting. Trading in a contest goes through the
// futures endpoints with `mode: "contest"` and the contest id (features/contracts).
import type {
  ContestAccount,
  ContestDetail,
  ContestEntryRecord,
  ContestRankingRecord,
  ContestStatus,
  ContestSummary,
} from "@candor/contract";
import { contestPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** The contest paths (the contract's route table; plain strings, no schemas in this chunk). */
export const ContestRoutes = contestPaths;

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
    queryFn: () => api.get(ContestRoutes.detail, { query: { id }, silent: true }),
    enabled: id !== null,
    retry: false,
    // Not on the account channel: a contest starts and ends on the business clock.
    refetchInterval: 10_000,
  });
}

export function useRanking(id: number | null) {
  return useQuery({
    queryKey: ["contests", "ranking", id],
    queryFn: () => api.get(ContestRoutes.ranking, { query: { id, pageSize: 100 }, silent: true }),
    enabled: id !== null,
    refetchInterval: RANKING_REFRESH_MS,
  });
}

/** My contest account: balance, equity, rank and yield, refreshed with the ranking. */
export function useContestAccount(id: number | null, enabled = true) {
  return useQuery({
    queryKey: ["contests", "account", id],
    queryFn: () => api.get(ContestRoutes.account, { query: { id }, silent: true }),
    enabled: id !== null && enabled,
    retry: false,
    refetchInterval: RANKING_REFRESH_MS,
  });
}

/** All my entries (a customer has few), for the detail's "my entry" and the trading view. */
export function useMyEntries() {
  return useQuery({
    queryKey: ["contests", "mine"],
    queryFn: () => api.get(ContestRoutes.myEntries, { query: { pageSize: 100 }, silent: true }),
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
    mutationFn: (id: number) => api.post(ContestRoutes.join, { id }),
    onSettled: refresh,
  });
}

export function useExit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post(ContestRoutes.exit, { id }),
    onSettled: refresh,
  });
}
