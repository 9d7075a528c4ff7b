// Small pure helpers of the contest screens: status names, yield rates as percentages,
// signs and colours of profits, the ?id= of a screen.
import { showAmount, showPercent } from "../../lib/format";
import type { ContestStatus } from "./api";

/** The list's tabs in the order shown: in progress, to start, ended. */
export const TABS = [1, 0, -2] as const satisfies readonly ContestStatus[];
export type ContestTab = (typeof TABS)[number];

export const STATUS_KEY: Record<ContestStatus, string> = {
  1: "inProgress",
  0: "toStart",
  [-2]: "ended",
  [-3]: "exited",
};

/** "5.23%" from a ratio "0.0523"; "+5.23%" when signed and positive; "--" when missing. */
export function rate(value: string | null | undefined, signed = false): string {
  if (value === null || value === undefined || value === "" || Number.isNaN(Number(value))) return "--";
  const pct = showPercent(value, 2);
  return `${signed && Number(value) > 0 ? "+" : ""}${pct}%`;
}

/** An amount with two places and its sign when asked; "--" when missing. */
export function amount(value: string | null | undefined, signed = false): string {
  if (value === null || value === undefined || value === "" || Number.isNaN(Number(value))) return "--";
  return `${signed && Number(value) > 0 ? "+" : ""}${showAmount(value, 2)}`;
}

/** up / down / flat, for the price colours (the customer's colour convention). */
export function trend(value: string | null | undefined): "up" | "down" | "flat" {
  const n = Number(value ?? 0);
  return n > 0 ? "up" : n < 0 ? "down" : "flat";
}
