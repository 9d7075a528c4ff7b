// Server data of identity verification: status, personal info (to prefill),
// and the two submissions. Submitting refreshes the stored user (its kycStatus changes).
import type { KycAdvancedBody, KycBasicBody } from "@candor/contract";
import { kycPaths, profilePaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { refreshCurrentUser } from "../../lib/session";

export const KYC_STATUS_PATH = kycPaths.status;
const statusKey = ["kyc", "status"] as const;

/** Review can take a while: look again every 30 s while something is pending. */
const PENDING_REFRESH_MS = 30_000;

export function useKycStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api.get(KYC_STATUS_PATH),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (data.basic.status === "pending" || data.advanced.status === "pending")
        ? PENDING_REFRESH_MS
        : false;
    },
  });
}

export function usePersonalInfo() {
  return useQuery({
    queryKey: ["personalInfo"],
    queryFn: () => api.get(profilePaths.personalInfo, { silent: true }),
    retry: false,
  });
}

function useKycSubmit<T>(submit: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submit,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: statusKey });
      await refreshCurrentUser();
    },
  });
}

export const useSubmitBasic = () => useKycSubmit((body: KycBasicBody) => api.post(kycPaths.basic, body));
export const useSubmitAdvanced = () => useKycSubmit((body: KycAdvancedBody) => api.post(kycPaths.advanced, body));
