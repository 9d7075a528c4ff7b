// Data rights (modules/privacy): the customer's sessions and external logins as plain JSON
// (token hashes and OIDC secrets left out), and their removal when the account closes.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

export async function authUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    sessions: await jsonRows(db, "sessions", sql`t.user_id = ${userId}`, ["token_hash"]),
    wallets: await jsonRows(db, "user_wallets", sql`t.user_id = ${userId}`),
    externalLogins: await jsonRows(db, "oidc_identities", sql`t.user_id = ${userId}`),
  };
}

/** A closed account: its wallet and Google/Apple logins unlinked (nothing can log in to it). */
export async function removeExternalLogins(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM user_wallets WHERE user_id = ${userId}`);
  await db.execute(sql`DELETE FROM oidc_identities WHERE user_id = ${userId}`);
}
