// Realised profit and loss of spot trades, first in first out, per asset (issue 34 §3): each
// sell is matched against the oldest bought lots still held. Amounts are decimal strings in
// the quote currency; a buy's fee adds to its lots' cost, a sell's fee is taken from its
// proceeds. A sell larger than the lots bought before it (the asset came in by a deposit or
// before the records start) is not guessed at: the covered part is realised, the rest is
// reported as `uncovered` and carries no P&L.
import { type Decimal, dec, toMoneyString } from "../money";

/** 18 places, the ledger's scale. */
const money = (d: Decimal) => toMoneyString(d.toDecimalPlaces(18));

export interface SpotFill {
  id: string | number;
  /** The asset bought or sold (FIFO runs per asset). */
  asset: string;
  side: "buy" | "sell";
  quantity: string;
  price: string;
  /** Fee in the quote currency. */
  fee: string;
}

export interface RealisedSell {
  id: string | number;
  asset: string;
  quantity: string;
  /** Quantity matched against earlier buys. */
  matched: string;
  /** Quantity sold beyond the lots held (no cost known): "0" when fully covered. */
  uncovered: string;
  /** Cost of the matched lots (their price × quantity plus their share of the buy fees). */
  cost: string;
  /** Proceeds of the matched part, after its share of this sell's fee. */
  proceeds: string;
  /** proceeds − cost. */
  realised: string;
}

interface Lot {
  quantity: Decimal;
  /** Cost per unit, fees included. */
  unitCost: Decimal;
}

/** Realised P&L of every sell in `fills` (in the order given: oldest first). */
export function fifoRealised(fills: readonly SpotFill[]): RealisedSell[] {
  const lots = new Map<string, Lot[]>();
  const out: RealisedSell[] = [];
  for (const f of fills) {
    const quantity = dec(f.quantity);
    if (quantity.lte(0)) throw new RangeError(`fill ${f.id}: quantity must be positive`);
    const held = lots.get(f.asset) ?? [];
    lots.set(f.asset, held);
    if (f.side === "buy") {
      held.push({ quantity, unitCost: quantity.mul(f.price).plus(f.fee).div(quantity) });
      continue;
    }
    let left = quantity;
    let cost = dec(0);
    while (left.gt(0) && held.length > 0) {
      const lot = held[0] as Lot;
      const take = minOf(lot.quantity, left);
      cost = cost.plus(take.mul(lot.unitCost));
      lot.quantity = lot.quantity.minus(take);
      left = left.minus(take);
      if (lot.quantity.isZero()) held.shift();
    }
    const matched = quantity.minus(left);
    const netProceeds = quantity.mul(f.price).minus(f.fee);
    const proceeds = netProceeds.mul(matched).div(quantity);
    out.push({
      id: f.id,
      asset: f.asset,
      quantity: toMoneyString(quantity),
      matched: toMoneyString(matched),
      uncovered: toMoneyString(left),
      cost: money(cost),
      proceeds: money(proceeds),
      realised: money(proceeds.minus(cost)),
    });
  }
  return out;
}

const minOf = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b);
