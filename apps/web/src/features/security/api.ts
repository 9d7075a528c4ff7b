// Server calls of the security screens: passwords, Google authenticator, sessions.
import type { ChangePasswordBody } from "@candor/contract";
import { authPaths, profilePaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { refreshCurrentUser } from "../../lib/session";

const googleKey = ["google", "status"] as const;
const sessionsKey = ["sessions"] as const;

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post(profilePaths.changePassword, body),
    // hasWithdrawalPassword may have changed; the session list may have shrunk.
    onSuccess: async () => {
      await Promise.all([refreshCurrentUser(), client.invalidateQueries({ queryKey: sessionsKey })]);
    },
  });
}

export function useGoogleStatus() {
  return useQuery({
    queryKey: googleKey,
    queryFn: () => api.get(authPaths.checkGoogleAuth),
  });
}

/** A new pending secret each time the binding screen opens (it replaces the previous one). */
export function useGoogleKey(enabled: boolean) {
  return useQuery({
    queryKey: ["google", "key"],
    queryFn: () => api.post(authPaths.generateGoogleKey, undefined),
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
    mutationFn: (body: GoogleCodeInput) => api.post(authPaths[action], body),
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
    queryFn: () => api.get(authPaths.sessions),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(authPaths.revokeSession, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(authPaths.revokeOtherSessions, undefined),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

// ---------------------------------------------------------------- linked wallets

const walletsKey = ["wallets"] as const;

export function useLoginMethods() {
  return useQuery({
    queryKey: ["loginMethods"],
    queryFn: () => api.get(authPaths.loginMethods, { silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function useLinkedWallets() {
  return useQuery({ queryKey: walletsKey, queryFn: () => api.get(authPaths.wallets) });
}

/** Link: a message for this customer from the server, signed in the browser's wallet. */
export function useLinkWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (sign: { address: string; sign: (message: string) => Promise<string> }) => {
      const { message } = await api.get(authPaths.linkWalletNonce, { query: { address: sign.address } });
      const signature = await sign.sign(message);
      return api.post(authPaths.linkWallet, { message, signature });
    },
    onSuccess: (wallets) => client.setQueryData(walletsKey, wallets),
  });
}

export function useUnlinkWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { address: string; password: string }) => api.post(authPaths.unlinkWallet, body),
    onSettled: () => client.invalidateQueries({ queryKey: walletsKey }),
  });
}
