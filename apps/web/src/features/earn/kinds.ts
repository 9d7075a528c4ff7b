// What each earn product type changes on the earn screens, one entry per type: the endpoint
// it is bought through, whether its value moves with the market (automated strategies:
// polled, shown as value and P&L, stopped rather than redeemed, fills instead of incomes) and
// the note under a running order. Adding a type: its entry here and its screens.
import type { EarnOrder, EarnType } from "@candor/contract";
import { earnPaths } from "@candor/contract/paths";

export interface EarnKindUi {
  readonly buyPath: typeof earnPaths.debitBuy | typeof earnPaths.minerBuy;
  /** The order runs a strategy: live value, P&L, stop, fills. */
  readonly strategy: boolean;
  /** The translation key of the note under a running order; null: none. */
  runningNote(order: Pick<EarnOrder, "earlyRedemption">): string | null;
}

const redemptionNote = (o: Pick<EarnOrder, "earlyRedemption">) =>
  o.earlyRedemption ? "redeemAllowed" : "earlyRedemptionNone";

export const earnKinds: { readonly [T in EarnType]: EarnKindUi } = {
  arbitrage: { buyPath: earnPaths.debitBuy, strategy: false, runningNote: redemptionNote },
  quant: { buyPath: earnPaths.debitBuy, strategy: true, runningNote: () => null },
  mining: { buyPath: earnPaths.minerBuy, strategy: false, runningNote: () => "mining.notReturned" },
  debt: { buyPath: earnPaths.debitBuy, strategy: false, runningNote: redemptionNote },
};
