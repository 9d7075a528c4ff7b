// Session helpers shared by the login, profile and logout flows.
import type { MyUserInfo } from "@candor/contract";
import { profilePaths } from "@candor/contract/paths";
import { routes, withQuery } from "../app/routes";
import { useUserStore } from "../stores/user";
import { api } from "./api-client";
import { LANG_STORAGE_KEY } from "./i18n";
import { stopPersisting } from "./persist";

export const CURRENT_USER_PATH = profilePaths.myUserInfo;

/** Fetch the profile again (after login or a profile change) and store it. */
export async function refreshCurrentUser(): Promise<MyUserInfo | null> {
  try {
    const user = await api.get(CURRENT_USER_PATH, { silent: true });
    useUserStore.getState().setUser(user);
    return user;
  } catch {
    return null;
  }
}

/** Keep a fresh token and load the profile; returns the path to open next. */
export async function completeLogin(token: string): Promise<string> {
  // The guest conversation joins the account before the app uses the new token: a chat
  // call made with it first (the unread badge) would open an empty conversation of its
  // own, and the guest's messages would move into that one instead of keeping their
  // conversation. The chat session code loads with the first login, not with the shell.
  await import("./chat-session").then((m) => m.mergeGuestChat(token));
  useUserStore.getState().setSession(token, null);
  const user = await refreshCurrentUser();
  const next = useUserStore.getState().takeRedirect();
  // An account with neither e-mail nor phone (a guest, a first wallet login) is asked for
  // one first; "Later" goes on to where the login was going.
  if (user && !user.email && !user.phone) return withQuery(routes.contactProof, { next });
  return next;
}

/** Forget everything on this device except the chosen language (the page reloads next). */
export function clearLocalData(): void {
  const lang = localStorage.getItem(LANG_STORAGE_KEY);
  useUserStore.getState().clearSession();
  stopPersisting();
  localStorage.clear();
  if (lang) localStorage.setItem(LANG_STORAGE_KEY, lang);
}
