// Statements and exports (docs/contract.md "Consumer protection", issue 34 §3): the monthly
// account statement as a PDF and CSV exports of the balance log and of trades. Real money
// only: demo (VUSDT) and contest (CUSDT) funds are left out.
import { z } from "zod";

/** The longest range one export covers, in days. */
export const EXPORT_MAX_DAYS = 366;

export const StatementQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month as YYYY-MM")
    .describe("the month (UTC), YYYY-MM; not in the future"),
});
export type StatementQuery = z.infer<typeof StatementQuery>;

export const EXPORT_KINDS = ["ledger", "trades"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");

export const ExportQuery = z.object({
  kind: z.enum(EXPORT_KINDS).describe("ledger: the balance log; trades: closed futures, settled options, spot fills"),
  from: Day.describe("first day (UTC), included"),
  to: Day.describe(`last day (UTC), included; at most ${EXPORT_MAX_DAYS} days after from`),
});
export type ExportQuery = z.infer<typeof ExportQuery>;

/** The file body (binary responses are documented with their media type, not the envelope). */
export const FileResult = z.string().describe("the file");
