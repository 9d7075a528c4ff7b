// Small market display pieces shared by home, market and chart screens.
import { Tag } from "antd-mobile";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { showAmount } from "../../lib/format";
import styles from "./market-bits.module.css";

/** Shown wherever prices appear while the feed is the simulator. */
export function SimulatedBadge({ simulated }: { simulated: boolean | undefined }) {
  const { t } = useTranslation();
  if (!simulated) return null;
  return (
    <Tag color="warning" fill="outline" className={styles.sim} data-testid="simulated-badge">
      {t("simulatedPrices")}
    </Tag>
  );
}

/** 24 h change as "+1.23%" in green, "-1.23%" in red. */
export function ChangeTag({ value, solid = false }: { value: string | null | undefined; solid?: boolean }) {
  const n = Number(value ?? 0);
  const cls = n > 0 ? styles.up : n < 0 ? styles.down : styles.flat;
  // No figure (still loading, or no 24 h history yet) is "--", not a 0.00 % change.
  const text = value === null || value === undefined ? "--" : `${n > 0 ? "+" : ""}${value}%`;
  return <span className={`${styles.change} ${cls} ${solid ? styles.solid : ""}`}>{text}</span>;
}

/** How long a changed price stays tinted. */
export const FLASH_MS = 800;

/**
 * The prices tinted now and when each tint ends; one timer takes off every tint that is
 * due, so the page restyles once for them all. The tint is a class put on and taken off,
 * not a CSS animation: a background animation restyled and repainted the whole screen on
 * every frame while any price moved (issue 37's trace: ~60 style recalculations and paints
 * a second on home and market at 4× CPU, a third of the main thread).
 */
const tinted = new Map<HTMLElement, { cls: string; until: number }>();
let untintTimer: ReturnType<typeof setTimeout> | undefined;

function untintDue() {
  untintTimer = undefined;
  const now = performance.now();
  let next = Number.POSITIVE_INFINITY;
  for (const [el, t] of tinted) {
    if (t.until <= now + 16) {
      el.classList.remove(t.cls);
      tinted.delete(el);
    } else next = Math.min(next, t.until);
  }
  if (next !== Number.POSITIVE_INFINITY) untintTimer = setTimeout(untintDue, next - now);
}

function tint(el: HTMLElement, cls: string) {
  const before = tinted.get(el);
  if (before && before.cls !== cls) el.classList.remove(before.cls);
  el.classList.add(cls);
  tinted.set(el, { cls, until: performance.now() + FLASH_MS });
  if (untintTimer === undefined) untintTimer = setTimeout(untintDue, FLASH_MS);
}

/** A price truncated to the symbol's precision; tinted up or down for a moment when a tick moves it. */
export function PriceText({
  value,
  precision,
  direction,
  ts,
}: {
  value: string | null | undefined;
  precision: number;
  direction?: "up" | "down" | null;
  ts?: number | null;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  // A new tick (its time) with a direction tints the price; a re-render without one does not.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !direction || ts === null || ts === undefined) return;
    const cls = direction === "up" ? styles.flashUp : styles.flashDown;
    if (cls) tint(el, cls);
  }, [ts, direction]);
  useLayoutEffect(() => {
    const el = ref.current;
    return () => {
      if (el) tinted.delete(el);
    };
  }, []);
  return (
    <span ref={ref} className={styles.price} data-direction={direction ?? "none"}>
      {showAmount(value, precision)}
    </span>
  );
}
