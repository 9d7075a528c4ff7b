// Server data of rewards (CONTRACT.md "Rewards"): tasks and claims, VIP levels and envelopes,
// team and rebates.
import type { MyTeam, MyVip, RedEnvelope, RewardTask, TaskScope, VipGift, VipLevel } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const REWARDS_PATHS = {
  tasks: "/api/marketing/tasks",
  claim: "/api/marketing/tasks/claim",
  levels: "/api/user/appLevels/list",
  myVip: "/api/user/appLevels/my",
  openEnvelope: "/api/user/appLevels/openEnvelope",
  claimGift: "/api/user/appLevels/claimGift",
  team: "/api/marketing/myTeam",
  rebates: "/api/marketing/rebates",
} as const;

export const TASKS_REFRESH_MS = 10_000;

export function useTasks(scope: TaskScope) {
  return useQuery({
    queryKey: ["rewards", "tasks", scope],
    queryFn: () => api.get<RewardTask[]>(REWARDS_PATHS.tasks, { query: { scope }, silent: true }),
    // Progress follows deposits and trades as they happen while the screen is open.
    refetchInterval: TASKS_REFRESH_MS,
  });
}

export function useClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ id: number; reward: string; currency: string }>(REWARDS_PATHS.claim, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ["rewards"] }),
  });
}

export function useLevels() {
  return useQuery({
    queryKey: ["rewards", "levels"],
    queryFn: () => api.get<VipLevel[]>(REWARDS_PATHS.levels, { silent: true }),
  });
}

export function useMyVip() {
  return useQuery({
    queryKey: ["rewards", "vip"],
    queryFn: () => api.get<MyVip>(REWARDS_PATHS.myVip, { silent: true }),
  });
}

export function useOpenEnvelope() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<RedEnvelope>(REWARDS_PATHS.openEnvelope, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ["rewards", "vip"] }),
  });
}

export function useClaimGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (level: number) => api.post<VipGift>(REWARDS_PATHS.claimGift, { level }),
    onSettled: () => client.invalidateQueries({ queryKey: ["rewards", "vip"] }),
  });
}

export function useTeam() {
  return useQuery({
    queryKey: ["rewards", "team"],
    queryFn: () => api.get<MyTeam>(REWARDS_PATHS.team, { silent: true }),
  });
}
