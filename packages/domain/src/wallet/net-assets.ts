// The asset centre's net figure (docs/product.md "Money", issue 35 §3): what the customer
// owns in real money less what they owe on loans. Virtual money (demo, contests) is never in
// either side; the caller values each part in USDT before it gets here.
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";

/** USDT values are shown to 8 places. */
const VALUE_PLACES = 8;

/** One currency's debt (principal and interest outstanding) and its USDT rate (null: no price yet). */
export interface Owed {
  currency: string;
  amount: DecimalInput;
  usdtRate: DecimalInput | null;
}

/**
 * What the loans cost in USDT: each debt at its rate, rounded UP to 8 places (a debt is never
 * shown smaller than it is); debts without a price are listed, not guessed.
 */
export function loansOwedUsdt(owed: readonly Owed[]): { usdt: string; unpriced: string[] } {
  let sum = dec(0);
  const unpriced: string[] = [];
  for (const o of owed) {
    if (dec(o.amount).isZero()) continue;
    if (o.usdtRate === null) {
      unpriced.push(o.currency);
      continue;
    }
    sum = sum.plus(dec(o.amount).mul(o.usdtRate).toDecimalPlaces(VALUE_PLACES, Decimal.ROUND_UP));
  }
  return { usdt: toMoneyString(sum), unpriced: [...new Set(unpriced)].sort() };
}

/**
 * Net assets = real assets − loans owed. Negative when the debt is larger than everything
 * held (shown as it is: an honest number, not clamped to zero).
 */
export function netAssetsUsdt(totalUsdt: DecimalInput, loansOwed: DecimalInput): string {
  return toMoneyString(dec(totalUsdt).minus(loansOwed));
}
