// zustand persistence: each store has its own storage id and keeps only chosen paths.
// After a logout nothing is written back until the page reloads (see stopPersisting).
import { createJSONStorage, type PersistOptions, type StateStorage } from "zustand/middleware";

let stopped = false;

/**
 * Logging out clears localStorage and reloads the page; a request still in flight that
 * answers 401 in between would otherwise write the user store back (an empty session,
 * a redirect). From this call until the reload, stores read but never write.
 */
export function stopPersisting(): void {
  stopped = true;
}

const guarded: StateStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => {
    if (!stopped) localStorage.setItem(key, value);
  },
  removeItem: (key) => localStorage.removeItem(key),
};

export function persistPaths<S, K extends keyof S>(id: string, paths: readonly K[]): PersistOptions<S, Pick<S, K>> {
  return {
    name: id,
    storage: createJSONStorage(() => guarded),
    partialize: (state) => {
      const picked = {} as Pick<S, K>;
      for (const p of paths) picked[p] = state[p];
      return picked;
    },
  };
}
