// What every loan operation shares: the module's dependencies, settings and orders as the
// customer sees them (live LTV and trigger prices from the last tick), the status history
// (one row per change, reasons translated when read), events after commit, and the index
// entry the settlement leader keeps per open pledge loan.
import type {
  Lang,
  LoanEvidenceTick,
  LoanOrder,
  LoanSet,
  LoanStatusChange,
  LoanStatusEvent,
  OperatorLoanSet,
} from "@candor/contract";
import { dec, loanToValue, priceAtLtv, quoteFromMid, toMoneyString, truncate } from "@candor/domain";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import { type MessageKey, t } from "../../i18n";
import { notFound } from "../../lib/errors";
import type { AppEvents, EventBus } from "../../lib/event-bus";
import type { BusinessClock } from "../clock/service";
import type { MarketService } from "../market/service";
import { findCurrency } from "../wallet/service";
import {
  type LoanOrderRow,
  type LoanSetRow,
  type LoanStatusValue,
  loanEvents,
  loanEvidence,
  loanOrders,
  loanSets,
} from "./schema";

export interface LoansDeps {
  db: Db;
  clock: BusinessClock;
  market: MarketService;
  bus?: EventBus<AppEvents>;
  log?: FastifyBaseLogger;
  /** The customer's VIP level (pluggable: the rewards module will own it; users.vip_level until then). */
  vipLevel?: (db: Db, userId: number) => Promise<number>;
}

export const OPEN_STATUSES: LoanStatusValue[] = ["passed", "overdue"];
export const isOpen = (status: LoanStatusValue) => status === "passed" || status === "overdue";

// ── Precision ────────────────────────────────────────────────────────────────────────

// Per database: one process may serve several (tests build an app per database).
const precisionCache = new WeakMap<Db, Map<string, number>>();
/** Decimals of a currency (wallet settings; 8 when unknown). */
export async function places(db: Db, currency: string): Promise<number> {
  let known = precisionCache.get(db);
  if (!known) {
    known = new Map();
    precisionCache.set(db, known);
  }
  const cached = known.get(currency);
  if (cached !== undefined) return cached;
  const p = (await findCurrency(db, currency))?.precision ?? 8;
  known.set(currency, p);
  return p;
}

export const collateralSymbol = (collateral: string, currency: string) => `${collateral}${currency}`;

// ── Settings ─────────────────────────────────────────────────────────────────────────

export const localize = (text: Record<string, string> | null | undefined, lang: Lang): string =>
  text?.[lang] ?? text?.["en-us"] ?? "";

export function toLoanSet(row: LoanSetRow, lang: Lang): LoanSet {
  const set: LoanSet = {
    id: row.id,
    type: row.type,
    currency: row.currency,
    minAmount: toMoneyString(row.minAmount),
    maxAmount: toMoneyString(row.maxAmount),
    days: row.days,
    dailyRate: toMoneyString(row.dailyRate),
    interestFreeDays: row.interestFreeDays,
    overdueRate: toMoneyString(row.overdueRate),
    name: localize(row.name, lang),
    riskNotice: localize(row.riskNotice, lang),
  };
  if (row.type === "pledge") {
    set.collateralCurrencies = row.collateralCurrencies ?? [];
    if (row.initialLtv) set.initialLtv = toMoneyString(row.initialLtv);
    if (row.marginCallLtv) set.marginCallLtv = toMoneyString(row.marginCallLtv);
    if (row.liquidationLtv) set.liquidationLtv = toMoneyString(row.liquidationLtv);
  }
  return set;
}

export function toOperatorLoanSet(row: LoanSetRow, lang: Lang): OperatorLoanSet {
  return {
    ...toLoanSet(row, lang),
    enabled: row.enabled,
    texts: { name: row.name, riskNotice: row.riskNotice },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSetRow(db: Db, id: number): Promise<LoanSetRow> {
  const [row] = await db.select().from(loanSets).where(eq(loanSets.id, id));
  if (!row) throw notFound("loanSetNotFound");
  return row;
}

// ── Orders ───────────────────────────────────────────────────────────────────────────

/** Principal + interest owed now. */
export const owedOf = (row: Pick<LoanOrderRow, "principalOutstanding" | "interestOutstanding">) =>
  dec(row.principalOutstanding).plus(row.interestOutstanding);

/** The collateral symbol's bid now (or null before a price). */
export function liveBid(
  market: MarketService,
  symbol: string,
): { bid: string; ask: string; price: string; ts: number } | null {
  const info = market.findSymbol(symbol);
  const tick = market.lastTick(symbol);
  if (!info || !tick) return null;
  return { ...quoteFromMid(tick.price, info.spread, info.pricePrecision), price: tick.price, ts: tick.ts };
}

/** Trigger prices for what is owed now, truncated to the symbol's decimals for display. */
export function triggerPrices(
  market: MarketService,
  row: LoanOrderRow,
): { marginCallPrice: string | null; liquidationPrice: string | null } {
  const collateral = dec(row.collateralAmount ?? 0);
  if (row.type !== "pledge" || collateral.lte(0) || !row.marginCallLtv || !row.liquidationLtv || !isOpen(row.status)) {
    return { marginCallPrice: null, liquidationPrice: null };
  }
  const pp = market.findSymbol(row.collateralSymbol ?? "")?.pricePrecision ?? 8;
  const owed = owedOf(row);
  const show = (p: string) => truncate(p, pp).toFixed(pp);
  return {
    marginCallPrice: show(priceAtLtv(owed, collateral, row.marginCallLtv)),
    liquidationPrice: show(priceAtLtv(owed, collateral, row.liquidationLtv)),
  };
}

export function toLoanOrder(row: LoanOrderRow, market: MarketService): LoanOrder {
  // A credit loan under review (or rejected) was never paid out: it owes nothing yet (issue 35
  // §5b). The row keeps the amount as principal so the credit limit stays reserved meanwhile.
  const paidOut = row.status !== "under_review" && row.status !== "rejected";
  const owed = paidOut ? owedOf(row) : dec(0);
  let ltv: string | null = null;
  let collateralPrice: string | null = row.lastPrice ? toMoneyString(row.lastPrice) : null;
  let priceTs: number | null = row.lastPriceAt?.getTime() ?? null;
  if (row.type === "pledge" && row.collateralSymbol && isOpen(row.status)) {
    const q = liveBid(market, row.collateralSymbol);
    if (q) {
      collateralPrice = q.bid;
      priceTs = q.ts;
    }
    if (collateralPrice) ltv = loanToValue(owed, row.collateralAmount ?? 0, collateralPrice);
  }
  const m = (v: string | null) => (v === null ? null : toMoneyString(v));
  return {
    id: row.id,
    type: row.type,
    currency: row.currency,
    amount: toMoneyString(row.amount),
    days: row.days,
    dailyRate: toMoneyString(row.dailyRate),
    totalInterest: toMoneyString(row.totalInterest),
    interestFreeDays: row.interestFreeDays,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
    status: row.status,
    collateralCurrency: row.collateralCurrency,
    collateralAmount: m(row.collateralAmount),
    ltv,
    setId: row.setId,
    overdueRate: toMoneyString(row.overdueRate),
    principalOutstanding: paidOut ? toMoneyString(row.principalOutstanding) : "0",
    interestOutstanding: paidOut ? toMoneyString(row.interestOutstanding) : "0",
    outstanding: toMoneyString(owed),
    interestPaid: toMoneyString(row.interestPaid),
    accruedDays: row.accruedDays,
    marginCall: row.marginCall,
    initialLtv: m(row.initialLtv),
    marginCallLtv: m(row.marginCallLtv),
    liquidationLtv: m(row.liquidationLtv),
    ...triggerPrices(market, row),
    collateralPrice,
    priceTs,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** A customer's own order (another customer's id → 404), optionally locked for update. */
export async function ownOrderRow(db: Db, userId: number | null, id: number, lock = false): Promise<LoanOrderRow> {
  const where = userId === null ? eq(loanOrders.id, id) : and(eq(loanOrders.id, id), eq(loanOrders.userId, userId));
  const q = db.select().from(loanOrders).where(where);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound("loanNotFound");
  return row;
}

// ── History ──────────────────────────────────────────────────────────────────────────

export type LoanEventKey =
  | "applied"
  | "approved"
  | "rejected"
  | "started"
  | "margin_call"
  | "margin_call_cleared"
  | "collateral_added"
  | "partial_repaid"
  | "repaid"
  | "overdue"
  | "liquidated";

const REASON_KEYS: Partial<Record<LoanEventKey, MessageKey>> = {
  applied: "loanReasonApplied",
  approved: "loanReasonApproved",
  started: "loanReasonStarted",
  margin_call: "loanReasonMarginCall",
  margin_call_cleared: "loanReasonMarginCallCleared",
  collateral_added: "loanReasonCollateralAdded",
  partial_repaid: "loanReasonPartialRepaid",
  repaid: "loanReasonRepaid",
  overdue: "loanReasonOverdue",
  liquidated: "loanReasonLiquidated",
};

/** Records one change in the order's history (inside the caller's transaction). */
export async function recordEvent(
  db: Db,
  row: Pick<LoanOrderRow, "id" | "userId" | "type">,
  status: LoanStatusValue,
  event: LoanEventKey,
  params: Record<string, string | number> = {},
  reason: string | null = null,
): Promise<LoanStatusEvent> {
  const [e] = await db
    .insert(loanEvents)
    .values({ orderId: row.id, status, event, params, reason })
    .returning({ createdAt: loanEvents.createdAt });
  return {
    userId: row.userId,
    orderId: row.id,
    type: row.type,
    status,
    event,
    reason,
    at: (e?.createdAt ?? new Date()).toISOString(),
  };
}

export async function history(db: Db, orderId: number, lang: Lang): Promise<LoanStatusChange[]> {
  const rows = await db.select().from(loanEvents).where(eq(loanEvents.orderId, orderId)).orderBy(asc(loanEvents.id));
  return rows.map((r) => {
    const key = REASON_KEYS[r.event as LoanEventKey];
    return {
      at: r.createdAt.toISOString(),
      status: r.status,
      event: r.event,
      reason: r.reason ?? (key ? t(lang, key, r.params) : null),
    };
  });
}

export async function evidence(db: Db, orderId: number): Promise<LoanEvidenceTick[]> {
  const rows = await db
    .select()
    .from(loanEvidence)
    .where(eq(loanEvidence.orderId, orderId))
    .orderBy(asc(loanEvidence.id));
  return rows.map((r) => ({
    kind: r.kind,
    symbol: r.symbol,
    price: toMoneyString(r.price),
    bid: toMoneyString(r.bid),
    ask: toMoneyString(r.ask),
    ts: r.tickAt.getTime(),
    ltv: toMoneyString(r.ltv),
    recordedAt: r.createdAt.toISOString(),
  }));
}

/** Publishes status changes (after commit) for the inbox and the account feed. */
export function publishEvents(deps: LoansDeps, events: LoanStatusEvent[]): void {
  for (const e of events) deps.bus?.publish("loan.status", e);
}

// ── The settlement index ─────────────────────────────────────────────────────────────

/** What the settlement leader needs to evaluate one open pledge loan on a tick. */
export interface LoanIndexData {
  id: number;
  symbol: string;
  /** Principal + interest owed. */
  owed: string;
  collateral: string;
  marginCallLtv: string;
  liquidationLtv: string;
  initialLtv: string;
  marginCall: boolean;
  /** Business time the loan started (ms): replays start no earlier. */
  startTs: number;
}

export type LoanIndexEvent = { type: "upsert"; loan: LoanIndexData } | { type: "remove"; id: number };

export function indexData(row: LoanOrderRow): LoanIndexData | null {
  if (row.type !== "pledge" || !isOpen(row.status) || !row.collateralSymbol) return null;
  if (!row.marginCallLtv || !row.liquidationLtv || !row.initialLtv) return null;
  return {
    id: row.id,
    symbol: row.collateralSymbol,
    owed: toMoneyString(owedOf(row)),
    collateral: toMoneyString(row.collateralAmount ?? 0),
    marginCallLtv: toMoneyString(row.marginCallLtv),
    liquidationLtv: toMoneyString(row.liquidationLtv),
    initialLtv: toMoneyString(row.initialLtv),
    marginCall: row.marginCall,
    startTs: (row.startAt ?? row.createdAt).getTime(),
  };
}

/** Tells the settlement leader (any node) that a pledge loan changed (after commit). */
export function publishIndex(deps: LoansDeps, row: LoanOrderRow): void {
  if (row.type !== "pledge") return;
  const loan = indexData(row);
  deps.bus?.publish("loan.index", loan ? { type: "upsert", loan } : { type: "remove", id: row.id });
}

/** Marks the row written now (the leader's reconcile reads rows by updated_at). */
export const touched = { updatedAt: sql`now()` };
