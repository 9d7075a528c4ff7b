// The truth about losses (issue 34 §1, docs/contract.md "Consumer protection"): the share of
// customers whose futures and options trading lost money over the last 12 months (public,
// computed daily from the ledger), and a customer's own realised results per month.
import { z } from "zod";
import { DecimalString, IsoDate } from "./common";

export const LossRateProductName = z.enum(["futures", "options", "all"]);

export const LossRate = z.object({
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe("the business date of the figure (YYYY-MM-DD); the window is the 12 months before it"),
  minimumSample: z.number().int().describe("fewer customers with a closed trade than this: losingShare is null"),
  products: z.array(
    z.object({
      product: LossRateProductName,
      customers: z.number().int().describe("customers with at least one closed trade in the window"),
      losingShare: DecimalString.nullable().describe(
        'fraction of them whose realised result incl. fees was below zero, 4 places rounded half up ("0.7123"); null below the minimum sample',
      ),
    }),
  ),
});
export type LossRate = z.infer<typeof LossRate>;

export const MY_RESULTS_MAX_MONTHS = 24;

export const MyResultsQuery = z.object({
  months: z.coerce
    .number()
    .int()
    .min(1)
    .max(MY_RESULTS_MAX_MONTHS)
    .default(12)
    .describe("this month and the ones before it"),
});

const MonthFigures = {
  futuresPnl: DecimalString.describe("closed futures P&L before fees (negative = a loss)"),
  futuresFees: DecimalString.describe("futures opening and closing fees paid"),
  optionsPnl: DecimalString.describe("settled options: payouts minus lost stakes"),
  spotFees: DecimalString.describe("spot trading fees paid"),
  interestPaid: DecimalString.describe("loan interest paid"),
  net: DecimalString.describe("futuresPnl − futuresFees + optionsPnl − spotFees − interestPaid"),
};

export const MyResults = z.object({
  currency: z
    .literal("USDT")
    .describe("every figure in USDT at today's prices; currencies without a price are left out"),
  from: IsoDate,
  to: IsoDate,
  months: z
    .array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...MonthFigures }))
    .describe("oldest first, every month of the period"),
  totals: z.object(MonthFigures),
});
export type MyResults = z.infer<typeof MyResults>;
