// Payout accounts ("settlement info"): the blockchain wallets and bank accounts a
// customer's withdrawals go to. Only the owner sees or changes them (others get 404).
// Adding one, or pointing one somewhere else, needs the authenticator code when bound,
// starts the new-address hold and sends the notice (address-safety.ts).
import type {
  AddPayoutAccountBody,
  Lang,
  PayoutAccount,
  PayoutAccountAdded,
  UpdatePayoutAccountBody,
} from "@candor/contract";
import { and, asc, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { assertSecondFactor } from "../auth/service";
import { ledgerTransaction } from "../ledger/service";
import { sendNewAddressNotice, usableAtFor } from "./address-safety";
import { iso, lockCustomer, type WalletContext } from "./context";
import { requireCurrency, requireNetwork } from "./currencies";
import { isValidAddress } from "./networks";
import { payoutAccounts } from "./schema";

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

export const PAYOUT_ACCOUNTS_MAX = 20;

export const toPayoutAccount = (row: PayoutAccountRow): PayoutAccount => ({
  id: row.id,
  type: row.type,
  currency: row.currency,
  network: row.network,
  address: row.address,
  bankName: row.bankName,
  realName: row.realName,
  account: row.account,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  usableAt: iso(row.usableAt),
});

type Fields = Pick<PayoutAccountRow, "type" | "currency" | "network" | "address" | "bankName" | "realName" | "account">;

/** Checks a wallet's currency, network and address format; normalises a bank account. */
async function fieldsOf(db: Db, input: AddPayoutAccountBody): Promise<Fields> {
  if (input.type === "wallet") {
    const currency = await requireCurrency(db, input.currency);
    const network = requireNetwork(currency, input.network);
    if (!isValidAddress(network, input.address)) throw badRequest("walletInvalidAddress", { network });
    return {
      type: "wallet",
      currency: currency.code,
      network,
      address: input.address,
      bankName: null,
      realName: null,
      account: null,
    };
  }
  return {
    type: "bank",
    currency: null,
    network: null,
    address: null,
    bankName: input.bankName,
    realName: input.realName,
    account: input.account.replace(/[\s-]+/g, ""),
  };
}

/** Another live account of the customer with the same destination (EVM addresses compare case-insensitively). */
async function findDuplicate(db: Db, userId: number, f: Fields, exceptId?: number) {
  const conditions = [
    eq(payoutAccounts.userId, userId),
    isNull(payoutAccounts.deletedAt),
    eq(payoutAccounts.type, f.type),
    ...(exceptId ? [ne(payoutAccounts.id, exceptId)] : []),
    ...(f.type === "wallet"
      ? [
          eq(payoutAccounts.currency, f.currency ?? ""),
          eq(payoutAccounts.network, f.network ?? ""),
          f.address?.startsWith("0x")
            ? sql`lower(${payoutAccounts.address}) = ${f.address.toLowerCase()}`
            : eq(payoutAccounts.address, f.address ?? ""),
        ]
      : [eq(payoutAccounts.account, f.account ?? ""), eq(payoutAccounts.bankName, f.bankName ?? "")]),
  ];
  const [row] = await db
    .select({ id: payoutAccounts.id })
    .from(payoutAccounts)
    .where(and(...conditions))
    .limit(1);
  return row ?? null;
}

const sameDestination = (row: PayoutAccountRow, f: Fields) =>
  row.type === f.type &&
  row.currency === f.currency &&
  row.network === f.network &&
  (row.address ?? "").toLowerCase() === (f.address ?? "").toLowerCase() &&
  row.bankName === f.bankName &&
  row.account === f.account;

export async function addPayoutAccount(
  ctx: WalletContext,
  userId: number,
  input: AddPayoutAccountBody,
  lang: Lang,
): Promise<PayoutAccountAdded> {
  const db = ctx.db;
  const fields = await fieldsOf(db, input);
  await assertSecondFactor(db, userId, input.googleCode);
  const usableAt = usableAtFor(ctx);
  const added = await ledgerTransaction(db, async (tx) => {
    await lockCustomer(tx, userId);
    if (await findDuplicate(tx, userId, fields)) throw conflict("walletDuplicateAccount");
    const [live] = await tx
      .select({ n: count() })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)));
    if (Number(live?.n ?? 0) >= PAYOUT_ACCOUNTS_MAX) throw conflict("walletAccountLimit", { max: PAYOUT_ACCOUNTS_MAX });
    const [row] = await tx
      .insert(payoutAccounts)
      .values({ userId, ...fields, usableAt })
      .returning();
    if (!row) throw new Error("payout account insert returned nothing");
    return row;
  });
  await sendNewAddressNotice(ctx, added, lang);
  return { id: added.id, usableAt: iso(added.usableAt) };
}

/** The customer's live account; 404 for anyone else's, or a deleted one. */
export async function requirePayoutAccount(db: Db, userId: number, id: number): Promise<PayoutAccountRow> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Edits an account. Withdrawals already asked for keep the destination they were made to.
 * Pointing it at another destination is adding a new address: the authenticator code when
 * bound, a new hold and the notice (else an old, usable account could be re-pointed and
 * emptied at once).
 */
export async function updatePayoutAccount(
  ctx: WalletContext,
  userId: number,
  input: UpdatePayoutAccountBody,
  lang: Lang,
): Promise<PayoutAccount> {
  const db = ctx.db;
  const before = await requirePayoutAccount(db, userId, input.id);
  const fields = await fieldsOf(db, input);
  const moved = !sameDestination(before, fields);
  if (moved) await assertSecondFactor(db, userId, input.googleCode);
  const row = await ledgerTransaction(db, async (tx) => {
    await lockCustomer(tx, userId);
    if (await findDuplicate(tx, userId, fields, input.id)) throw conflict("walletDuplicateAccount");
    const [updated] = await tx
      .update(payoutAccounts)
      .set({ ...fields, updatedAt: sql`now()`, ...(moved ? { usableAt: usableAtFor(ctx) } : {}) })
      .where(and(eq(payoutAccounts.id, input.id), eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)))
      .returning();
    if (!updated) throw notFound();
    return updated;
  });
  if (moved) await sendNewAddressNotice(ctx, row, lang);
  return toPayoutAccount(row);
}

export async function deletePayoutAccount(db: Db, userId: number, id: number): Promise<{ id: number }> {
  const [row] = await db
    .update(payoutAccounts)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payoutAccounts.id, id), eq(payoutAccounts.userId, userId), isNull(payoutAccounts.deletedAt)))
    .returning({ id: payoutAccounts.id });
  if (!row) throw notFound();
  return { id: row.id };
}

export async function listPayoutAccounts(
  db: Db,
  userId: number,
  query: { type?: "wallet" | "bank" | undefined; currency?: string | undefined },
): Promise<PayoutAccount[]> {
  const rows = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.userId, userId),
        isNull(payoutAccounts.deletedAt),
        ...(query.type ? [eq(payoutAccounts.type, query.type)] : []),
        ...(query.currency ? [eq(payoutAccounts.currency, query.currency)] : []),
      ),
    )
    .orderBy(asc(payoutAccounts.id));
  return rows.map(toPayoutAccount);
}
