// Shapes every endpoint shares: the envelope, pagination, decimal amounts, ids.
import { compareDecimals, isDecimal } from "@candor/domain";
import { z } from "zod";

/** HTTP status codes the API uses; the envelope `code` equals the HTTP status. */
export const ErrorCodes = [400, 401, 403, 404, 409, 413, 415, 429, 500, 503] as const;

export const envelope = <T extends z.ZodType>(result: T) =>
  z.object({
    success: z.boolean(),
    code: z.number().int(),
    message: z.string(),
    result,
    timestamp: z.number().int(),
  });

export const ErrorEnvelope = envelope(z.null());
export type Envelope<T> = { success: boolean; code: number; message: string; result: T; timestamp: number };

/** A decimal amount as a string in responses. */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, "decimal string");
/** Amounts in requests: decimal string or number, normalised to a string. */
export const DecimalInput = z
  .union([z.string(), z.number()])
  .refine((v) => isDecimal(v), { message: "must be a decimal number" })
  // A JSON number that prints in exponent form (1e-7, 9.4e-323, 1e21) is refused rather than
  // rounded: such amounts are sent as decimal strings.
  .refine((v) => typeof v !== "number" || !/e/i.test(String(v)), { message: "must be a decimal number" })
  // Amounts are NUMERIC(36,18) in the database: more than 18 digits before the point cannot be
  // stored, so they are a 400 here rather than an overflow (a 500) there.
  .superRefine((v, ctx) => {
    const digits = (String(v).trim().replace(/^[-+]/, "").split(".")[0] ?? "").replace(/^0+/, "").length;
    if (digits > 18) ctx.addIssue({ code: "too_big", origin: "number", maximum: 1e18, inclusive: false, input: v });
  })
  .transform((v) => (typeof v === "number" ? String(v) : v.trim()));
/**
 * Exact comparison of two decimal amounts (packages/domain's decimals, never floats): -1, 0
 * or 1 as `a` is below, equal to or above `b`; NaN when either is not a decimal, so every
 * comparison with the result is false. The validations of amounts use it.
 */
export function compareAmounts(a: string | number, b: string | number): number {
  return isDecimal(a) && isDecimal(b) ? compareDecimals(a, b) : Number.NaN;
}

export const PositiveDecimalInput = DecimalInput.refine((v) => compareAmounts(v, "0") > 0, {
  message: "must be greater than 0",
});

export const IsoDate = z.string().describe("ISO-8601 UTC time");

/**
 * The deepest record a list pages to: (pageNo - 1) × pageSize may be at most this (deeper
 * pages → 400; a deep OFFSET makes the database walk every row before it). The server checks
 * it on every query with pageNo and pageSize (plugins/validation.ts).
 */
export const MAX_PAGE_OFFSET = 10_000;

export const PageQuery = z.object({
  pageNo: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_OFFSET + 1)
    .default(1)
    .describe(`from 1; (pageNo - 1) × pageSize at most ${MAX_PAGE_OFFSET}`),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const page = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { records: T[]; total: number; pageNo: number; pageSize: number };

export const IdParam = z.object({ id: z.coerce.number().int().positive() });
/** The id of what a call removed or changed, when it answers nothing else. */
export const IdResult = z.object({ id: z.number().int() });
