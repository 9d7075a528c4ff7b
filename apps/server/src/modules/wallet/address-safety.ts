// Withdrawal safety (docs/contract.md "Withdrawal safety", docs/product.md §1.9): the hold on a new
// withdrawal address, the notice sent when one is added, and the freeze its "this was not
// me" link sets.
//
// The link carries a one-time token: 256 random bits, of which the server keeps only the
// SHA-256 (like a session token), so it cannot be forged or read back from the database; it
// works once, for 7 days. Using it freezes the customer's *new* withdrawals (withdrawals
// already asked for stay cancellable) and ends every session, the intruder's included. The
// freeze is lifted only by support (`/api/operator/wallet/withdrawalFreeze/lift`, audited,
// with the proof they checked): whoever added the address may hold the customer's password
// and authenticator, so nothing the customer can type proves it is them.
import { createHash, randomBytes } from "node:crypto";
import type { Lang } from "@candor/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { t } from "../../i18n";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { revokeAllCustomerSessions } from "../auth/service";
import { getUserById } from "../users/service";
import type { WalletContext } from "./context";
import { iso } from "./context";
import { type payoutAccounts, withdrawalFreezes, withdrawalNoticeTokens } from "./schema";

/** A payout account row (payout-accounts.ts, which calls this file, names it the same). */
type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

const HOUR_MS = 3_600_000;
export const NOTICE_TOKEN_TTL_MS = 7 * 24 * HOUR_MS;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** When an address added (or re-pointed) now becomes usable, on the business clock. */
export function usableAtFor(ctx: Pick<WalletContext, "clock" | "addressCooldownHours">): Date {
  return new Date(ctx.clock.now().getTime() + ctx.addressCooldownHours * HOUR_MS);
}

/** 409 naming the time while the account's hold runs. */
export function assertAddressUsable(ctx: Pick<WalletContext, "clock">, account: PayoutAccountRow): void {
  if (account.usableAt.getTime() > ctx.clock.now().getTime()) {
    const at = iso(account.usableAt);
    throw conflict("walletAddressOnHold", { usableAt: `${at.slice(0, 10)} ${at.slice(11, 16)} UTC` });
  }
}

export async function isWithdrawalFrozen(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawalFreezes.id })
    .from(withdrawalFreezes)
    .where(and(eq(withdrawalFreezes.userId, userId), isNull(withdrawalFreezes.liftedAt)))
    .limit(1);
  return Boolean(row);
}

export async function assertNotFrozen(db: Db, userId: number): Promise<void> {
  if (await isWithdrawalFrozen(db, userId)) throw conflict("walletWithdrawalsFrozen");
}

/**
 * Tells the customer an address was added (e-mail, or SMS for a phone-only account; the
 * inbox through the bus) with the "this was not me" link. Runs after the account is
 * stored; a failed delivery is logged by the notifier and never undoes the address.
 */
export async function sendNewAddressNotice(ctx: WalletContext, account: PayoutAccountRow, lang: Lang): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await ctx.db.insert(withdrawalNoticeTokens).values({
    tokenHash: hash(token),
    userId: account.userId,
    payoutAccountId: account.id,
    expiresAt: new Date(Date.now() + NOTICE_TOKEN_TTL_MS),
  });
  const destination =
    account.type === "wallet"
      ? `${account.currency} ${account.network} ${account.address}`
      : `${account.bankName} ${account.account}`;
  const usableAt = iso(account.usableAt);
  const params = { destination, usableAt: `${usableAt.slice(0, 10)} ${usableAt.slice(11, 16)} UTC` };
  ctx.bus?.publish("wallet.payout_account_added", {
    userId: account.userId,
    accountId: account.id,
    destination,
    usableAt,
  });
  const user = await getUserById(ctx.db, account.userId);
  const to = user?.email ?? user?.phone ?? null;
  if (!ctx.notifier || !user || !to) return;
  const link = `${ctx.publicUrl}/#/withdrawal-freeze?token=${token}`;
  try {
    await ctx.notifier.send({
      channel: user.email ? "email" : "sms",
      to,
      subject: t(lang, "walletNewAddressSubject"),
      text: `${t(lang, "walletNewAddressText", params)}\n${link}`,
    });
  } catch {
    // The notifier logged it; the inbox message still tells the customer.
  }
}

/**
 * "This was not me": a valid, unused, unexpired token freezes the owner's new withdrawals
 * and ends every session. A second use (or any other token) → 400.
 */
export async function freezeByToken(db: Db, token: string): Promise<{ userId: number }> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(withdrawalNoticeTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(withdrawalNoticeTokens.tokenHash, hash(token)),
          isNull(withdrawalNoticeTokens.usedAt),
          gt(withdrawalNoticeTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!used) throw badRequest("walletFreezeLinkInvalid");
    await tx
      .insert(withdrawalFreezes)
      .values({ userId: used.userId, payoutAccountId: used.payoutAccountId })
      .onConflictDoNothing();
    await revokeAllCustomerSessions(tx, used.userId);
    return { userId: used.userId };
  });
}

/** Support lifts a customer's freeze after checking who asks; `note` says what proof was seen. */
export async function liftFreeze(db: Db, userId: number, staffId: number, note: string): Promise<{ id: number }> {
  const [row] = await db
    .update(withdrawalFreezes)
    .set({ liftedAt: sql`now()`, liftedBy: staffId, liftNote: note })
    .where(and(eq(withdrawalFreezes.userId, userId), isNull(withdrawalFreezes.liftedAt)))
    .returning({ id: withdrawalFreezes.id });
  if (!row) throw notFound();
  return { id: row.id };
}
