// Applying for a loan: the quote shown before applying, credit applications (identity
// verification, the loan identity check and the credit limit; an operator reviews them) and
// pledge loans (collateral moved to the collateral account and the amount paid out at once,
// within the initial LTV at the live bid).
//
//   pledge:   spot(collateral) → collateral   key loan:<id>:collateral
//             treasury → spot(currency)        key loan:<id>:disburse

import type {
  CreditApplyBody,
  CreditApplyResult,
  LoanQuote,
  PledgeApplyBody,
  PledgeApplyResult,
  PledgeLtvRefusal,
} from "@candor/contract";
import {
  creditLimit,
  dec,
  decimalPlaces,
  loanToValue,
  priceAtLtv,
  suggestedCollateral,
  toMoneyString,
  totalInterest,
  truncate,
} from "@candor/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, badRequest, conflict, forbidden } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { DAY_MS } from "../clock/service";
import { getKycLevel } from "../kyc/service";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { assertRiskHeadroom } from "../risk/service";
import { getUserById } from "../users/service";
import { JOB_LOAN_DUE } from "./accrual";
import {
  collateralSymbol,
  getSetRow,
  type LoansDeps,
  liveBid,
  places,
  publishEvents,
  publishIndex,
  recordEvent,
} from "./orders";
import { type LoanOrderRow, type LoanSetRow, loanIdentityChecks, loanOrders } from "./schema";

/** The customer's VIP level: pluggable (deps.vipLevel), users.vip_level by default. */
export async function vipLevelOf(deps: LoansDeps, db: Db, userId: number): Promise<number> {
  if (deps.vipLevel) return deps.vipLevel(db, userId);
  return (await getUserById(db, userId))?.vipLevel ?? 0;
}

/** Credit limit and what credit loans (under review or running) use of it, in USDT. */
export async function creditStanding(deps: LoansDeps, db: Db, userId: number) {
  const kycLevel = await getKycLevel(db, userId);
  const vipLevel = await vipLevelOf(deps, db, userId);
  const limit = creditLimit(kycLevel, vipLevel);
  const [used] = await db
    .select({ sum: sql<string>`coalesce(sum(${loanOrders.principalOutstanding}), 0)` })
    .from(loanOrders)
    .where(
      and(
        eq(loanOrders.userId, userId),
        eq(loanOrders.type, "credit"),
        inArray(loanOrders.status, ["under_review", "passed", "overdue"]),
      ),
    );
  const creditUsed = toMoneyString(used?.sum ?? "0");
  const available = dec(limit).minus(creditUsed);
  return {
    kycLevel,
    vipLevel,
    creditLimit: limit,
    creditUsed,
    creditAvailable: toMoneyString(available.isNegative() ? 0 : available),
  };
}

/** The setting's rules every application checks (type, enabled, amount range and decimals, term). */
async function checkTerms(db: Db, set: LoanSetRow, type: "credit" | "pledge", amount: string, days: number) {
  if (set.type !== type) {
    const endpoint = set.type === "credit" ? "creditApply" : "pledgeApply";
    throw badRequest("loanWrongType", { type: set.type, endpoint });
  }
  if (!set.enabled) throw conflict("loanSetDisabled");
  const p = await places(db, set.currency);
  if (decimalPlaces(amount) > p) throw badRequest("loanAmountPrecision", { field: "amount", places: p });
  if (dec(amount).lt(set.minAmount) || dec(amount).gt(set.maxAmount)) {
    throw badRequest("loanAmountOutOfRange", {
      min: toMoneyString(set.minAmount),
      max: toMoneyString(set.maxAmount),
      currency: set.currency,
    });
  }
  if (!set.days.includes(days)) throw badRequest("loanTermNotOffered", { days: set.days.join(", ") });
  return p;
}

interface PledgeCheck {
  symbol: string;
  bid: string;
  ask: string;
  price: string;
  ts: number;
  ltv: string;
}

/** Collateral currency accepted, its decimals, a live bid, and the LTV within the initial LTV. */
async function checkPledge(
  deps: LoansDeps,
  set: LoanSetRow,
  collateral: string,
  collateralAmount: string,
  amount: string,
) {
  const accepted = set.collateralCurrencies ?? [];
  if (!accepted.includes(collateral)) {
    throw badRequest("loanCollateralNotAccepted", { currency: collateral, accepted: accepted.join(", ") });
  }
  const cp = await places(deps.db, collateral);
  if (decimalPlaces(collateralAmount) > cp) {
    throw badRequest("loanAmountPrecision", { field: "collateralAmount", places: cp });
  }
  const symbol = collateralSymbol(collateral, set.currency);
  const q = liveBid(deps.market, symbol);
  if (!q || deps.market.isStale({ symbol, ts: q.ts })) throw conflict("loanPriceUnavailable", { symbol });
  const ltv = loanToValue(amount, collateralAmount, q.bid) ?? "1";
  const initial = set.initialLtv ?? "0";
  if (dec(ltv).gt(initial)) {
    // The refusal carries the new minimum at this bid (with the same safety margin as the
    // app's "use minimum"), so the app can offer it in one tap (issue 35 §10).
    const details: PledgeLtvRefusal = {
      minCollateral: suggestedCollateral(amount, q.bid, initial, cp),
      collateralCurrency: collateral,
      collateralPrice: toMoneyString(q.bid),
      ltv,
      maxLtv: toMoneyString(initial),
    };
    throw new AppError(
      400,
      "loanLtvTooHigh",
      { ltv, max: details.maxLtv, min: details.minCollateral, currency: collateral },
      details,
    );
  }
  return { symbol, ...q, ltv } satisfies PledgeCheck;
}

export async function quote(
  deps: LoansDeps,
  input: { setId: number; amount: string; days: number; collateralCurrency?: string; collateralAmount?: string },
): Promise<LoanQuote> {
  const set = await getSetRow(deps.db, input.setId);
  const p = await checkTerms(deps.db, set, set.type, input.amount, input.days);
  const total = totalInterest(input.amount, set.dailyRate, input.days, set.interestFreeDays, p);
  const result: LoanQuote = {
    setId: set.id,
    amount: toMoneyString(input.amount),
    days: input.days,
    totalInterest: total,
    repayAtEnd: toMoneyString(dec(input.amount).plus(total)),
    dailyRate: toMoneyString(set.dailyRate),
    interestFreeDays: set.interestFreeDays,
    overdueRate: toMoneyString(set.overdueRate),
    collateralPrice: null,
    ltv: null,
    minCollateral: null,
    marginCallPrice: null,
    liquidationPrice: null,
  };
  if (set.type !== "pledge") return result;
  const collateral = input.collateralCurrency ?? set.collateralCurrencies?.[0];
  if (!collateral) return result;
  const symbol = collateralSymbol(collateral, set.currency);
  const q = liveBid(deps.market, symbol);
  if (!q || !set.initialLtv || !set.marginCallLtv || !set.liquidationLtv) return result;
  const pp = deps.market.findSymbol(symbol)?.pricePrecision ?? 8;
  const cp = await places(deps.db, collateral);
  result.collateralPrice = q.bid;
  result.minCollateral = suggestedCollateral(input.amount, q.bid, set.initialLtv, cp);
  const amount = input.collateralAmount ?? result.minCollateral;
  result.ltv = loanToValue(input.amount, amount, q.bid);
  if (dec(amount).gt(0)) {
    result.marginCallPrice = truncate(priceAtLtv(input.amount, amount, set.marginCallLtv), pp).toFixed(pp);
    result.liquidationPrice = truncate(priceAtLtv(input.amount, amount, set.liquidationLtv), pp).toFixed(pp);
  }
  return result;
}

/** A retry with the same requestId returns the first order; a different request under it is a 409. */
async function byRequestId(
  db: Db,
  userId: number,
  requestId: string | undefined,
  same: (row: LoanOrderRow) => boolean,
): Promise<LoanOrderRow | null> {
  if (!requestId) return null;
  const [row] = await db
    .select()
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), eq(loanOrders.requestId, requestId)));
  if (!row) return null;
  if (!same(row)) throw conflict("loanRequestIdReused");
  return row;
}

export async function creditApply(deps: LoansDeps, userId: number, body: CreditApplyBody): Promise<CreditApplyResult> {
  const same = (r: LoanOrderRow) =>
    r.type === "credit" && r.setId === body.setId && dec(r.amount).eq(body.amount) && r.days === body.days;
  const first = await byRequestId(deps.db, userId, body.requestId, same);
  if (first) return { id: first.id, status: first.status };
  const set = await getSetRow(deps.db, body.setId);
  const p = await checkTerms(deps.db, set, "credit", body.amount, body.days);
  try {
    const { row, event } = await ledgerTransaction(deps.db, async (tx) => {
      // One application at a time per customer: the identity check row is the customer's lock.
      const [check] = await tx
        .select()
        .from(loanIdentityChecks)
        .where(eq(loanIdentityChecks.userId, userId))
        .for("update");
      const standing = await creditStanding(deps, tx, userId);
      if (standing.kycLevel === 0) throw forbidden("loanKycRequired");
      if (check?.state !== "passed") throw forbidden("loanIdentityRequired");
      const [pending] = await tx
        .select({ id: loanOrders.id })
        .from(loanOrders)
        .where(and(eq(loanOrders.userId, userId), eq(loanOrders.status, "under_review")))
        .limit(1);
      if (pending) throw conflict("loanApplicationPending");
      if (dec(body.amount).gt(standing.creditAvailable)) {
        throw conflict("loanCreditLimit", { available: standing.creditAvailable });
      }
      const [inserted] = await tx
        .insert(loanOrders)
        .values({
          userId,
          setId: set.id,
          type: "credit",
          currency: set.currency,
          amount: body.amount,
          days: body.days,
          dailyRate: set.dailyRate,
          interestFreeDays: set.interestFreeDays,
          overdueRate: set.overdueRate,
          totalInterest: totalInterest(body.amount, set.dailyRate, body.days, set.interestFreeDays, p),
          status: "under_review",
          principalOutstanding: body.amount,
          requestId: body.requestId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("loan insert returned nothing");
      const ev = await recordEvent(tx, inserted, "under_review", "applied", {
        amount: toMoneyString(body.amount),
        currency: set.currency,
        days: body.days,
      });
      return { row: inserted, event: ev };
    });
    publishEvents(deps, [event]);
    return { id: row.id, status: row.status };
  } catch (err) {
    if (body.requestId && isUniqueViolation(err)) {
      const again = await byRequestId(deps.db, userId, body.requestId, same);
      if (again) return { id: again.id, status: again.status };
    }
    throw err;
  }
}

export async function pledgeApply(deps: LoansDeps, userId: number, body: PledgeApplyBody): Promise<PledgeApplyResult> {
  const same = (r: LoanOrderRow) =>
    r.type === "pledge" &&
    r.setId === body.setId &&
    dec(r.amount).eq(body.amount) &&
    r.days === body.days &&
    r.collateralCurrency === body.collateralCurrency;
  const result = (row: LoanOrderRow, c: { bid: string; ltv: string }): PledgeApplyResult => {
    const pp = deps.market.findSymbol(row.collateralSymbol ?? "")?.pricePrecision ?? 8;
    const show = (ltv: string) => truncate(priceAtLtv(row.amount, row.collateralAmount ?? "0", ltv), pp).toFixed(pp);
    return {
      id: row.id,
      status: row.status,
      ltv: c.ltv,
      collateralPrice: c.bid,
      marginCallPrice: show(row.marginCallLtv ?? "1"),
      liquidationPrice: show(row.liquidationLtv ?? "1"),
    };
  };
  const first = await byRequestId(deps.db, userId, body.requestId, same);
  if (first) {
    const bid = toMoneyString(first.lastPrice ?? "0");
    return result(first, { bid, ltv: loanToValue(first.amount, first.collateralAmount ?? 0, bid) ?? "0" });
  }
  const set = await getSetRow(deps.db, body.setId);
  const p = await checkTerms(deps.db, set, "pledge", body.amount, body.days);
  const c = await checkPledge(deps, set, body.collateralCurrency, body.collateralAmount, body.amount);
  try {
    const { row, event } = await ledgerTransaction(deps.db, async (tx) => {
      const now = deps.clock.nowMs();
      const endAt = new Date(now + body.days * DAY_MS);
      const [inserted] = await tx
        .insert(loanOrders)
        .values({
          userId,
          setId: set.id,
          type: "pledge",
          currency: set.currency,
          amount: body.amount,
          days: body.days,
          dailyRate: set.dailyRate,
          interestFreeDays: set.interestFreeDays,
          overdueRate: set.overdueRate,
          totalInterest: totalInterest(body.amount, set.dailyRate, body.days, set.interestFreeDays, p),
          status: "passed",
          principalOutstanding: body.amount,
          collateralCurrency: body.collateralCurrency,
          collateralSymbol: c.symbol,
          collateralAmount: body.collateralAmount,
          initialLtv: set.initialLtv,
          marginCallLtv: set.marginCallLtv,
          liquidationLtv: set.liquidationLtv,
          lastPrice: c.bid,
          lastPriceAt: new Date(c.ts),
          requestId: body.requestId ?? null,
          startAt: new Date(now),
          endAt,
        })
        .returning();
      if (!inserted) throw new Error("loan insert returned nothing");
      const reference = { type: "loan", id: inserted.id };
      await batch(tx, [
        {
          type: "transfer",
          currency: body.collateralCurrency,
          debit: userAccount(userId, "spot"),
          credit: userAccount(userId, "collateral"),
          amount: body.collateralAmount,
          key: `loan:${inserted.id}:collateral`,
          kind: "loan_collateral",
          reference,
        },
        {
          type: "transfer",
          currency: set.currency,
          debit: platformAccount("treasury"),
          credit: userAccount(userId, "spot"),
          amount: body.amount,
          key: `loan:${inserted.id}:disburse`,
          kind: "loan_disburse",
          reference,
        },
      ]);
      // The treasury paid the loan out: refused (rolled back) past its exposure limit. The
      // loan's worst case, never repaid, stays in the treasury's balance until it is repaid.
      await assertRiskHeadroom(tx, deps.market, { account: "treasury", currency: set.currency });
      await enqueueJob(tx, {
        name: JOB_LOAN_DUE,
        key: `loan-due:${inserted.id}`,
        payload: { id: inserted.id },
        runAt: endAt,
      });
      const ev = await recordEvent(tx, inserted, "passed", "started", {
        amount: toMoneyString(body.amount),
        currency: set.currency,
        collateral: toMoneyString(body.collateralAmount),
        collateralCurrency: body.collateralCurrency,
        ltv: c.ltv,
      });
      return { row: inserted, event: ev };
    });
    publishEvents(deps, [event]);
    publishIndex(deps, row);
    return result(row, c);
  } catch (err) {
    if (body.requestId && isUniqueViolation(err)) {
      const again = await byRequestId(deps.db, userId, body.requestId, same);
      if (again) {
        const bid = toMoneyString(again.lastPrice ?? "0");
        return result(again, { bid, ltv: loanToValue(again.amount, again.collateralAmount ?? 0, bid) ?? "0" });
      }
    }
    throw err;
  }
}
