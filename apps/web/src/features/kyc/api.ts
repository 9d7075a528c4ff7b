// Server data of identity verification: status, personal info (to prefill),
// and the two submissions. Submitting refreshes the stored user (its kycStatus changes).
import type { KycAdvancedBody, KycBasicBody, KycState, PersonalInfo } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { refreshCurrentUser } from "../../lib/session";

export const KYC_STATUS_PATH = "/api/user/kyc/status";
const PERSONAL_INFO_PATH = "/api/user/appUser/getPersonalInfo";
const statusKey = ["kyc", "status"] as const;

/** Review can take a while: look again every 30 s while something is pending. */
const PENDING_REFRESH_MS = 30_000;

export function useKycStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<KycState>(KYC_STATUS_PATH),
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
    queryFn: () => api.get<PersonalInfo>(PERSONAL_INFO_PATH, { silent: true }),
    retry: false,
  });
}

function useKycSubmit<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post<{ id: number; status: "pending" }>(path, body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: statusKey });
      await refreshCurrentUser();
    },
  });
}

export const useSubmitBasic = () => useKycSubmit<KycBasicBody>("/api/user/kyc/basic");
export const useSubmitAdvanced = () => useKycSubmit<KycAdvancedBody>("/api/user/kyc/advanced");
