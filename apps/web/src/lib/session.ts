// Session helpers shared by the login, profile and logout flows.
import type { MyUserInfo } from "@candor/contract";
import { useUserStore } from "../stores/user";
import { api } from "./api-client";
import { LANG_STORAGE_KEY } from "./i18n";

export const CURRENT_USER_PATH = "/api/user/appUser/getMyUserInfo";

/** Fetch the profile again (after login or a profile change) and store it. */
export async function refreshCurrentUser(): Promise<MyUserInfo | null> {
  try {
    const user = await api.get<MyUserInfo>(CURRENT_USER_PATH, { silent: true });
    useUserStore.getState().setUser(user);
    return user;
  } catch {
    return null;
  }
}

/** Keep a fresh token and load the profile; returns the path to open next. */
export async function completeLogin(token: string): Promise<string> {
  useUserStore.getState().setSession(token, null);
  // The chat session code loads with the first login, not with the app shell.
  await Promise.all([refreshCurrentUser(), import("./chat-session").then((m) => m.mergeGuestChat())]);
  return useUserStore.getState().takeRedirect();
}

/** Forget everything on this device except the chosen language. */
export function clearLocalData(): void {
  const lang = localStorage.getItem(LANG_STORAGE_KEY);
  useUserStore.getState().clearSession();
  localStorage.clear();
  if (lang) localStorage.setItem(LANG_STORAGE_KEY, lang);
}
