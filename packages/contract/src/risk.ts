// Platform exposure (operator): how far the accounts that take the other side of customer
// trades (house: futures P&L and option payouts; treasury: flash exchange and spot) may go
// negative per currency before new risk is paused. Closes and settlements are never paused.
import { z } from "zod";
import { DecimalString, PositiveDecimalInput } from "./common";

export const RiskLimits = z.object({
  /** Limit of every currency without its own, as a USDT value (converted at the live price). */
  defaultUsdt: DecimalString,
  /** Limits in the currency's own units. */
  currencies: z.record(z.string(), DecimalString),
});
export type RiskLimits = z.infer<typeof RiskLimits>;

export const RiskExposureRow = z.object({
  currency: z.string(),
  account: z.enum(["house", "treasury"]),
  balance: DecimalString,
  /** The worst cases of the trades open now on this account (futures notional, options' possible profit). */
  open: DecimalString,
  /** null: no limit can be computed (no own limit and no USDT price). */
  limit: DecimalString.nullable(),
  /** balance − open + limit: how much more new risk this account may take before it is paused. */
  headroom: DecimalString.nullable(),
  paused: z.boolean(),
});
export type RiskExposureRow = z.infer<typeof RiskExposureRow>;

export const RiskExposure = z.object({ limits: RiskLimits, rows: z.array(RiskExposureRow) });
export type RiskExposure = z.infer<typeof RiskExposure>;

const Currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,16}$/, "letters and digits only, e.g. USDT")
  .transform((s) => s.toUpperCase());

/** Change the default (USDT value) and/or one currency's limit; `limit: null` removes its own limit. */
export const RiskLimitsBody = z
  .object({
    defaultUsdt: PositiveDecimalInput.optional(),
    currency: Currency.optional(),
    limit: PositiveDecimalInput.nullable().optional(),
  })
  .refine((b) => b.defaultUsdt !== undefined || (b.currency !== undefined && b.limit !== undefined), {
    message: "give defaultUsdt, or currency with limit",
    path: ["currency"],
  });
export type RiskLimitsBody = z.infer<typeof RiskLimitsBody>;
