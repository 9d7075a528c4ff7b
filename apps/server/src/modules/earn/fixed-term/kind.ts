// Fixed-term ("arbitrage" in the seed's routes): a rate the platform pays every day of the
// term from its interest account; the principal returns at the end; early redemption where
// the product allows it (principal back minus the interest paid so far, ./../redeem.ts).
import { dailyInterest, dec, toMoneyString } from "@candor/domain";
import { DAY_MS } from "../../clock/service";
import type { EarnKind } from "../kind";

export const fixedTermKind: EarnKind<"arbitrage"> = {
  type: "arbitrage",
  rateBasis: "fixed",
  buyVia: "debit",
  fixedRate: true,
  earlyRedemption: true,
  raises: false,
  config: () => ({}),
  productView: () => ({}),
  canSell: () => true,
  term: (product, nowMs) => ({
    startAt: new Date(nowMs),
    endAt: new Date(nowMs + product.termDays * DAY_MS),
    running: true,
    endJob: true,
  }),
  orderValues: () => ({ hashrate: null }),
  purchase: { to: "earn", ledgerKind: "earn" },
  daily: {
    incomeKind: "interest",
    payer: "interest",
    ledgerKind: "earn_interest",
    day: async (o, _day, places) => ({
      amount: dailyInterest(o.amount, o.daily_rate ?? "0", places),
      inputs: { amount: toMoneyString(dec(o.amount)), dailyRate: toMoneyString(dec(o.daily_rate ?? "0")) },
    }),
  },
  termEnd: { principalBack: true },
  orderView: () => ({}),
};
