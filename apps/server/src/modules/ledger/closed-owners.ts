// Closing a customer's ledger accounts (issue 34 §4, migrations/0051). Called by the account
// closure in its own transaction, BEFORE it checks the balances:
//   1. every account of the owner is locked in id order (the order every ledger batch locks
//      in, so no deadlock): a credit in flight commits first and the balance check sees it,
//      or waits for the close;
//   2. each account's credit total is recorded as its ceiling, and the owner is listed as
//      closed: from then on the ledger refuses any credit to them (AccountClosedError, 409),
//      including one that waited in step 1, and no new account of theirs can be created.
// If the closure is refused (something still open) its transaction rolls all of this back.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";

/** Which of `userIds` closed their accounts (their money can no longer be credited). */
export async function closedOwners(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const result = await db.execute(
    sql`SELECT user_id FROM ledger_closed_owners WHERE user_id = ANY(${sql.param([...new Set(userIds)])}::bigint[])`,
  );
  return new Set((result as unknown as { rows: { user_id: string | number }[] }).rows.map((r) => Number(r.user_id)));
}

export async function closeOwner(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM ledger_accounts WHERE user_id = ${userId} ORDER BY id FOR UPDATE`);
  // The accounts' guard trigger lets a ledger writer (this transaction only) change them.
  await tx.execute(sql`SELECT set_config('candor.ledger_writer', 'on', true)`);
  await tx.execute(
    sql`UPDATE ledger_accounts SET closed_credits = credits_posted + credits_pending WHERE user_id = ${userId}`,
  );
  await tx.execute(sql`SELECT set_config('candor.ledger_writer', '', true)`);
  await tx.execute(sql`INSERT INTO ledger_closed_owners (user_id) VALUES (${userId}) ON CONFLICT DO NOTHING`);
}
