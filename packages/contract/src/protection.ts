// Consumer protection (docs/contract.md "Consumer protection", issue 34 §2): deposit and loss
// limits, the reality check, time-outs and self-exclusion. Limits are USDT decimal strings or
// null (none); windows are rolling (day = last 24 h, week = last 7 days, month = last 30 days).
import { z } from "zod";
import { DecimalString, IsoDate } from "./common";
import { LIMIT_FIELD_NAMES } from "./consumer-protection";

export { LIMIT_FIELD_NAMES, REALITY_CHECK_CHOICES } from "./consumer-protection";
export const LimitFieldName = z.enum(LIMIT_FIELD_NAMES);
export type LimitFieldName = z.infer<typeof LimitFieldName>;

const LimitValue = DecimalString.nullable().describe("USDT; null = no limit");

export const ExclusionState = z
  .object({ kind: z.enum(["timeout", "self_exclusion"]), until: IsoDate })
  .nullable()
  .describe("the running time-out or self-exclusion; it cannot be lifted early");
export type ExclusionState = z.infer<typeof ExclusionState>;

export const UserLimits = z.object({
  depositDay: LimitValue,
  depositWeek: LimitValue,
  depositMonth: LimitValue,
  lossDay: LimitValue,
  lossWeek: LimitValue,
  lossMonth: LimitValue,
  realityCheckMinutes: z.number().int().nullable().describe("null = off; 15, 30, 60 or 120"),
  pending: z
    .array(z.object({ field: LimitFieldName, value: LimitValue, effectiveAt: IsoDate }))
    .describe("raised or removed limits waiting for their 24-hour cool-off"),
  exclusion: ExclusionState,
});
export type UserLimits = z.infer<typeof UserLimits>;

const LimitInput = z
  .union([
    z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, "a USDT amount"),
    // A JSON number: the same range as the string form, never one printed in exponent form (1e+308).
    z
      .number()
      .nonnegative()
      .max(999_999_999_999)
      .refine((v) => /^\d{1,12}(\.\d{1,8})?$/.test(String(v)), "a USDT amount"),
    z.null(),
  ])
  .transform((v) => (v === null ? null : String(v)));

export const UserLimitsBody = z
  .object({
    depositDay: LimitInput.optional(),
    depositWeek: LimitInput.optional(),
    depositMonth: LimitInput.optional(),
    lossDay: LimitInput.optional(),
    lossWeek: LimitInput.optional(),
    lossMonth: LimitInput.optional(),
    realityCheckMinutes: z.union([z.literal(15), z.literal(30), z.literal(60), z.literal(120), z.null()]).optional(),
  })
  .strict();
export type UserLimitsBody = z.input<typeof UserLimitsBody>;

export const ExclusionBody = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("timeout"), period: z.enum(["24h", "7d", "6w"]) }),
  z.object({ kind: z.literal("self_exclusion"), period: z.enum(["6m", "1y", "2y", "5y"]) }),
]);
export type ExclusionBody = z.infer<typeof ExclusionBody>;

export const SessionSummaryQuery = z.object({
  since: IsoDate.optional().describe("the session's start as this endpoint reported it (`now`); default: now"),
});
export const SessionSummary = z.object({
  since: IsoDate,
  now: IsoDate.describe("the server's time: keep it as the next session's `since`"),
  realisedUsdt: DecimalString.describe("net realised result (futures, options, spot fees) since then, in USDT"),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const CustomerLimitsQuery = z.object({ id: z.coerce.number().int().positive() });
