// The loans module's public service: settings, the customer's loan info, quotes, applying,
// repaying, adding collateral, orders with their history and evidence, and the operator's
// review. Other modules use only this (and the "loan.*" bus events).
import type {
  CreditApplyBody,
  Lang,
  LoanAddCollateralBody,
  LoanIdentityDecideBody,
  LoanIdentitySubmitBody,
  LoanOrder,
  LoanOrderDetail,
  LoanOrderListQuery,
  LoanRepayBody,
  LoanSet,
  LoanSetInput,
  MyLoanInfo,
  OperatorLoanOrder,
  OperatorLoanOrderDetail,
  OperatorLoanOrderQuery,
  OperatorLoanSet,
  Page,
  PledgeApplyBody,
} from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { getKycLevel } from "../kyc/service";
import { customerContact } from "../users/service";
import { creditApply, creditStanding, pledgeApply, quote } from "./apply";
import {
  evidence,
  getSetRow,
  history,
  type LoansDeps,
  OPEN_STATUSES,
  owedOf,
  ownOrderRow,
  toLoanOrder,
  toLoanSet,
  toOperatorLoanSet,
} from "./orders";
import { addCollateral, repay } from "./repay";
import * as review from "./review";
import { type LoanOrderRow, loanIdentityChecks, loanLiquidations, loanOrders, loanRepayments } from "./schema";

export type { LoansDeps } from "./orders";

/** What a customer owes on running loans (principal and interest outstanding), per currency. */
export async function outstandingLoans(db: Db, userId: number): Promise<{ currency: string; amount: string }[]> {
  const found = await db
    .select({
      currency: loanOrders.currency,
      amount: sql<string>`sum(${loanOrders.principalOutstanding} + ${loanOrders.interestOutstanding})::text`,
    })
    .from(loanOrders)
    .where(and(eq(loanOrders.userId, userId), inArray(loanOrders.status, OPEN_STATUSES)))
    .groupBy(loanOrders.currency);
  return found.map((r) => ({ currency: r.currency, amount: toMoneyString(r.amount) }));
}

export class LoansService {
  constructor(readonly deps: LoansDeps) {}

  private get db() {
    return this.deps.db;
  }

  // ── Customer ─────────────────────────────────────────────────────────────────────────

  async sets(lang: Lang, type?: "credit" | "pledge"): Promise<LoanSet[]> {
    return (await review.listSets(this.db, true, type)).map((r) => toLoanSet(r, lang));
  }

  async myLoanInfo(userId: number): Promise<MyLoanInfo> {
    const standing = await creditStanding(this.deps, this.db, userId);
    const identity = await review.identityCheck(this.db, userId);
    const open = await this.db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, userId), inArray(loanOrders.status, OPEN_STATUSES)));
    let outstanding = dec(0);
    let marginCalls = 0;
    for (const row of open) {
      const rate = this.deps.market.usdtRate(row.currency) ?? "1";
      outstanding = outstanding.plus(owedOf(row).mul(rate));
      if (row.marginCall) marginCalls++;
    }
    return {
      creditLimit: standing.creditLimit,
      creditUsed: standing.creditUsed,
      identityCheck: identity.state,
      outstanding: toMoneyString(outstanding.toDecimalPlaces(8)),
      creditAvailable: standing.creditAvailable,
      kycLevel: standing.kycLevel,
      vipLevel: standing.vipLevel,
      identityCheckReason: identity.reason,
      marginCalls,
    };
  }

  quote(input: Parameters<typeof quote>[1]) {
    return quote(this.deps, input);
  }

  creditApply(userId: number, body: CreditApplyBody) {
    return creditApply(this.deps, userId, body);
  }

  pledgeApply(userId: number, body: PledgeApplyBody) {
    return pledgeApply(this.deps, userId, body);
  }

  repay(userId: number, body: LoanRepayBody) {
    return repay(this.deps, userId, body);
  }

  addCollateral(userId: number, body: LoanAddCollateralBody) {
    return addCollateral(this.deps, userId, body);
  }

  async listMy(userId: number, query: LoanOrderListQuery): Promise<Page<LoanOrder>> {
    const page = await this.page([eq(loanOrders.userId, userId)], query);
    return { ...page, records: page.records.map((r) => toLoanOrder(r, this.deps.market)) };
  }

  async detail(userId: number | null, id: number, lang: Lang): Promise<LoanOrderDetail> {
    const row = await ownOrderRow(this.db, userId, id);
    const set = await getSetRow(this.db, row.setId);
    const repayments = await this.db
      .select()
      .from(loanRepayments)
      .where(eq(loanRepayments.orderId, id))
      .orderBy(asc(loanRepayments.id));
    const [liq] = await this.db.select().from(loanLiquidations).where(eq(loanLiquidations.orderId, id));
    return {
      ...toLoanOrder(row, this.deps.market),
      set: toLoanSet(set, lang),
      history: await history(this.db, id, lang),
      evidence: await evidence(this.db, id),
      repayments: repayments.map((r) => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        kind: r.kind,
        amount: toMoneyString(r.amount),
        interest: toMoneyString(r.interest),
        principal: toMoneyString(r.principal),
      })),
      liquidation: liq
        ? {
            price: toMoneyString(liq.price),
            quantitySold: toMoneyString(liq.quantitySold),
            proceeds: toMoneyString(liq.proceeds),
            collateralReturned: toMoneyString(liq.collateralReturned),
            shortfall: toMoneyString(liq.shortfall),
            at: liq.createdAt.toISOString(),
          }
        : null,
    };
  }

  identityCheck(userId: number) {
    return review.identityCheck(this.db, userId);
  }

  startIdentityCheck(userId: number) {
    return review.startIdentityCheck(this.db, userId);
  }

  submitIdentityCheck(userId: number, body: LoanIdentitySubmitBody) {
    return review.submitIdentityCheck(this.db, userId, body);
  }

  // ── Operator ─────────────────────────────────────────────────────────────────────────

  async operatorSets(lang: Lang): Promise<OperatorLoanSet[]> {
    return (await review.listSets(this.db, false)).map((r) => toOperatorLoanSet(r, lang));
  }

  createSet(input: LoanSetInput, lang: Lang) {
    return review.createSet(this.deps, input, lang);
  }

  updateSet(id: number, input: LoanSetInput, lang: Lang) {
    return review.updateSet(this.deps, id, input, lang);
  }

  disableSet(id: number, lang: Lang) {
    return review.disableSet(this.deps, id, lang);
  }

  async operatorOrders(query: OperatorLoanOrderQuery): Promise<Page<OperatorLoanOrder>> {
    const where: SQL[] = [];
    if (query.userId) where.push(eq(loanOrders.userId, query.userId));
    if (query.setId) where.push(eq(loanOrders.setId, query.setId));
    const page = await this.page(where, query);
    const records: OperatorLoanOrder[] = [];
    for (const r of page.records) records.push({ ...toLoanOrder(r, this.deps.market), ...(await this.standing(r)) });
    return { ...page, records };
  }

  async operatorDetail(id: number, lang: Lang): Promise<OperatorLoanOrderDetail> {
    const row = await ownOrderRow(this.db, null, id);
    return { ...(await this.detail(null, id, lang)), ...(await this.standing(row)) };
  }

  async approve(id: number, lang: Lang) {
    await review.approve(this.deps, id);
    return this.operatorDetail(id, lang);
  }

  async reject(id: number, reason: string, lang: Lang) {
    await review.reject(this.deps, id, reason);
    return this.operatorDetail(id, lang);
  }

  identityChecks(query: Parameters<typeof review.listIdentityChecks>[1]) {
    return review.listIdentityChecks(this.db, query);
  }

  decideIdentityCheck(userId: number, body: LoanIdentityDecideBody, staffId: number | null) {
    return review.decideIdentityCheck(this.db, userId, body, staffId);
  }

  // ── Helpers ──────────────────────────────────────────────────────────────────────────

  private async standing(row: LoanOrderRow) {
    const [check] = await this.db
      .select({ state: loanIdentityChecks.state })
      .from(loanIdentityChecks)
      .where(eq(loanIdentityChecks.userId, row.userId));
    return {
      userId: row.userId,
      ...(await customerContact(this.db, row.userId)),
      kycLevel: await getKycLevel(this.db, row.userId),
      identityCheck: check?.state ?? "start",
    };
  }

  private async page(where: SQL[], query: LoanOrderListQuery): Promise<Page<LoanOrderRow>> {
    const all = [...where];
    if (query.type) all.push(eq(loanOrders.type, query.type));
    if (query.status) all.push(eq(loanOrders.status, query.status));
    const condition = all.length > 0 ? and(...all) : undefined;
    const [total] = await this.db.select({ n: count() }).from(loanOrders).where(condition);
    const records = await this.db
      .select()
      .from(loanOrders)
      .where(condition)
      .orderBy(desc(loanOrders.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize);
    return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
  }
}

// Data rights (modules/privacy): what this module holds about a customer.
export { loansOpenCount, loansUserData } from "./data-rights";
