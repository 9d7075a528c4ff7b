// The ledger's change feed: which customers' balances transfers touched, and transfers
// after an id (the private account channel and the followers of the ledger).
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rows } from "./rows";
import { numericToMoneyString } from "./totals";

// ── Change feed (private account channel) ─────────────────────────────────────────────

/**
 * Transfers with an id above `afterId` that touch accounts of these users, oldest first:
 * which customers' balances moved (deposits confirmed, settlements, adjustments), for
 * the private account websocket. Ids are assigned at insert, so a caller looks back a
 * little below its watermark and skips the ids it has seen.
 */
export async function transfersTouchingUsers(
  db: Db,
  afterId: number,
  userIds: readonly number[],
  limit = 2000,
): Promise<{ id: number; userId: number }[]> {
  if (userIds.length === 0) return [];
  const result = await rows<{ id: number | string; user_id: number | string }>(
    db,
    sql`SELECT t.id, a.user_id FROM ledger_transfers t
      JOIN ledger_accounts a ON a.id IN (t.debit_account_id, t.credit_account_id)
      WHERE t.id > ${afterId} AND a.user_id = ANY(${sql.param([...userIds])}::bigint[])
      ORDER BY t.id LIMIT ${limit}`,
  );
  return result.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) }));
}

/** The newest transfer id (0 when there is none). */
export async function latestTransferId(db: Db): Promise<number> {
  const [row] = await rows<{ id: number | string | null }>(db, sql`SELECT max(id) AS id FROM ledger_transfers`);
  return Number(row?.id ?? 0);
}

/** A completed transfer with the owners of both sides (readers that follow the ledger, e.g. rewards). */
export interface FollowedTransfer {
  id: number;
  kind: string;
  currency: string;
  amount: string;
  referenceType: string;
  referenceId: string;
  debitUserId: number | null;
  debitKind: string;
  creditUserId: number | null;
  creditKind: string;
  createdAt: string;
}

type FollowedRow = {
  id: string | number;
  kind: string;
  currency: string;
  amount: string;
  reference_type: string;
  reference_id: string;
  debit_user_id: string | number | null;
  debit_kind: string;
  credit_user_id: string | number | null;
  credit_kind: string;
  created_at: string | Date;
};

const FOLLOWED_COLUMNS = sql`t.id, t.kind, t.currency, t.amount::text AS amount, t.reference_type, t.reference_id,
  d.user_id AS debit_user_id, d.kind AS debit_kind, c.user_id AS credit_user_id, c.kind AS credit_kind, t.created_at`;

const toFollowed = (r: FollowedRow): FollowedTransfer => ({
  id: Number(r.id),
  kind: r.kind,
  currency: r.currency,
  amount: numericToMoneyString(r.amount),
  referenceType: r.reference_type,
  referenceId: r.reference_id,
  debitUserId: r.debit_user_id === null ? null : Number(r.debit_user_id),
  debitKind: r.debit_kind,
  creditUserId: r.credit_user_id === null ? null : Number(r.credit_user_id),
  creditKind: r.credit_kind,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Completed transfers (posted, or a hold's post) of the given kinds with id > `afterId`, oldest
 * first. Transfers commit out of id order, so an id cursor alone can skip a transfer that
 * commits late: followers that must see everything read the outbox (below) instead.
 */
export async function listTransfersAfter(
  db: Db,
  input: { afterId: number; kinds: readonly string[]; limit: number },
): Promise<FollowedTransfer[]> {
  const found = await rows<FollowedRow>(
    db,
    sql`SELECT ${FOLLOWED_COLUMNS}
        FROM ledger_transfers t
        JOIN ledger_accounts d ON d.id = t.debit_account_id
        JOIN ledger_accounts c ON c.id = t.credit_account_id
        WHERE t.id > ${input.afterId} AND t.phase IN ('posted', 'post')
          AND t.kind = ANY(${sql.param([...input.kinds])}::text[])
        ORDER BY t.id
        LIMIT ${input.limit}`,
  );
  return found.map(toFollowed);
}

// ── Outbox (migrations/0026) ──────────────────────────────────────────────────────────

/**
 * The kinds of completed transfers (posted, or a hold's post) the outbox receives: the same
 * transaction that inserts such a transfer inserts its outbox row (a trigger), so a row is
 * visible exactly when its transfer has committed — commit order, not id order.
 */
export const OUTBOX_KINDS = ["deposit", "spot_fee", "futures_fee", "exchange", "earn", "mining_purchase"] as const;

/** Committed transfers still in the outbox (not yet acknowledged), oldest id first. */
export async function listOutbox(db: Db, limit: number): Promise<FollowedTransfer[]> {
  const found = await rows<FollowedRow>(
    db,
    sql`SELECT ${FOLLOWED_COLUMNS}
        FROM ledger_outbox o
        JOIN ledger_transfers t ON t.id = o.transfer_id
        JOIN ledger_accounts d ON d.id = t.debit_account_id
        JOIN ledger_accounts c ON c.id = t.credit_account_id
        ORDER BY o.transfer_id
        LIMIT ${limit}`,
  );
  return found.map(toFollowed);
}

/** Removes handled transfers from the outbox (a follower's handling must be idempotent: several nodes may read one row). */
export async function ackOutbox(db: Db, transferIds: readonly number[]): Promise<void> {
  if (transferIds.length === 0) return;
  await db.execute(sql`DELETE FROM ledger_outbox WHERE transfer_id = ANY(${sql.param([...transferIds])}::bigint[])`);
}

/** The highest transfer id so far (0 when none). */
export async function lastTransferId(db: Db): Promise<number> {
  const [r] = await rows<{ id: string | number | null }>(db, sql`SELECT max(id) AS id FROM ledger_transfers`);
  return Number(r?.id ?? 0);
}

/** Customers after `afterId` holding a non-zero real (non-demo) balance in any account, ascending. */
export async function listUserIdsWithBalances(db: Db, afterId: number, limit: number): Promise<number[]> {
  const found = await rows<{ user_id: string | number }>(
    db,
    sql`SELECT DISTINCT user_id FROM ledger_accounts
        WHERE user_id > ${afterId} AND kind <> 'demo' AND credits_posted <> debits_posted
        ORDER BY user_id LIMIT ${limit}`,
  );
  return found.map((r) => Number(r.user_id));
}
