// Data rights (modules/privacy): the profile as plain JSON (secrets left out) and the
// anonymisation of a closed account. Reached through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

/** Never exported: password hashes and authenticator secrets. */
const SECRET_COLUMNS = [
  "password_hash",
  "withdrawal_password_hash",
  "google_pending_secret",
  "google_secret",
  "google_last_step",
];

export async function userProfileData(db: Db, userId: number): Promise<JsonRow | null> {
  const [row] = await jsonRows(db, "users", sql`t.id = ${userId}`, SECRET_COLUMNS);
  return row ?? null;
}

/**
 * A closed account's row, anonymised: e-mail, phone and device id freed (NULL: the unique
 * indexes let the address register again), the username a tombstone, passwords and
 * authenticator gone (nobody can log in), name, birthday, gender and addresses erased. The
 * row itself stays: the ledger and KYC records the law keeps point at its id.
 */
export async function anonymiseUser(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE users SET
      username = 'closed:' || id, email = NULL, phone = NULL, phone_national = NULL,
      password_hash = NULL, withdrawal_password_hash = NULL, google_pending_secret = NULL,
      google_secret = NULL, google_last_step = NULL, guest_device_id = NULL,
      surname = NULL, first_name = NULL, gender = NULL, birthday = NULL, address = NULL,
      contact_phone = NULL, contact_verified = false, updated_at = now()
    WHERE id = ${userId}`);
}
