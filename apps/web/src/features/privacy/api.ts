// Server calls of data rights: "Download my data" and "Close my account"
// (docs/contract.md "Consumer protection").
import { privacyPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const dataExportKey = ["privacy", "dataExport"] as const;
export const closeCheckKey = ["privacy", "closeCheck"] as const;

/** The latest export; polled while it is being prepared. */
export function useDataExport() {
  return useQuery({
    queryKey: dataExportKey,
    queryFn: () => api.get(privacyPaths.dataExport),
    refetchInterval: (query) => (query.state.data?.status === "preparing" ? 1500 : false),
  });
}

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(privacyPaths.dataExport),
    onSuccess: () => client.invalidateQueries({ queryKey: dataExportKey }),
  });
}

export function useCloseCheck() {
  return useQuery({ queryKey: closeCheckKey, queryFn: () => api.get(privacyPaths.closeCheck) });
}

export function useCloseAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post(privacyPaths.close, { password }),
    onError: () => client.invalidateQueries({ queryKey: closeCheckKey }),
  });
}
