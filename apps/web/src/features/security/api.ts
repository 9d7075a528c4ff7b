// Server calls of the security screens: passwords, Google authenticator, sessions.
import type { ChangePasswordBody, SessionInfo } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { refreshCurrentUser } from "../../lib/session";

const BASE = "/api/user/appUser";
const googleKey = ["google", "status"] as const;
const sessionsKey = ["sessions"] as const;

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<{ revokedSessions: number }>(`${BASE}/changePassword`, body),
    // hasWithdrawalPassword may have changed; the session list may have shrunk.
    onSuccess: async () => {
      await Promise.all([refreshCurrentUser(), client.invalidateQueries({ queryKey: sessionsKey })]);
    },
  });
}

export function useGoogleStatus() {
  return useQuery({
    queryKey: googleKey,
    queryFn: () => api.get<{ bound: boolean }>(`${BASE}/checkGoogleAuth`),
  });
}

/** A new pending secret each time the binding screen opens (it replaces the previous one). */
export function useGoogleKey(enabled: boolean) {
  return useQuery({
    queryKey: ["google", "key"],
    queryFn: () => api.post<{ secret: string; otpauthUrl: string }>(`${BASE}/generateGoogleKey`),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export interface GoogleCodeInput {
  googleCode: string;
  password: string;
}

function useGoogleChange(action: "bindGoogleAuth" | "unbindGoogleAuth") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GoogleCodeInput) => api.post<{ bound: boolean }>(`${BASE}/${action}`, body),
    onSuccess: async (result) => {
      client.setQueryData(googleKey, result);
      client.removeQueries({ queryKey: ["google", "key"] });
      await refreshCurrentUser();
    },
  });
}

export const useBindGoogle = () => useGoogleChange("bindGoogleAuth");
export const useUnbindGoogle = () => useGoogleChange("unbindGoogleAuth");

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<SessionInfo[]>(`${BASE}/sessions`),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ done: true }>(`${BASE}/revokeSession`, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ revoked: number }>(`${BASE}/revokeOtherSessions`),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}
