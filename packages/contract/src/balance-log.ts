// The balance log's shapes (docs/contract.md "Money", issue 35 §6): filters by reason code,
// category and real or virtual money; records signed by their effect on the available
// balance, an own-account move as one record, memos as message keys the app translates.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery } from "./common";
import { BALANCE_LOG_CATEGORIES, type BalanceLogCategory } from "./ledger-kinds";
import { CurrencyCode } from "./money";

export const BalanceLogListQuery = PageQuery.extend({
  kind: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_.]{0,63}$/, "a reason code such as deposit")
    .optional(),
  currency: CurrencyCode.optional(),
  accountKind: z.enum(["spot", "frozen", "margin", "options", "earn", "collateral", "contest", "demo"]).optional(),
  category: z
    .enum(BALANCE_LOG_CATEGORIES as [BalanceLogCategory, ...BalanceLogCategory[]])
    .optional()
    .describe("reason codes of one kind of business (LEDGER_KIND_CATEGORIES): earn, loans, rewards, contests, …"),
  money: z
    .enum(["real", "virtual"])
    .optional()
    .describe("real: everything but contest and demo accounts; virtual: only those (CUSDT, contest coins, VUSDT)"),
});
export const BalanceLogRecord = z.object({
  id: z.string(),
  currency: z.string(),
  amount: DecimalString.describe(
    "signed change of the available balance; a move between two of the customer's own accounts is one record, " +
      "signed as seen from the account it left (toAccountKind says where it went)",
  ),
  kind: z.string().describe("reason code: deposit, withdrawal, adjustment, … (LEDGER_KINDS)"),
  createdAt: IsoDate,
  accountKind: z.string(),
  phase: z.enum(["posted", "pending", "post", "void"]),
  referenceType: z.string(),
  referenceId: z.string(),
  memo: z.string().describe("as written when the transfer was made (often English); memoKey/memoParams translate it"),
  toAccountKind: z
    .string()
    .nullable()
    .describe("a move between the customer's own accounts: the account it went to (accountKind is where it left)"),
  virtual: z.boolean().describe("contest or demo money: not real, kept apart from real balances"),
  memoKey: z
    .string()
    .nullable()
    .describe("a known memo as a message key (e.g. futuresMargin) the app translates with memoParams; null: show memo"),
  memoParams: z.record(z.string(), z.string()).describe("values for memoKey, e.g. {symbol, direction, leverage}"),
});
export type BalanceLogRecord = z.infer<typeof BalanceLogRecord>;
