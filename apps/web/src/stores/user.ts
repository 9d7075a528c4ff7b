// The logged-in customer: token, profile and where to go after logging in.
// Persisted under its own id with only these paths.
import type { MyUserInfo } from "@candor/contract";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { routes } from "../app/routes";
import { persistPaths } from "../lib/persist";

export const USER_STORE_ID = "candor-user";
export const DEFAULT_REDIRECT = routes.home;

export interface UserState {
  token: string | null;
  user: MyUserInfo | null;
  /** Path to open after login; never /login itself. */
  redirect: string;
  setSession: (token: string, user: MyUserInfo | null) => void;
  setUser: (user: MyUserInfo | null) => void;
  setRedirect: (path: string) => void;
  /** Take the redirect target and reset it to the default. */
  takeRedirect: () => string;
  clearSession: () => void;
}

export function safeRedirect(path: string | null | undefined): string {
  if (!path?.startsWith("/") || path.startsWith(routes.login) || path.startsWith("//")) return DEFAULT_REDIRECT;
  return path;
}

export const useUserStore = create<UserState>()(
  persist(
    (set, get) => ({
      token: null,
      user: null,
      redirect: DEFAULT_REDIRECT,
      setSession: (token, user) => set({ token, user }),
      setUser: (user) => set({ user }),
      setRedirect: (path) => set({ redirect: safeRedirect(path) }),
      takeRedirect: () => {
        const target = get().redirect;
        set({ redirect: DEFAULT_REDIRECT });
        return safeRedirect(target);
      },
      clearSession: () => set({ token: null, user: null }),
    }),
    persistPaths<UserState, "token" | "user" | "redirect">(USER_STORE_ID, ["token", "user", "redirect"]),
  ),
);
