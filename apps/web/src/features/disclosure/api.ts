// Server calls of the loss disclosure (issue 34 §1): the public loss figure and the caller's
// own monthly results (docs/contract.md "Consumer protection").
import type { LossRate } from "@candor/contract";
import { disclosurePaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const lossRateKey = ["disclosure", "lossRate"] as const;

/** The latest loss figure (computed once a day: cached for an hour; silent: a warning never shows an error). */
export function useLossRate() {
  return useQuery<LossRate>({
    queryKey: lossRateKey,
    queryFn: () => api.get(disclosurePaths.lossRate, { silent: true }),
    staleTime: 3_600_000,
    retry: false,
  });
}

export function useMyResults(months: number) {
  return useQuery({
    queryKey: ["disclosure", "results", months],
    queryFn: () => api.get(disclosurePaths.myResults, { query: { months } }),
  });
}
