// Favourite symbols, kept on this device.
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { persistPaths } from "../lib/persist";

interface FavouritesState {
  symbols: string[];
  toggle: (symbol: string) => void;
  has: (symbol: string) => boolean;
}

export const useFavourites = create<FavouritesState>()(
  persist(
    (set, get) => ({
      symbols: [],
      toggle: (symbol) =>
        set((s) => ({
          symbols: s.symbols.includes(symbol) ? s.symbols.filter((x) => x !== symbol) : [...s.symbols, symbol],
        })),
      has: (symbol) => get().symbols.includes(symbol),
    }),
    persistPaths<FavouritesState, "symbols">("candor-favourites", ["symbols"]),
  ),
);
