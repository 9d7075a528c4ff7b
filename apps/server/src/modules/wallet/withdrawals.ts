// Withdrawals: asking (the whole amount is held at once in the ledger, hold customer
// spot → platform clearing, key `withdrawal:<id>:hold`; the fee is part of it, receive =
// amount − fee) and reading them. The state changes after that (cancel, reject, approve,
// pay, fail) live in withdrawal-transitions.ts; the hold policy in README.md.

import type {
  Lang,
  OperatorWithdrawalRecord,
  Page,
  RecordStatus,
  WithdrawalApplied,
  WithdrawalApplyBody,
  WithdrawalInfo,
  WithdrawalRecord,
  WithdrawalState,
  WithdrawalTracker,
} from "@candor/contract";
import { RecordStatuses } from "@candor/contract";
import { type Decimal, dec, toMoneyString, truncateFixed } from "@candor/domain";
import { and, asc, count, desc, eq, gt, notInArray, type SQL, sql, sum } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { t } from "../../i18n";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { assertSecondFactor, isCustomerGoogleBound, verifyWithdrawalPassword } from "../auth/service";
import { getKycStatus } from "../kyc/service";
import {
  batch,
  getAccountBalance,
  IdempotencyConflictError,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../ledger/service";
import { assertContactVerified, getUserById } from "../users/service";
import { assertAddressUsable, assertNotFrozen, isWithdrawalFrozen } from "./address-safety";
import { iso, lockCustomer, type WalletContext } from "./context";
import { checkAmount, getWalletSettings, networksOf, requireCurrency } from "./currencies";
import { requirePayoutAccount } from "./payout-accounts";
import { type WithdrawalDestination, type WithdrawalEventName, withdrawalEvents, withdrawals } from "./schema";

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type Actor = "customer" | "operator" | "system";

const BANK_CURRENCY = "USDT";
const atLeastZero = (d: Decimal) => (d.isNegative() ? dec(0) : d);
const DAY_MS = 24 * 60 * 60 * 1000;

export function toWithdrawalRecord(row: WithdrawalRow): WithdrawalRecord {
  return {
    id: row.id,
    currency: row.currency,
    amount: toMoneyString(row.amount),
    fee: toMoneyString(row.fee),
    status: row.status as RecordStatus,
    createdAt: iso(row.createdAt),
    receive: toMoneyString(row.receive),
    cancelled: row.cancelled,
    reason: row.reason,
    accountId: row.accountId,
    destination: row.destination,
    reviewDueAt: iso(row.reviewDueAt),
    updatedAt: iso(row.updatedAt),
    state: withdrawalState(row),
    ...(row.txHash ? { txHash: row.txHash, explorerUrl: row.explorerUrl } : {}),
  };
}

/**
 * The detailed state behind the pinned status code: a "failing" withdrawal keeps status 1
 * (still in flight, money still frozen) until the provider confirms the cancellation.
 */
export function withdrawalState(row: WithdrawalRow): WithdrawalState {
  switch (row.status) {
    case 0:
      return "under_review";
    case 1:
      return row.failingSince ? "failing" : "paying";
    case 2:
      return "paid";
    case -1:
      return row.cancelled ? "cancelled" : "rejected";
    default:
      return "failed";
  }
}

export const toOperatorRecord = (row: WithdrawalRow): OperatorWithdrawalRecord => ({
  ...toWithdrawalRecord(row),
  userId: row.userId,
  amountUsdt: toMoneyString(row.amountUsdt),
  providerRef: row.providerRef,
  reviewedBy: row.reviewedBy,
  flaggedAt: row.flaggedAt ? iso(row.flaggedAt) : null,
  flag: row.flag,
});

const toApplied = (row: WithdrawalRow): WithdrawalApplied => ({
  id: row.id,
  status: row.status as RecordStatus,
  fee: toMoneyString(row.fee),
  receive: toMoneyString(row.receive),
  currency: row.currency,
  amount: toMoneyString(row.amount),
  reviewDueAt: iso(row.reviewDueAt),
  createdAt: iso(row.createdAt),
});

/** USDT withdrawn or pending in the last 24 h (rejected, cancelled and failed ones do not count). */
async function usedTodayUsdt(db: Db, userId: number): Promise<Decimal> {
  const [row] = await db
    .select({ total: sum(withdrawals.amountUsdt) })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gt(withdrawals.createdAt, sql`now() - interval '24 hours'`),
        notInArray(withdrawals.status, [-1, -2]),
      ),
    );
  return dec(row?.total ?? 0);
}

/** The withdraw screen for one currency: available, minimum, fee, limits, review time. */
export async function getWithdrawalInfo(ctx: WalletContext, userId: number, code: string): Promise<WithdrawalInfo> {
  const currency = await requireCurrency(ctx.db, code);
  const [settings, kyc, user, spot, used, googleBound, frozen] = await Promise.all([
    getWalletSettings(ctx.db),
    getKycStatus(ctx.db, userId),
    getUserById(ctx.db, userId),
    getAccountBalance(ctx.db, { userId, kind: "spot", currency: currency.code }),
    usedTodayUsdt(ctx.db, userId),
    isCustomerGoogleBound(ctx.db, userId),
    isWithdrawalFrozen(ctx.db, userId),
  ]);
  const kycPassed = kyc === "passed";
  const limit = dec(settings.unverifiedDailyLimitUsdt);
  return {
    currency: currency.code,
    precision: currency.precision,
    networks: networksOf(currency),
    available: spot?.available ?? "0",
    minWithdrawal: toMoneyString(currency.minWithdrawal),
    withdrawalFee: toMoneyString(currency.withdrawalFee),
    withdrawalEnabled: currency.withdrawalEnabled,
    usdtRate: ctx.rates.usdtRate(currency.code),
    hasWithdrawalPassword: Boolean(user?.withdrawalPasswordHash),
    kycPassed,
    dailyLimitUsdt: kycPassed ? null : toMoneyString(limit),
    usedTodayUsdt: toMoneyString(used),
    remainingTodayUsdt: kycPassed ? null : toMoneyString(atLeastZero(limit.minus(used))),
    reviewHours: settings.reviewHours,
    googleBound,
    businessNow: ctx.clock.now().toISOString(),
    withdrawalsFrozen: frozen,
  };
}

async function findByClientRequest(db: Db, userId: number, clientRequestId: string): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.clientRequestId, clientRequestId)))
    .limit(1);
  return row ?? null;
}

function replayOf(row: WithdrawalRow, currency: string, amount: string, accountId: number): WithdrawalApplied {
  if (row.currency !== currency || !dec(row.amount).eq(amount) || row.accountId !== accountId) {
    throw new IdempotencyConflictError(`withdrawal:${row.clientRequestId}`);
  }
  return toApplied(row);
}

export async function addEvent(
  tx: Db,
  withdrawalId: number,
  event: WithdrawalEventName,
  status: number,
  actor: Actor,
  note: string | null = null,
) {
  await tx.insert(withdrawalEvents).values({ withdrawalId, event, status, actor, note });
}

/**
 * A customer asks to withdraw: checks the account, password, minimum and the daily limit
 * for unverified customers, then stores the request and holds the whole amount in one
 * transaction. Retrying with the same clientRequestId returns the first result. New
 * withdrawals also need: no "this was not me" freeze, an address past its hold, and the
 * authenticator code when bound (checked last, so a code is not spent on a request that
 * fails for another reason).
 */
export async function applyWithdrawal(
  ctx: WalletContext,
  userId: number,
  body: WithdrawalApplyBody,
  clientRequestId: string | undefined,
): Promise<WithdrawalApplied> {
  await assertContactVerified(ctx.db, userId);
  const currency = await requireCurrency(ctx.db, body.currency);
  const amount = checkAmount(currency, body.amount);
  const account = await requirePayoutAccount(ctx.db, userId, body.accountId);
  if (!(await verifyWithdrawalPassword(ctx.db, userId, body.withdrawalPassword))) {
    throw badRequest("withdrawalPasswordWrong");
  }
  if (clientRequestId) {
    const previous = await findByClientRequest(ctx.db, userId, clientRequestId);
    if (previous) return replayOf(previous, currency.code, amount, account.id);
  }

  if (!currency.withdrawalEnabled) throw conflict("walletWithdrawalDisabled", { currency: currency.code });
  let destination: WithdrawalDestination;
  if (account.type === "wallet") {
    if (account.currency !== currency.code) {
      throw badRequest("walletAccountCurrencyMismatch", {
        accountCurrency: account.currency ?? "-",
        currency: currency.code,
      });
    }
    if (!account.network || !account.address || !currency.networks.includes(account.network)) {
      throw badRequest("walletUnknownNetwork", { network: account.network ?? "-", currency: currency.code });
    }
    destination = { type: "wallet", currency: currency.code, network: account.network, address: account.address };
  } else {
    if (currency.code !== BANK_CURRENCY) throw badRequest("walletBankUsdtOnly");
    destination = {
      type: "bank",
      bankName: account.bankName ?? "",
      realName: account.realName ?? "",
      account: account.account ?? "",
    };
  }
  if (dec(amount).lt(currency.minWithdrawal)) {
    throw badRequest("walletBelowMinWithdrawal", {
      min: toMoneyString(currency.minWithdrawal),
      currency: currency.code,
    });
  }
  await assertNotFrozen(ctx.db, userId);
  assertAddressUsable(ctx, account);
  const fee = dec(currency.withdrawalFee);
  const receive = dec(amount).minus(fee);

  const [settings, kyc] = await Promise.all([getWalletSettings(ctx.db), getKycStatus(ctx.db, userId)]);
  const rate = ctx.rates.usdtRate(currency.code);
  if (rate === null && kyc !== "passed") {
    // The daily limit is in USDT: without a price it cannot be checked.
    throw new AppError(503, "marketNoPrice", { symbol: `${currency.code}USDT` });
  }
  const amountUsdt = rate === null ? dec(0) : dec(amount).mul(rate);
  await assertSecondFactor(ctx.db, userId, body.googleCode);

  try {
    const row = await ledgerTransaction(ctx.db, async (tx) => {
      await lockCustomer(tx, userId);
      if (clientRequestId) {
        const previous = await findByClientRequest(tx, userId, clientRequestId);
        if (previous) return previous;
      }
      // Under the customer's lock: a freeze set while this request was on its way wins.
      await assertNotFrozen(tx, userId);
      if (kyc !== "passed") {
        const limit = dec(settings.unverifiedDailyLimitUsdt);
        const used = await usedTodayUsdt(tx, userId);
        if (used.plus(amountUsdt).gt(limit)) {
          throw forbidden("walletKycRequired", {
            limit: truncateFixed(limit, 2),
            remaining: truncateFixed(atLeastZero(limit.minus(used)), 2),
          });
        }
      }
      const [inserted] = await tx
        .insert(withdrawals)
        .values({
          userId,
          currency: currency.code,
          amount,
          fee: toMoneyString(fee),
          receive: toMoneyString(receive),
          amountUsdt: toMoneyString(amountUsdt.toDecimalPlaces(18)),
          usdtRate: rate ?? "0",
          accountId: account.id,
          destination,
          provider: ctx.provider.name,
          reviewDueAt: sql`now() + (${settings.reviewHours}::int * interval '1 hour')`,
          clientRequestId: clientRequestId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("withdrawal insert returned nothing");
      const { transfers } = await batch(tx, [
        {
          type: "hold",
          currency: currency.code,
          debit: userAccount(userId, "spot"),
          credit: platformAccount("clearing"),
          amount,
          key: `withdrawal:${inserted.id}:hold`,
          kind: "withdrawal",
          reference: { type: "withdrawal", id: inserted.id },
          memo: `fee ${toMoneyString(fee)}, receive ${toMoneyString(receive)}`,
        },
      ]);
      const [held] = await tx
        .update(withdrawals)
        .set({ holdTransferId: transfers[0]?.id ?? null })
        .where(eq(withdrawals.id, inserted.id))
        .returning();
      await addEvent(tx, inserted.id, "requested", 0, "customer");
      return held ?? inserted;
    });
    return clientRequestId ? replayOf(row, currency.code, amount, account.id) : toApplied(row);
  } catch (err) {
    if (clientRequestId && isUniqueViolation(err)) {
      const previous = await findByClientRequest(ctx.db, userId, clientRequestId);
      if (previous) return replayOf(previous, currency.code, amount, account.id);
    }
    throw err;
  }
}

// ---------------------------------------------------------------- reading

async function pageOf(
  db: Db,
  where: SQL[],
  query: { pageNo: number; pageSize: number; status?: number | undefined; currency?: string | undefined },
): Promise<Page<WithdrawalRow>> {
  const filter = and(
    ...where,
    ...(query.status !== undefined ? [eq(withdrawals.status, query.status)] : []),
    ...(query.currency ? [eq(withdrawals.currency, query.currency)] : []),
  );
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(filter)
      .orderBy(desc(withdrawals.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(withdrawals).where(filter),
  ]);
  return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function listMyWithdrawals(
  db: Db,
  userId: number,
  query: { pageNo: number; pageSize: number; status?: number | undefined; currency?: string | undefined },
): Promise<Page<WithdrawalRecord>> {
  const page = await pageOf(db, [eq(withdrawals.userId, userId)], query);
  return { ...page, records: page.records.map(toWithdrawalRecord) };
}

/** The tracker: every state change with its time, the review time limit and the no-payment notice. */
export async function getWithdrawalTracker(db: Db, userId: number, id: number, lang: Lang): Promise<WithdrawalTracker> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  const events = await db
    .select()
    .from(withdrawalEvents)
    .where(eq(withdrawalEvents.withdrawalId, id))
    .orderBy(asc(withdrawalEvents.id));
  return {
    withdrawal: toWithdrawalRecord(row),
    events: events.map((e) => ({
      event: e.event,
      status: e.status as RecordStatus,
      actor: e.actor,
      note: e.note,
      at: iso(e.createdAt),
    })),
    reviewHours: Math.round((row.reviewDueAt.getTime() - row.createdAt.getTime()) / (DAY_MS / 24)),
    reviewDueAt: iso(row.reviewDueAt),
    canCancel: row.status === RecordStatuses.pending,
    noticeKey: "walletNoPaymentNotice",
    notice: t(lang, "walletNoPaymentNotice"),
  };
}

export async function listWithdrawals(
  db: Db,
  query: { pageNo: number; pageSize: number; status: number; userId?: number | undefined },
): Promise<Page<OperatorWithdrawalRecord>> {
  const page = await pageOf(db, query.userId ? [eq(withdrawals.userId, query.userId)] : [], query);
  return { ...page, records: page.records.map(toOperatorRecord) };
}

export async function getOperatorWithdrawal(db: Db, id: number): Promise<OperatorWithdrawalRecord> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  if (!row) throw notFound();
  return toOperatorRecord(row);
}
