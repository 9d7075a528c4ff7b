// The customer's "reduce motion" setting (prefers-reduced-motion): content that moves by
// itself — the announcement ticker's scrolling, the banners' autoplay — stays still then
// (WCAG 2.3.3). Follows the setting live, as the system changes it. (A pause control for
// everyone, WCAG 2.2.2, is not there yet.)
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

const media = (): MediaQueryList | null =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(QUERY) : null;

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

const prefersReducedMotion = (): boolean => media()?.matches ?? false;

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
