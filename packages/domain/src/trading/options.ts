// Short-term options ("second contract"): up/down over a fixed period, settled from
// the first recorded tick at or after expiry. payoutRate is the profit share.
import { type DecimalInput, dec, toMoneyString } from "../money";

export type OptionDirection = "up" | "down";
export type OptionResult = "win" | "lose" | "draw";

export function optionResult(
  direction: OptionDirection,
  openPrice: DecimalInput,
  closePrice: DecimalInput,
): OptionResult {
  const cmp = dec(closePrice).comparedTo(dec(openPrice));
  if (cmp === 0) return "draw";
  return cmp > 0 === (direction === "up") ? "win" : "lose";
}

/** Total returned: win → stake × (1 + payoutRate); draw → stake; lose → 0. */
export function optionPayout(stake: DecimalInput, payoutRate: DecimalInput, result: OptionResult): string {
  if (result === "win") return toMoneyString(dec(stake).mul(dec(1).plus(payoutRate)).toDecimalPlaces(8, 1));
  if (result === "draw") return toMoneyString(stake);
  return "0";
}

/** Options open at the mid price of the tick: no spread on a binary outcome. */
export type OptionStakeProblem = "belowMin" | "aboveMax" | null;
export function optionStakeProblem(
  amount: DecimalInput,
  minAmount: DecimalInput,
  maxAmount: DecimalInput,
): OptionStakeProblem {
  const a = dec(amount);
  if (a.lt(minAmount)) return "belowMin";
  if (a.gt(maxAmount)) return "aboveMax";
  return null;
}

/** What a settled (or previewed) stake nets: payout − stake. */
export function optionNet(stake: DecimalInput, payout: DecimalInput): string {
  return toMoneyString(dec(payout).minus(stake));
}
