// Raw statements on either driver, and the mapping of ledger rows to accounts and transfers.
import { dec, toMoneyString } from "@candor/domain";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Db, preparedRows } from "../../db";
import type { AccountState } from "./plan";
import type { Transfer, TransferPhase } from "./types";

const dialect = new PgDialect();

/**
 * Rows of a raw statement, on either driver (both return `{ rows }`). With a `name`, it is
 * a prepared statement on PostgreSQL — parsed and planned once per connection, which is a
 * large part of a single transfer's cost — so its SQL text must be the same on every call.
 */
export async function rows<T>(db: Db, query: SQL, name?: string): Promise<T[]> {
  if (name) {
    const { sql, params } = dialect.sqlToQuery(query);
    return preparedRows<T>(db, name, sql, params);
  }
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const num = (v: unknown): number => Number(v);
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const arrayParam = (values: unknown[]) => sql.param(values);

export interface AccountRow {
  id: number | string;
  user_id: number | string | null;
  currency: string;
  kind: string;
  shard?: number | string | null;
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
  credits_pending: string;
  closed_credits?: string | null;
}

export const toAccountState = (r: AccountRow): AccountState => ({
  id: num(r.id),
  userId: r.user_id === null ? null : num(r.user_id),
  currency: r.currency,
  kind: r.kind,
  shard: r.shard === undefined || r.shard === null ? 0 : num(r.shard),
  debitsPosted: dec(r.debits_posted),
  creditsPosted: dec(r.credits_posted),
  debitsPending: dec(r.debits_pending),
  creditsPending: dec(r.credits_pending),
  closedCredits: r.closed_credits === undefined || r.closed_credits === null ? null : dec(r.closed_credits),
});

export interface TransferRow {
  id: number | string;
  idempotency_key: string;
  phase: string;
  pending_id: number | string | null;
  debit_account_id: number | string;
  credit_account_id: number | string;
  currency: string;
  amount: string;
  kind: string;
  reference_type: string;
  reference_id: string;
  memo: string;
  created_at: string;
}

export const TRANSFER_COLUMNS = sql`t.id, t.idempotency_key, t.phase, t.pending_id, t.debit_account_id,
  t.credit_account_id, t.currency, t.amount, t.kind, t.reference_type, t.reference_id, t.memo,
  ${iso(sql`t.created_at`)} AS created_at`;

export const toTransfer = (r: TransferRow): Transfer => ({
  id: num(r.id),
  key: r.idempotency_key,
  phase: r.phase as TransferPhase,
  pendingId: r.pending_id === null ? null : num(r.pending_id),
  debitAccountId: num(r.debit_account_id),
  creditAccountId: num(r.credit_account_id),
  currency: r.currency,
  amount: toMoneyString(r.amount),
  kind: r.kind,
  referenceType: r.reference_type,
  referenceId: r.reference_id,
  memo: r.memo,
  createdAt: r.created_at,
});
