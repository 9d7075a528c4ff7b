// Settling futures positions: settleOpenPosition — the one settlement function the close
// endpoint, the settlement engine and the demo reset share — its ledger batch, and what the
// settlement leader reads to index open positions (re-exported by ./service, so callers
// keep importing from there).
//
//   settle: house ⇄ margin (P&L, a loss capped at the margin), margin → fees (closing fee),
//           margin → available (what is left), keys settle:position:<id>:pnl / :fee / :return
//           and the position's risk reservation released (modules/risk)
import {
  type CloseReason,
  DEFAULT_FEE_RATES,
  dec,
  evaluatePosition,
  exitPrice,
  type IndexComponent,
  type LevelTimes,
  levelsAtTick,
  type OpenPositionView,
  type Settlement,
  settlePosition,
  toMoneyString,
} from "@candor/domain";
import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { modeMoney } from "../../lib/trade-mode";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { releaseRisk } from "../risk/service";
import type { ContractsDeps } from "./context";
import type { IndexedPositionData } from "./events";
import { type FuturesPositionRow, futuresPositions } from "./schema";

type Row = FuturesPositionRow;

/** Fee rates of this deployment (fractions of the notional, see the domain). */
export const FEE_RATES = DEFAULT_FEE_RATES;

export function indexData(row: Row): IndexedPositionData {
  return {
    id: row.id,
    userId: row.userId,
    symbol: row.symbol,
    direction: row.direction,
    openPrice: row.openPrice,
    quantity: row.quantity,
    margin: row.margin,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    closeOutPrice: row.closeOutPrice,
    openTickTs: row.openTickAt.getTime(),
    takeProfitSetTs: row.takeProfitSetAt?.getTime() ?? null,
    stopLossSetTs: row.stopLossSetAt?.getTime() ?? null,
    contestId: row.contestId ?? null,
    spread: row.spread ?? null,
    mode: row.mode,
  };
}

/** The position as the domain functions see it. */
export function positionView(p: Pick<Row, keyof OpenPositionView>): OpenPositionView {
  return {
    direction: p.direction,
    openPrice: p.openPrice,
    quantity: p.quantity,
    margin: p.margin,
    takeProfit: p.takeProfit,
    stopLoss: p.stopLoss,
    closeOutPrice: p.closeOutPrice,
  };
}

/** When the row's take-profit and stop-loss were set (null: at open). */
export function levelTimes(row: Pick<Row, "takeProfitSetAt" | "stopLossSetAt">): LevelTimes {
  return {
    takeProfitSetTs: row.takeProfitSetAt?.getTime() ?? null,
    stopLossSetTs: row.stopLossSetAt?.getTime() ?? null,
  };
}

/** Why and at which prices a position is being settled. */
export interface SettleCause {
  /** manual: close at the exit price now; tick: only if evaluatePosition says so under the row lock. */
  kind: "manual" | "tick";
  bid: string;
  ask: string;
  /** The feed tick (mid + time, and an index tick's venue readings) the prices came from: stored as evidence. */
  tick: { price: string; ts: number; sources?: IndexComponent[] | undefined };
}

export type SettleOutcome =
  | { outcome: "settled"; row: Row }
  | { outcome: "notOpen"; row: Row | null }
  | { outcome: "notTriggered"; row: Row };

export interface SettleHooks {
  /** Test hook: runs after the ledger batch, before the final status update (throw = crash mid-batch). */
  beforeCommit?: (id: number) => void | Promise<void>;
}

/** The ledger batch of a settlement: the margin account of the position ends where it started. */
function settlementOps(row: Row, s: Settlement): LedgerOp[] {
  const { availableKind } = modeMoney(row.mode);
  const reference = { type: "futures_position", id: row.id };
  const margin = userAccount(row.userId, "margin");
  const base = { type: "transfer" as const, currency: row.currency, reference };
  // What the house pays (> 0) or receives (< 0): returned + fee − margin.
  const house = dec(s.returned).plus(s.closingFee).minus(row.margin);
  const ops: LedgerOp[] = [];
  if (house.gt(0)) {
    ops.push({
      ...base,
      debit: platformAccount("house"),
      credit: margin,
      amount: toMoneyString(house),
      key: `settle:position:${row.id}:pnl`,
      kind: "futures_pnl",
    });
  } else if (house.lt(0)) {
    ops.push({
      ...base,
      debit: margin,
      credit: platformAccount("house"),
      amount: toMoneyString(house.neg()),
      key: `settle:position:${row.id}:pnl`,
      kind: "futures_pnl",
    });
  }
  if (dec(s.closingFee).gt(0)) {
    ops.push({
      ...base,
      debit: margin,
      credit: platformAccount("fees"),
      amount: s.closingFee,
      key: `settle:position:${row.id}:fee`,
      kind: "futures_fee",
    });
  }
  if (dec(s.returned).gt(0)) {
    ops.push({
      ...base,
      debit: margin,
      credit: userAccount(row.userId, availableKind),
      amount: s.returned,
      key: `settle:position:${row.id}:return`,
      kind: "futures_margin",
    });
  }
  return ops;
}

/**
 * Settles one position in its own transaction (or the caller's, when `db` is one): lock
 * the row, check it is open (and, for a tick, that the tick really closes it with the
 * row's current TP/SL), mark it settling, move the money, close it with the evidence.
 * Never settles twice: the row lock + `status = 'open'` guard + the ledger keys.
 */
export async function settleOpenPosition(
  db: Db,
  id: number,
  cause: SettleCause,
  opts: { userId?: number; hooks?: SettleHooks } = {},
): Promise<SettleOutcome> {
  return ledgerTransaction(db, async (tx): Promise<SettleOutcome> => {
    const mine = opts.userId === undefined ? sql`true` : eq(futuresPositions.userId, opts.userId);
    const [row] = await tx
      .select()
      .from(futuresPositions)
      .where(and(eq(futuresPositions.id, id), mine))
      .for("update");
    if (row?.status !== "open") return { outcome: "notOpen", row: row ?? null };
    let reason: CloseReason = "manual";
    let price: string;
    if (cause.kind === "tick") {
      // A level set after the tick did not exist when the tick happened (replays after a failover).
      const hit = evaluatePosition(
        levelsAtTick(positionView(row), levelTimes(row), cause.tick.ts),
        cause.bid,
        cause.ask,
      );
      if (!hit) return { outcome: "notTriggered", row };
      reason = hit.reason;
      price = hit.price;
    } else {
      price = exitPrice(row.direction, cause.bid, cause.ask);
    }
    const [claimed] = await tx
      .update(futuresPositions)
      .set({ status: "settling", updatedAt: sql`now()` })
      .where(and(eq(futuresPositions.id, id), eq(futuresPositions.status, "open")))
      .returning({ id: futuresPositions.id });
    if (!claimed) return { outcome: "notOpen", row };
    const s = settlePosition(positionView(row), price, FEE_RATES);
    await batch(tx, settlementOps(row, s));
    await opts.hooks?.beforeCommit?.(id);
    const [closed] = await tx
      .update(futuresPositions)
      .set({
        status: "closed",
        closeReason: reason,
        closePrice: s.closePrice,
        closeFee: s.closingFee,
        pnl: s.pnl,
        returned: s.returned,
        closeTickPrice: cause.tick.price,
        closeTickAt: new Date(cause.tick.ts),
        closeTickSources: cause.tick.sources ?? null,
        closedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(futuresPositions.id, id), eq(futuresPositions.status, "settling")))
      .returning();
    if (!closed) throw new Error(`position ${id} left the settling state inside its own transaction`);
    // Its worst case no longer counts against the house's limit: the P&L is booked now.
    await releaseRisk(tx, { type: "futures_position", id }, row.currency);
    return { outcome: "settled", row: closed };
  });
}

// ── For the settlement engine ────────────────────────────────────────────────────────────

/** Every position not closed yet (the settlement index at leader start). */
export async function loadOpenPositions(db: Db): Promise<IndexedPositionData[]> {
  const rows = await db.select().from(futuresPositions).where(ne(futuresPositions.status, "closed"));
  return rows.map(indexData);
}

/** A position as the settlement index sees it, whether it is still open, and when its row was last written. */
export type ChangedPosition = IndexedPositionData & { open: boolean; updatedTs: number };

/**
 * Positions whose row was written (opened, TP/SL changed, closed) at or after `since`
 * (database clock), open or not: the settlement leader's reconcile with the database,
 * independent of the event bus. `updated_at` is the writing transaction's start time, so
 * the caller looks back a margin longer than a transaction may take to commit.
 */
export async function loadPositionsChangedSince(db: Db, since: Date): Promise<ChangedPosition[]> {
  const rows = await db.select().from(futuresPositions).where(gte(futuresPositions.updatedAt, since));
  return rows.map((row) => ({ ...indexData(row), open: row.status !== "closed", updatedTs: row.updatedAt.getTime() }));
}

export function publishPosition(deps: ContractsDeps, type: "opened" | "updated" | "closed", row: Row): void {
  deps.bus?.publish("futures.position", { type, position: indexData(row) });
}

/** The database clock now (ms): `updated_at` is written with it, whatever this node's clock says. */
export async function databaseNow(db: Db): Promise<number> {
  const result = (await db.execute(sql`SELECT now() AS now`)) as unknown as { rows: Array<{ now: Date | string }> };
  const now = result.rows[0]?.now;
  if (now === undefined) throw new Error("SELECT now() returned no row");
  return new Date(now).getTime();
}
