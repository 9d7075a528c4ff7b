// One strategy fill on the customer's `earn` accounts: the ledger batch (quote ↔ treasury ↔
// base, fee to `fees`) and its quant_fills row with the tick it executed at, in the caller's
// transaction, both keyed by the order's fill sequence so nothing applies twice.
import type { StrategyOrder } from "@candor/domain";
import { dec } from "@candor/domain";
import type { Db } from "../../../db";
import { batch, type LedgerOp, platformAccount, userAccount } from "../../ledger/service";
import { quantFills } from "../schema";

export interface QuantTick {
  bid: string;
  ask: string;
  ts: number;
}

export interface FillTarget {
  orderId: number;
  userId: number;
  symbol: string;
  base: string;
  quote: string;
}

/** The four-or-fewer legs of one fill (kinds quant_trade / quant_fee). */
export function quantFillOps(target: FillTarget, o: StrategyOrder, key: string): LedgerOp[] {
  const earn = userAccount(target.userId, "earn");
  const treasury = platformAccount("treasury");
  const reference = { type: "earn_order", id: target.orderId };
  const kind = "quant_trade";
  const legs: LedgerOp[] =
    o.side === "buy"
      ? [
          {
            type: "transfer",
            currency: target.quote,
            debit: earn,
            credit: treasury,
            amount: o.notional,
            key,
            kind,
            reference,
          },
          {
            type: "transfer",
            currency: target.base,
            debit: treasury,
            credit: earn,
            amount: o.quantity,
            key: `${key}:receive`,
            kind,
            reference,
          },
        ]
      : [
          {
            type: "transfer",
            currency: target.base,
            debit: earn,
            credit: treasury,
            amount: o.quantity,
            key,
            kind,
            reference,
          },
          {
            type: "transfer",
            currency: target.quote,
            debit: treasury,
            credit: earn,
            amount: o.notional,
            key: `${key}:receive`,
            kind,
            reference,
          },
        ];
  const ops = legs.filter((op) => op.type !== "transfer" || dec(op.amount).gt(0));
  if (dec(o.fee).gt(0)) {
    ops.push({
      type: "transfer",
      currency: target.quote,
      debit: earn,
      credit: platformAccount("fees"),
      amount: o.fee,
      key: `${key}:fee`,
      kind: "quant_fee",
      reference,
    });
  }
  return ops;
}

/** Records and books one fill inside `tx`; `seq` numbers the order's fills (the idempotency key). */
export async function bookFill(tx: Db, target: FillTarget, o: StrategyOrder, tick: QuantTick, seq: number, at: Date) {
  const key = `quant:${target.orderId}:fill:${seq}`;
  await tx.insert(quantFills).values({
    orderId: target.orderId,
    userId: target.userId,
    fillKey: key,
    symbol: target.symbol,
    side: o.side,
    price: o.price,
    quantity: o.quantity,
    fee: o.fee,
    reason: o.reason,
    tickBid: tick.bid,
    tickAsk: tick.ask,
    tickTs: tick.ts,
    createdAt: at,
  });
  await batch(tx, quantFillOps(target, o, key));
}
