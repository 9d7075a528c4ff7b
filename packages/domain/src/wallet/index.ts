// Wallet arithmetic shown before a request: what a withdrawal pays out.
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";

/** What the customer receives: amount − fee, truncated to the currency's decimals, never below 0. */
export function withdrawalReceive(amount: DecimalInput, fee: DecimalInput, precision: number): string {
  const r = dec(amount).minus(fee);
  return r.isNeg() ? "0" : toMoneyString(r.toDecimalPlaces(precision, Decimal.ROUND_DOWN));
}

export * from "./net-assets";
