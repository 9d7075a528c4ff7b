// What a tick decides for one pledge loan, settled in its own transaction: the row is
// locked, caught up on interest, and re-evaluated with its own figures at the tick's bid
// (the leader's index may be behind); then a margin call is raised, cleared, or the loan is
// liquidated. Never twice: the row lock, the status / margin_call guards and the ledger keys
// loan:<id>:liquidate:… — a crash rolls the whole transaction back and a replay of the same
// recorded tick settles it once.
//
//   liquidate: collateral → house (collateral currency)   key loan:<id>:liquidate:sell
//              house → interest, house → treasury         keys …:interest, …:principal
//              house → spot (proceeds beyond the debt)    key …:surplus
//              collateral → spot (the rest)               key …:release
//   A shortfall (collateral worth less than the debt after a gap) stays with the platform.
import type { LoanMarginCallEvent, LoanStatusEvent } from "@candor/contract";
import { dec, liquidation, loanToValue, ltvStage, priceAtLtv, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { accrueOrder } from "./accrual";
import { isOpen, type LoansDeps, owedOf, places, recordEvent, touched } from "./orders";
import { type LoanOrderRow, loanEvidence, loanLiquidations, loanOrders, loanRepayments } from "./schema";

export interface LoanTickCause {
  symbol: string;
  /** Feed (mid) price and time of the tick: the evidence. */
  price: string;
  ts: number;
  bid: string;
  ask: string;
}

export interface LoanSettleHooks {
  /** Test hook: runs after the liquidation's ledger batch, before the status update (throw = crash). */
  beforeCommit?: (id: number) => void | Promise<void>;
}

export type LoanTickOutcome =
  | {
      outcome: "liquidated" | "margin_call" | "margin_call_cleared";
      row: LoanOrderRow;
      events: LoanStatusEvent[];
      marginCall?: LoanMarginCallEvent;
    }
  | { outcome: "notOpen" | "notTriggered"; row: LoanOrderRow | null; events: LoanStatusEvent[] };

export async function settleLoanTick(
  deps: LoansDeps,
  id: number,
  tick: LoanTickCause,
  hooks: LoanSettleHooks = {},
): Promise<LoanTickOutcome> {
  return ledgerTransaction(deps.db, async (tx): Promise<LoanTickOutcome> => {
    const [locked] = await tx.select().from(loanOrders).where(eq(loanOrders.id, id)).for("update");
    if (locked?.type !== "pledge" || !isOpen(locked.status)) {
      return { outcome: "notOpen", row: locked ?? null, events: [] };
    }
    const caught = await accrueOrder(tx, locked, deps.clock.nowMs());
    let row = caught.row;
    const events = [...caught.events];
    const owed = owedOf(row);
    const collateral = dec(row.collateralAmount ?? 0);
    const thresholds = { marginCallLtv: row.marginCallLtv ?? "1", liquidationLtv: row.liquidationLtv ?? "1" };
    const stage = ltvStage(owed, collateral, tick.bid, thresholds);
    const ltv = loanToValue(owed, collateral, tick.bid) ?? "1";
    const evidence = (kind: "margin_call" | "margin_call_cleared" | "liquidation") =>
      tx
        .insert(loanEvidence)
        .values({
          orderId: row.id,
          kind,
          symbol: tick.symbol,
          price: tick.price,
          bid: tick.bid,
          ask: tick.ask,
          tickAt: new Date(tick.ts),
          ltv,
        })
        .onConflictDoNothing();
    const priceSeen = { lastPrice: tick.bid, lastPriceAt: new Date(tick.ts) };

    if (stage === "liquidate") {
      const currency = row.currency;
      const collateralCurrency = row.collateralCurrency ?? "";
      const l = liquidation(
        owed,
        collateral,
        tick.bid,
        await places(tx, collateralCurrency),
        await places(tx, currency),
      );
      const interest = dec(l.applied).lt(row.interestOutstanding) ? dec(l.applied) : dec(row.interestOutstanding);
      const principal = dec(l.applied).minus(interest);
      const reference = { type: "loan", id: row.id };
      const key = (part: string) => `loan:${row.id}:liquidate:${part}`;
      const ops: LedgerOp[] = [];
      const move = (op: Omit<LedgerOp & { type: "transfer" }, "type" | "reference">) => {
        if (dec(op.amount).gt(0)) ops.push({ type: "transfer", reference, ...op });
      };
      move({
        currency: collateralCurrency,
        debit: userAccount(row.userId, "collateral"),
        credit: platformAccount("house"),
        amount: l.quantitySold,
        key: key("sell"),
        kind: "loan_liquidation",
      });
      move({
        currency,
        debit: platformAccount("house"),
        credit: platformAccount("interest"),
        amount: toMoneyString(interest),
        key: key("interest"),
        kind: "loan_interest",
      });
      move({
        currency,
        debit: platformAccount("house"),
        credit: platformAccount("treasury"),
        amount: toMoneyString(principal),
        key: key("principal"),
        kind: "loan_repay",
      });
      move({
        currency,
        debit: platformAccount("house"),
        credit: userAccount(row.userId, "spot"),
        amount: l.surplus,
        key: key("surplus"),
        kind: "loan_liquidation",
      });
      move({
        currency: collateralCurrency,
        debit: userAccount(row.userId, "collateral"),
        credit: userAccount(row.userId, "spot"),
        amount: l.collateralReturned,
        key: key("release"),
        kind: "loan_collateral_release",
      });
      await batch(tx, ops);
      await hooks.beforeCommit?.(row.id);
      await tx.insert(loanLiquidations).values({
        orderId: row.id,
        price: tick.bid,
        quantitySold: l.quantitySold,
        proceeds: l.proceeds,
        applied: l.applied,
        surplus: l.surplus,
        collateralReturned: l.collateralReturned,
        shortfall: l.shortfall,
      });
      await tx.insert(loanRepayments).values({
        orderId: row.id,
        kind: "liquidation",
        amount: l.applied,
        interest: toMoneyString(interest),
        principal: toMoneyString(principal),
        outstandingAfter: "0",
      });
      await evidence("liquidation");
      const [closed] = await tx
        .update(loanOrders)
        .set({
          status: "liquidated",
          principalOutstanding: "0",
          interestOutstanding: "0",
          interestPaid: sql`${loanOrders.interestPaid} + ${toMoneyString(interest)}`,
          marginCall: false,
          closedAt: deps.clock.now(),
          ...priceSeen,
          ...touched,
        })
        .where(and(eq(loanOrders.id, row.id), sql`${loanOrders.status} IN ('passed', 'overdue')`))
        .returning();
      if (!closed) throw new Error(`loan ${row.id} left the open state inside its own transaction`);
      events.push(
        await recordEvent(tx, closed, "liquidated", "liquidated", {
          ltv,
          threshold: toMoneyString(thresholds.liquidationLtv),
          symbol: tick.symbol,
          bid: tick.bid,
          sold: l.quantitySold,
          returned: l.collateralReturned,
          collateralCurrency,
        }),
      );
      return { outcome: "liquidated", row: closed, events };
    }

    if (stage === "margin_call" && !row.marginCall) {
      const [written] = await tx
        .update(loanOrders)
        .set({ marginCall: true, ...priceSeen, ...touched })
        .where(and(eq(loanOrders.id, row.id), eq(loanOrders.marginCall, false)))
        .returning();
      if (!written) return { outcome: "notTriggered", row, events };
      row = written;
      await evidence("margin_call");
      events.push(
        await recordEvent(tx, row, row.status, "margin_call", {
          ltv,
          threshold: toMoneyString(thresholds.marginCallLtv),
          symbol: tick.symbol,
          bid: tick.bid,
        }),
      );
      const marginCall: LoanMarginCallEvent = {
        userId: row.userId,
        orderId: row.id,
        currency: row.currency,
        collateralCurrency: row.collateralCurrency ?? "",
        ltv,
        marginCallLtv: toMoneyString(thresholds.marginCallLtv),
        liquidationLtv: toMoneyString(thresholds.liquidationLtv),
        price: tick.bid,
        liquidationPrice: priceAtLtv(owed, collateral, thresholds.liquidationLtv),
        ts: tick.ts,
      };
      return { outcome: "margin_call", row, events, marginCall };
    }

    // A raised margin call clears on a tick only once the LTV is back at the initial LTV
    // (so a price hovering at the threshold does not flood the inbox).
    if (stage === "ok" && row.marginCall && dec(ltv).lte(row.initialLtv ?? "0")) {
      const [written] = await tx
        .update(loanOrders)
        .set({ marginCall: false, ...priceSeen, ...touched })
        .where(and(eq(loanOrders.id, row.id), eq(loanOrders.marginCall, true)))
        .returning();
      if (!written) return { outcome: "notTriggered", row, events };
      row = written;
      await evidence("margin_call_cleared");
      events.push(
        await recordEvent(tx, row, row.status, "margin_call_cleared", {
          ltv,
          threshold: toMoneyString(thresholds.marginCallLtv),
        }),
      );
      return { outcome: "margin_call_cleared", row, events };
    }
    return { outcome: "notTriggered", row, events };
  });
}
