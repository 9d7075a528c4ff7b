// The console's staff session: token and who is logged in, kept in sessionStorage (a
// closed tab ends it; the server ends it after 12 h or 30 idle minutes anyway).
import type { StaffInfo } from "@candor/contract";
import { useSyncExternalStore } from "react";

export interface ConsoleSession {
  token: string;
  staff: StaffInfo;
}

const KEY = "candor.console.session";
const listeners = new Set<() => void>();

function read(): ConsoleSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ConsoleSession) : null;
  } catch {
    return null;
  }
}

let current = read();

export const getSession = () => current;

export function setSession(next: ConsoleSession | null) {
  current = next;
  if (next) sessionStorage.setItem(KEY, JSON.stringify(next));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function useSession(): ConsoleSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
