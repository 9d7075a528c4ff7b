// The share of customers who lost money trading (issue 34 §1, docs/contract.md "Consumer
// protection"): from each customer's realised result per product over the window (P&L
// including fees, real money only; the server sums the ledger), the share whose result is
// below zero, per product and overall. A customer counts for a product when they closed at
// least one trade in it; "all" counts a customer once, with futures and options summed.
// Below the minimum sample the share is null (the general warning shows instead).
import { Decimal, dec } from "../money";

export const LOSS_RATE_PRODUCTS = ["futures", "options", "all"] as const;
export type LossRateProduct = (typeof LOSS_RATE_PRODUCTS)[number];

/** Decimal places of the share; rounded half up ("0.71235" → "0.7124"). */
export const LOSS_SHARE_PLACES = 4;

/** One customer's realised results in the window: null = no closed trade in that product. */
export interface CustomerResult {
  futures: string | null;
  options: string | null;
}

export interface LossRateFigure {
  product: LossRateProduct;
  customers: number;
  losing: number;
  /** Decimal fraction string with LOSS_SHARE_PLACES places, or null below the minimum sample. */
  losingShare: string | null;
}

/** `losing / customers` as a decimal fraction string (4 places, half up); null below `minimumSample` or with nobody. */
export function losingShare(losing: number, customers: number, minimumSample: number): string | null {
  if (customers <= 0 || customers < minimumSample) return null;
  return dec(losing)
    .div(customers)
    .toDecimalPlaces(LOSS_SHARE_PLACES, Decimal.ROUND_HALF_UP)
    .toFixed(LOSS_SHARE_PLACES);
}

/** The figures per product (futures, options, all) from every customer's results. */
export function lossRate(results: readonly CustomerResult[], minimumSample: number): LossRateFigure[] {
  const count = { futures: [0, 0], options: [0, 0], all: [0, 0] } as Record<LossRateProduct, [number, number]>;
  for (const r of results) {
    let total: Decimal | null = null;
    for (const product of ["futures", "options"] as const) {
      const net = r[product];
      if (net === null) continue;
      count[product][0] += 1;
      if (dec(net).lt(0)) count[product][1] += 1;
      total = (total ?? dec(0)).plus(net);
    }
    if (total === null) continue;
    count.all[0] += 1;
    if (total.lt(0)) count.all[1] += 1;
  }
  return LOSS_RATE_PRODUCTS.map((product) => {
    const [customers, losing] = count[product];
    return { product, customers, losing, losingShare: losingShare(losing, customers, minimumSample) };
  });
}
