// Wallet login and linking (Sign-In with Ethereum, siwe.ts): log in the account linked to
// the signing address or create one (no password, no e-mail yet: the app asks for one);
// link and unlink wallets from the security screens.
import { randomInt } from "node:crypto";
import type { AuthResult, LinkedWallet } from "@candor/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { createSession } from "../../lib/sessions";
import { createUser, getUserById, type UserRow, usernameTaken } from "../users/service";
import { assertSecondFactor } from "./google";
import { guarded } from "./login-guard";
import { assertLoginPassword } from "./password-checks";
import { userWallets } from "./schema";
import type { ClientContext } from "./service";
import { claimedAddress, issueSiweMessage, type SiweSite, useSignedMessage } from "./siwe";
import { countUse } from "./throttle";

/** Nonces one client address may ask for in 15 minutes (login and link together). */
export const WALLET_NONCES_PER_ADDRESS = 30;

export async function walletNonce(
  db: Db,
  input: { address: string; userId: number | null; site: SiweSite },
  ctx: ClientContext,
): Promise<{ message: string }> {
  await countUse(db, "wallet-nonce-address", ctx.ip, WALLET_NONCES_PER_ADDRESS);
  return issueSiweMessage(db, { ...input, purpose: input.userId === null ? "login" : "link" });
}

async function userOfWallet(db: Db, address: string): Promise<UserRow | null> {
  const [row] = await db.select().from(userWallets).where(eq(userWallets.address, address));
  return row ? getUserById(db, row.userId) : null;
}

const USERNAME_TRIES = 5;

/** A new account for a wallet: username from the address, no password, nothing verified. */
async function createWalletAccount(db: Db, address: string): Promise<UserRow> {
  let username = "";
  for (let i = 0; i < USERNAME_TRIES && !username; i++) {
    const candidate = `wallet${address.slice(2, 8)}${String(randomInt(10_000)).padStart(4, "0")}`;
    if (!(await usernameTaken(db, candidate))) username = candidate;
  }
  if (!username) throw new AppError(503, "unavailable");
  try {
    return await db.transaction(async (tx) => {
      const user = await createUser(tx, { username, password: null });
      await tx.insert(userWallets).values({ address, userId: user.id });
      return user;
    });
  } catch (err) {
    // Two first logins of one wallet at once: the other one created the account.
    const existing = isUniqueViolation(err) ? await userOfWallet(db, address) : null;
    if (existing) return existing;
    throw err;
  }
}

/** Log in with a signed message (counted like password logins: per address and per wallet). */
export async function loginWithWallet(
  db: Db,
  input: { message: string; signature: string; site: SiweSite },
  ctx: ClientContext,
): Promise<AuthResult> {
  const claimed = claimedAddress(input.message) ?? "unreadable";
  return guarded(db, { subject: `wallet:${claimed}`, ip: ctx.ip }, async (fail) => {
    const address = await useSignedMessage(db, { ...input, purpose: "login", userId: null });
    if (!address) return fail("walletSignInFailed");
    const user = (await userOfWallet(db, address)) ?? (await createWalletAccount(db, address));
    const token = await createSession(db, user.id, ctx.device);
    return { token, userInfo: { id: user.id, username: user.username } };
  });
}

export async function listWallets(db: Db, userId: number): Promise<LinkedWallet[]> {
  const rows = await db
    .select()
    .from(userWallets)
    .where(eq(userWallets.userId, userId))
    .orderBy(asc(userWallets.createdAt));
  return rows.map((r) => ({ address: r.address, linkedAt: r.createdAt.toISOString() }));
}

/** Link the wallet that signed a link message to the customer (400 when the signature does not hold). */
export async function linkWallet(
  db: Db,
  userId: number,
  input: { message: string; signature: string; site: SiweSite },
): Promise<LinkedWallet[]> {
  const address = await useSignedMessage(db, { ...input, purpose: "link", userId });
  if (!address) throw badRequest("walletSignInFailed");
  const owner = await userOfWallet(db, address);
  if (owner && owner.id !== userId) throw conflict("walletLinkedElsewhere");
  if (!owner) {
    try {
      await db.insert(userWallets).values({ address, userId });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("walletLinkedElsewhere");
      throw err;
    }
  }
  return listWallets(db, userId);
}

/**
 * Unlink a wallet: the login password (and the authenticator code when bound), like other
 * security changes; refused (409) when nothing else would let the customer in.
 */
export async function unlinkWallet(
  db: Db,
  userId: number,
  input: { address: string; password: string; googleCode?: string | undefined },
): Promise<{ done: true }> {
  const address = input.address.toLowerCase();
  const user = await getUserById(db, userId);
  if (!user) throw notFound();
  const [row] = await db
    .select()
    .from(userWallets)
    .where(and(eq(userWallets.address, address), eq(userWallets.userId, userId)));
  if (!row) throw notFound();
  // The login password is both the step-up for this change and the way in that remains;
  // an account without one (created by a wallet or a provider) keeps its wallet.
  if (!user.passwordHash) throw conflict("walletOnlyLogin");
  await assertLoginPassword(db, userId, input.password);
  await assertSecondFactor(db, userId, input.googleCode);
  await db.delete(userWallets).where(and(eq(userWallets.address, address), eq(userWallets.userId, userId)));
  return { done: true };
}
