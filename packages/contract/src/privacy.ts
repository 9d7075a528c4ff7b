// Data rights (docs/contract.md "Consumer protection", issue 34 §4): "Download my data" and
// "Close my account".
import { z } from "zod";
import { DecimalString, IsoDate } from "./common";

export const DATA_EXPORT_STATUSES = ["preparing", "ready", "expired"] as const;
export const DataExportStatus = z.enum(DATA_EXPORT_STATUSES);
export type DataExportStatus = z.infer<typeof DataExportStatus>;

export { DATA_EXPORT_DAYS } from "./consumer-protection";

export const DataExportStarted = z.object({ id: z.number().int(), status: DataExportStatus });
export type DataExportStarted = z.infer<typeof DataExportStarted>;

export const DataExportState = z
  .object({
    id: z.number().int(),
    status: DataExportStatus,
    url: z
      .string()
      .nullable()
      .describe("when ready: a signed download link for this customer (valid 15 minutes; ask again for a new one)"),
    expiresAt: IsoDate.nullable().describe("when ready: the end of the 7 days it is offered"),
  })
  .nullable()
  .describe("the latest export, null when none was asked for");
export type DataExportState = z.infer<typeof DataExportState>;

export const DataExportFileQuery = z.object({
  id: z.coerce.number().int().positive(),
  exp: z.coerce.number().int(),
  sig: z.string().max(128),
});

/** What still keeps an account from closing. */
export const CLOSE_BLOCKER_KINDS = [
  "futuresPositions",
  "optionOrders",
  "spotOrders",
  "loans",
  "earnOrders",
  "contestEntries",
  "ieoApplications",
  "withdrawals",
  "deposits",
  "balance",
] as const;
export const CloseBlockerKind = z.enum(CLOSE_BLOCKER_KINDS);
export type CloseBlockerKind = z.infer<typeof CloseBlockerKind>;

export const CloseBlocker = z.object({
  kind: CloseBlockerKind,
  count: z.number().int().optional().describe("how many are open (every kind but balance)"),
  currency: z.string().optional().describe("balance: the currency"),
  amount: DecimalString.optional().describe("balance: the amount held (dust too), all real accounts of the currency"),
});
export type CloseBlocker = z.infer<typeof CloseBlocker>;

export const CloseCheck = z.object({
  open: z.array(CloseBlocker).describe("empty: the account can close"),
  retentionYearsLedger: z.number().int().describe("years the ledger records are kept after closing (the law)"),
  retentionYearsKyc: z.number().int().describe("years the identity records are kept after closing, then erased"),
});
export type CloseCheck = z.infer<typeof CloseCheck>;

/** The 409 of a refused close: the error envelope's result. */
export const CloseBlocked = z.object({
  open: z.array(CloseBlocker).min(1).describe("what still keeps the account open"),
});
export type CloseBlocked = z.infer<typeof CloseBlocked>;

export const CloseAccountBody = z.object({ password: z.string().min(1).max(128) });
export type CloseAccountBody = z.infer<typeof CloseAccountBody>;

export const CloseAccountResult = z.object({ closed: z.literal(true), closedAt: IsoDate });
export type CloseAccountResult = z.infer<typeof CloseAccountResult>;
