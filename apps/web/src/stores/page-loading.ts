// The full-screen "Loading..." overlay shown around every navigation: at least
// 300 ms, background from the route meta or white at 0.9 opacity.
import { create } from "zustand";

export const MIN_LOADING_MS = 300;
export const DEFAULT_LOADING_BACKGROUND = "rgba(255, 255, 255, 0.9)";

interface PageLoadingState {
  visible: boolean;
  background: string;
  startedAt: number;
  /** The next navigation only switches a tab inside the screen (the trade screen): no overlay. */
  quiet: boolean;
  quietNext: () => void;
  start: (background?: string) => void;
  /** Hide once the overlay has been up for MIN_LOADING_MS. */
  finish: () => void;
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export const usePageLoading = create<PageLoadingState>()((set, get) => ({
  visible: true,
  background: DEFAULT_LOADING_BACKGROUND,
  startedAt: Date.now(),
  quiet: false,
  quietNext: () => set({ quiet: true }),
  start: (background) => {
    const state = get();
    if (state.quiet) {
      set({ quiet: false });
      return;
    }
    clearTimeout(hideTimer);
    set({
      visible: true,
      background: background ?? DEFAULT_LOADING_BACKGROUND,
      startedAt: state.visible ? state.startedAt : Date.now(),
    });
  },
  finish: () => {
    clearTimeout(hideTimer);
    const elapsed = Date.now() - get().startedAt;
    const wait = Math.max(0, MIN_LOADING_MS - elapsed);
    hideTimer = setTimeout(() => set({ visible: false }), wait);
  },
}));
