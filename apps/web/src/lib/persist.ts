// zustand persistence: each store has its own storage id and keeps only chosen paths.
import { createJSONStorage, type PersistOptions } from "zustand/middleware";

export function persistPaths<S, K extends keyof S>(id: string, paths: readonly K[]): PersistOptions<S, Pick<S, K>> {
  return {
    name: id,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => {
      const picked = {} as Pick<S, K>;
      for (const p of paths) picked[p] = state[p];
      return picked;
    },
  };
}
