// Whether an account's e-mail or phone was proved (docs/contract.md "Accounts"): a code sent
// there came back. Until then the account cannot deposit or withdraw; an account without
// an address of a type (guest, wallet login) may add one it proves.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import { AppError, conflict } from "../../lib/errors";

export async function markContactVerified(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ contactVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Deposits and withdrawals: 403 until the account proved its e-mail or phone. */
export async function assertContactVerified(db: Db, userId: number): Promise<void> {
  const [row] = await db.select({ ok: users.contactVerified }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.ok) throw new AppError(403, "contactNotVerified");
}

/**
 * Give an account the e-mail or phone it proved: only where it has none of that type (409
 * `contactExists`), and only an address no other account has (409 `accountExists`).
 */
export async function setProvedContact(
  db: Db,
  userId: number,
  contact: { email: string } | { phone: { e164: string; national: string } },
): Promise<void> {
  try {
    const rows =
      "email" in contact
        ? await db
            .update(users)
            .set({ email: contact.email, contactVerified: true, updatedAt: new Date() })
            .where(and(eq(users.id, userId), isNull(users.email)))
            .returning({ id: users.id })
        : await db
            .update(users)
            .set({
              phone: contact.phone.e164,
              phoneNational: contact.phone.national,
              contactVerified: true,
              updatedAt: new Date(),
            })
            .where(and(eq(users.id, userId), isNull(users.phone)))
            .returning({ id: users.id });
    if (rows.length === 0) throw conflict("contactExists");
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("accountExists");
    throw err;
  }
}
