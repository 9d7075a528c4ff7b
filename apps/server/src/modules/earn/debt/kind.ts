// Debt claims: raised until saleEndAt, then lent to the borrower at a contractual rate for
// the term. No daily income: the borrower's repayments and a default are shared pro rata by
// the operator's actions (./claims.ts); the orders start and end with the loan.
import { dec, toMoneyString } from "@candor/domain";
import type { EarnKind } from "../kind";
import { configOf, localize, type ProductRow } from "../model";
import { maturityOf } from "./schedule";

export const debtKind: EarnKind<"debt"> = {
  type: "debt",
  rateBasis: "fixed",
  buyVia: "debit",
  fixedRate: true,
  earlyRedemption: false,
  raises: true,
  config(input, invalid) {
    if (!input.borrower || !input.defaultPolicy) throw invalid("borrower", "borrower and defaultPolicy are required");
    if (!input.totalAmount) throw invalid("totalAmount", "required for debt claims");
    return { borrower: input.borrower, defaultPolicy: input.defaultPolicy };
  },
  productView(row, ctx) {
    const c = configOf<"debt">(row);
    return {
      borrower: localize(c.borrower, ctx.lang),
      defaultPolicy: localize(c.defaultPolicy, ctx.lang),
      repaymentSchedule: debtSchedule(row),
    };
  },
  canSell: () => true,
  term(product, nowMs) {
    const startAt = product.loanStartAt ? new Date(product.loanStartAt) : new Date(nowMs);
    return { startAt, endAt: maturityOf(product), running: startAt.getTime() <= nowMs, endJob: false };
  },
  orderValues: () => ({ hashrate: null }),
  purchase: { to: "earn", ledgerKind: "earn" },
  termEnd: null,
  orderView: () => ({}),
};

/** Interest every 30 days and at maturity, principal at maturity; per 100 units invested. */
export function debtSchedule(row: Pick<ProductRow, "termDays" | "dailyRate">) {
  const rate = dec(row.dailyRate ?? "0");
  const out: { day: number; kind: "interest" | "principal"; per100: string }[] = [];
  for (let from = 0; from < row.termDays; from += 30) {
    const to = Math.min(row.termDays, from + 30);
    out.push({ day: to, kind: "interest", per100: toMoneyString(rate.mul(100).mul(to - from)) });
  }
  out.push({ day: row.termDays, kind: "principal", per100: "100" });
  return out;
}
