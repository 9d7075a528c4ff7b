// Shapes every endpoint shares: the envelope, pagination, decimal amounts, ids.
import { isDecimal } from "@candor/domain";
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
  .transform((v) => (typeof v === "number" ? String(v) : v.trim()));
export const PositiveDecimalInput = DecimalInput.refine((v) => Number(v) > 0, { message: "must be greater than 0" });

export const IsoDate = z.string().describe("ISO-8601 UTC time");

export const PageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
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
