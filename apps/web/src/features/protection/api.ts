// Server calls of consumer protection: my limits, time-out / self-exclusion, and the reality
// check's session summary (docs/contract.md "Consumer protection").
import type { ExclusionBody, UserLimitsBody } from "@candor/contract";
import { protectionPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const limitsKey = ["protection", "limits"] as const;

export function useLimits(enabled = true) {
  return useQuery({ queryKey: limitsKey, queryFn: () => api.get(protectionPaths.limits), enabled });
}

export function useSetLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UserLimitsBody) => api.post(protectionPaths.limits, body),
    onSuccess: (result) => client.setQueryData(limitsKey, result),
  });
}

export function useExclude() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExclusionBody) => api.post(protectionPaths.exclusion, body),
    onSuccess: () => client.invalidateQueries({ queryKey: limitsKey }),
  });
}

/** The realised result since `since` (the server's time from an earlier call; none = now). */
export const fetchSessionSummary = (since?: string) =>
  api.get(protectionPaths.sessionSummary, { query: since ? { since } : {}, silent: true });
