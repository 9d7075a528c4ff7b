// Deposits: the customer's deposit addresses, applying for a deposit, the provider's
// confirmation through the job queue, and crediting it in the ledger exactly once
// (transfer clearing → customer spot, key `deposit:<id>`, one deposit per receipt
// reference). What is credited is the amount that arrived, never the amount the customer
// typed; a receipt that does not match the application is held for an operator.

import type {
  Lang,
  OperatorDepositRecord,
  Page,
  RechargeApplyBody,
  RechargeInfo,
  RechargeRecord,
  RecordStatus,
} from "@candor/contract";
import { RecordStatuses } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { enqueueJob, type Job, type JobOutcome } from "../../lib/jobs";
import { IdempotencyConflictError } from "../ledger/service";
import { assertContactVerified } from "../users/service";
import { chainAddress, chainFields, chainNetworkOf } from "./chain/deposits";
import { iso, JOB_DEPOSIT_CONFIRM, type WalletContext } from "./context";
import { checkAmount, getWalletSettings, networksOf, requireCurrency, requireNetwork } from "./currencies";
import { completeDeposit } from "./deposit-credit";
import { announceDeposit } from "./events";
import { depositAddresses, deposits } from "./schema";

type DepositRow = typeof deposits.$inferSelect;

const BANK_CURRENCY = "USDT";

/** How chain deposits are shown: the explorer link template and the caller's language. */
export type RecordView = { explorerTx: string | null; lang: Lang };

export function toRechargeRecord(row: DepositRow, view?: RecordView): RechargeRecord {
  const received = row.receivedAmount === null ? null : toMoneyString(row.receivedAmount);
  return {
    id: row.id,
    currency: row.currency,
    amount: row.status === RecordStatuses.completed && received !== null ? received : toMoneyString(row.amount),
    fee: "0",
    status: row.status as RecordStatus,
    createdAt: iso(row.createdAt),
    method: row.method,
    network: row.network,
    address: row.address,
    reason: row.reason,
    completedAt: row.completedAt ? iso(row.completedAt) : null,
    requestedAmount: toMoneyString(row.amount),
    receivedAmount: received,
    ...chainFields(row, view),
  };
}

const toOperatorRecord = (row: DepositRow): OperatorDepositRecord => ({
  ...toRechargeRecord(row),
  userId: row.userId,
  providerRef: row.providerRef,
  flag: row.flag,
});

/** The customer's address for a currency on a network, created by the provider on first use. */
export async function ensureDepositAddress(
  ctx: WalletContext,
  userId: number,
  currency: string,
  network: string,
): Promise<string> {
  const find = async () => {
    const [row] = await ctx.db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(
        and(
          eq(depositAddresses.userId, userId),
          eq(depositAddresses.currency, currency),
          eq(depositAddresses.network, network),
        ),
      )
      .limit(1);
    return row?.address ?? null;
  };
  const existing = await find();
  if (existing) return existing;
  const address = await ctx.provider.createDepositAddress({ userId, currency, network });
  // Requests at once for a new address all insert it. The provider gives the same address
  // each time, so the losers may collide on the address's own unique key (network,
  // address) as well as the owner's: no target, so either conflict leaves the stored row.
  await ctx.db
    .insert(depositAddresses)
    .values({ userId, currency, network, address, provider: ctx.provider.name })
    .onConflictDoNothing();
  const stored = await find();
  if (!stored) throw new Error(`deposit address of user ${userId} ${currency}/${network} was not stored`);
  return stored;
}

/** My address for one currency on one network (default: its first): the seed's `rechargeAddr/getAddr`. */
export async function getDepositAddress(
  ctx: WalletContext,
  userId: number,
  code: string,
  requested: string | undefined,
): Promise<{
  currency: string;
  network: string;
  name: string;
  address: string;
  qrText: string;
  minDeposit: string;
  sandbox: boolean;
}> {
  // No deposit address for an account that has not proved its e-mail or phone.
  await assertContactVerified(ctx.db, userId);
  const currency = await requireCurrency(ctx.db, code);
  if (!currency.depositEnabled) throw conflict("walletDepositDisabled", { currency: currency.code });
  // A configured token's default network is the chain's: the one with real deposits.
  const onChain = chainNetworkOf(ctx.chain, currency.code, requested);
  const network = onChain ?? requireNetwork(currency, requested);
  const address =
    onChain && ctx.chain
      ? await chainAddress(ctx.db, ctx.chain, userId)
      : await ensureDepositAddress(ctx, userId, currency.code, network);
  return {
    currency: currency.code,
    network,
    name: networkName(currency, network),
    address,
    qrText: address,
    minDeposit: toMoneyString(currency.minDeposit),
    sandbox: onChain ? false : ctx.provider.sandbox,
  };
}

const networkName = (currency: Parameters<typeof networksOf>[0], network: string) =>
  networksOf(currency).find((n) => n.network === network)?.name ?? network;

/** What the deposit screen shows for one currency: addresses per network, minimum, bank details. */
export async function getRechargeInfo(ctx: WalletContext, userId: number, code: string): Promise<RechargeInfo> {
  // No deposit address for an account that has not proved its e-mail or phone.
  await assertContactVerified(ctx.db, userId);
  const currency = await requireCurrency(ctx.db, code);
  const settings = await getWalletSettings(ctx.db);
  const addresses: RechargeInfo["addresses"] = [];
  if (currency.depositEnabled) {
    const onChain = chainNetworkOf(ctx.chain, currency.code);
    if (onChain && ctx.chain) {
      const address = await chainAddress(ctx.db, ctx.chain, userId);
      addresses.push({
        network: onChain,
        name: networkName(currency, onChain),
        address,
        qrText: address,
        requiredConfirmations: ctx.chain.config.confirmations,
      });
    }
    for (const { network, name } of networksOf(currency).filter((n) => n.network !== onChain)) {
      try {
        const address = await ensureDepositAddress(ctx, userId, currency.code, network);
        addresses.push({ network, name, address, qrText: address });
      } catch (err) {
        // A provider without crypto deposits: the screen shows bank details only.
        if (!(err instanceof AppError)) throw err;
        break;
      }
    }
  }
  return {
    currency: currency.code,
    precision: currency.precision,
    minDeposit: toMoneyString(currency.minDeposit),
    depositEnabled: currency.depositEnabled,
    sandbox: ctx.provider.sandbox,
    confirmSeconds: ctx.provider.sandbox ? settings.sandboxConfirmSeconds : null,
    addresses,
    bankTransfer: currency.code === BANK_CURRENCY ? settings.bankTransfer : null,
  };
}

async function findByClientRequest(db: Db, userId: number, clientRequestId: string): Promise<DepositRow | null> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.clientRequestId, clientRequestId)))
    .limit(1);
  return row ?? null;
}

/** A retried request gets the first result; the same id with other details is a 409. */
function replayOf(row: DepositRow, currency: string, amount: string, method: string, network: string | null) {
  const same =
    row.currency === currency && dec(row.amount).eq(amount) && row.method === method && row.network === network;
  if (!same) throw new IdempotencyConflictError(`deposit:${row.clientRequestId}`);
  return toRechargeRecord(row);
}

/**
 * Applies for a deposit: stores it under review and enqueues its confirmation (in the
 * same transaction). The provider confirms it; then it is credited (see completeDeposit).
 */
export async function applyDeposit(
  ctx: WalletContext,
  userId: number,
  body: RechargeApplyBody,
  clientRequestId: string | undefined,
): Promise<RechargeRecord> {
  await assertContactVerified(ctx.db, userId);
  const currency = await requireCurrency(ctx.db, body.currency);
  const amount = checkAmount(currency, body.amount);
  const method = body.method;
  const network = method === "crypto" ? requireNetwork(currency, body.network) : null;
  // On the chain a deposit is the transfer itself: the watcher records it (chain/watcher.ts).
  if (network !== null && chainNetworkOf(ctx.chain, currency.code, network)) {
    throw conflict("walletChainDepositAutomatic", { currency: currency.code, network });
  }

  if (clientRequestId) {
    const previous = await findByClientRequest(ctx.db, userId, clientRequestId);
    if (previous) return replayOf(previous, currency.code, amount, method, network);
  }
  if (!currency.depositEnabled) throw conflict("walletDepositDisabled", { currency: currency.code });
  if (dec(amount).lt(currency.minDeposit)) {
    throw badRequest("walletBelowMinDeposit", { min: toMoneyString(currency.minDeposit), currency: currency.code });
  }
  let address: string | null = null;
  if (network) {
    address = await ensureDepositAddress(ctx, userId, currency.code, network);
  } else {
    const settings = await getWalletSettings(ctx.db);
    if (!settings.bankTransfer || currency.code !== BANK_CURRENCY) {
      throw badRequest("walletBankTransferUnavailable", { currency: currency.code });
    }
  }

  let row: DepositRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(deposits)
        .values({
          userId,
          currency: currency.code,
          method,
          network,
          address,
          amount,
          provider: ctx.provider.name,
          clientRequestId: clientRequestId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("deposit insert returned nothing");
      await enqueueJob(tx as unknown as Db, {
        name: JOB_DEPOSIT_CONFIRM,
        key: `deposit-confirm:${inserted.id}`,
        payload: { id: inserted.id },
        delayMs: ctx.provider.firstCheckDelayMs({ ...inserted, amount }),
      });
      return inserted;
    });
  } catch (err) {
    // The same request id arrived twice at once: the other one stored it.
    if (clientRequestId && isUniqueViolation(err)) {
      const previous = await findByClientRequest(ctx.db, userId, clientRequestId);
      if (previous) return replayOf(previous, currency.code, amount, method, network);
    }
    throw err;
  }
  ctx.jobs.poke();
  return toRechargeRecord(row);
}

async function findDeposit(db: Db, id: number): Promise<DepositRow | null> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  return row ?? null;
}

/** Closes a deposit under review without crediting it (-1 rejected, -2 failed). */
async function closeDeposit(db: Db, id: number, status: -1 | -2, reason: string): Promise<DepositRow | null> {
  const [row] = await db
    .update(deposits)
    .set({ status, reason, updatedAt: sql`now()` })
    // A deposit from the chain ends by its confirmations or a reorganisation, never by hand.
    .where(and(eq(deposits.id, id), eq(deposits.status, RecordStatuses.pending), isNull(deposits.chainId)))
    .returning();
  return row ?? null;
}

/** Job: ask the provider about a deposit under review; credit, fail, or check again later. */
export async function runDepositConfirmJob(
  ctx: WalletContext,
  job: Job<{ id: number }>,
  log?: { error: (o: unknown, m?: string) => void },
): Promise<JobOutcome> {
  const row = await findDeposit(ctx.db, job.payload.id);
  if (row?.status !== RecordStatuses.pending || row.flag) return undefined;
  const check = await ctx.provider.confirmDeposit({ ...row, amount: toMoneyString(row.amount) });
  if (check.status === "confirmed") {
    const done = await completeDeposit(ctx.db, row.id, check.reference, check);
    if (done.outcome === "flagged") {
      // Not credited: an operator checks with the provider and confirms what arrived.
      log?.error({ depositId: row.id, confirmation: check, problem: done.problem }, "deposit confirmation rejected");
    }
    if (done.outcome === "credited") await announceDeposit(ctx, row.id).catch(() => undefined);
    return undefined;
  }
  if (check.status === "failed") {
    await closeDeposit(ctx.db, row.id, -2, check.reason);
    await announceDeposit(ctx, row.id).catch(() => undefined);
    return undefined;
  }
  return check.retryInMs === null ? undefined : { retryInMs: check.retryInMs };
}

export async function listMyDeposits(
  db: Db,
  userId: number,
  query: { pageNo: number; pageSize: number; status?: number | undefined; currency?: string | undefined },
  view?: RecordView,
): Promise<Page<RechargeRecord>> {
  const page = await pageOf(db, [eq(deposits.userId, userId)], query);
  return { ...page, records: page.records.map((row) => toRechargeRecord(row, view)) };
}

export async function getMyDeposit(db: Db, userId: number, id: number, view?: RecordView): Promise<RechargeRecord> {
  const row = await findDeposit(db, id);
  if (!row || row.userId !== userId) throw notFound();
  return toRechargeRecord(row, view);
}

async function pageOf(
  db: Db,
  where: SQL[],
  query: { pageNo: number; pageSize: number; status?: number | undefined; currency?: string | undefined },
): Promise<Page<DepositRow>> {
  const conditions = [
    ...where,
    ...(query.status !== undefined ? [eq(deposits.status, query.status)] : []),
    ...(query.currency ? [eq(deposits.currency, query.currency)] : []),
  ];
  const filter = and(...conditions);
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(filter)
      .orderBy(desc(deposits.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db.select({ n: count() }).from(deposits).where(filter),
  ]);
  return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

// ---------------------------------------------------------------- operator

export async function listDeposits(
  db: Db,
  query: { pageNo: number; pageSize: number; status: number; userId?: number | undefined },
): Promise<Page<OperatorDepositRecord>> {
  const page = await pageOf(db, query.userId ? [eq(deposits.userId, query.userId)] : [], query);
  return { ...page, records: page.records.map(toOperatorRecord) };
}

/**
 * Operator (or a provider without automatic confirmation): the money arrived — credit what
 * arrived (`receivedAmount`, required: never the amount asked for) under the receipt's
 * reference (`reference`: one reference credits one deposit; used before → 409). This is
 * also how a deposit held for review (a receipt that did not match) is credited.
 */
export async function confirmDeposit(
  db: Db,
  id: number,
  receivedAmount: string,
  reference: string,
): Promise<OperatorDepositRecord> {
  const found = await findDeposit(db, id);
  if (!found) throw notFound();
  // On-chain deposits are credited by the watcher at their threshold (chain/store.ts).
  if (found.chainId !== null) throw conflict("walletWrongState");
  if (found.status === RecordStatuses.pending) {
    const currency = await requireCurrency(db, found.currency);
    const amount = checkAmount(currency, receivedAmount, "receivedAmount");
    await completeDeposit(
      db,
      id,
      reference,
      { receivedAmount: amount, currency: found.currency, network: found.network },
      "operator",
    );
  }
  const row = await findDeposit(db, id);
  if (!row) throw notFound();
  if (row.status !== RecordStatuses.completed) throw conflict("walletWrongState");
  return toOperatorRecord(row);
}

export async function rejectDeposit(db: Db, id: number, reason: string): Promise<OperatorDepositRecord> {
  const closed = await closeDeposit(db, id, -1, reason);
  const row = closed ?? (await findDeposit(db, id));
  if (!row) throw notFound();
  if (row.status !== RecordStatuses.rejected) throw conflict("walletWrongState");
  return toOperatorRecord(row);
}
