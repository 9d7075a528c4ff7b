// Server data of rewards (docs/contract.md "Rewards"): tasks and claims, VIP levels and envelopes,
// team and rebates.

import type { TaskScope } from "@candor/contract";
import { rewardPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const TASKS_REFRESH_MS = 10_000;

export function useTasks(scope: TaskScope) {
  return useQuery({
    queryKey: ["rewards", "tasks", scope],
    queryFn: () => api.get(rewardPaths.tasks, { query: { scope }, silent: true }),
    // Progress follows deposits and trades as they happen while the screen is open.
    refetchInterval: TASKS_REFRESH_MS,
  });
}

export function useClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(rewardPaths.claim, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ["rewards"] }),
  });
}

export function useLevels() {
  return useQuery({
    queryKey: ["rewards", "levels"],
    queryFn: () => api.get(rewardPaths.levels, { silent: true }),
  });
}

export function useMyVip() {
  return useQuery({
    queryKey: ["rewards", "vip"],
    queryFn: () => api.get(rewardPaths.myVip, { silent: true }),
  });
}

export function useOpenEnvelope() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(rewardPaths.openEnvelope, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ["rewards", "vip"] }),
  });
}

export function useClaimGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => api.post(rewardPaths.claimGift, { level }),
    onSettled: () => client.invalidateQueries({ queryKey: ["rewards", "vip"] }),
  });
}

export function useTeam() {
  return useQuery({
    queryKey: ["rewards", "team"],
    queryFn: () => api.get(rewardPaths.team, { silent: true }),
  });
}
