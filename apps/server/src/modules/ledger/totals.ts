// Hot reads of a customer's balances (the balance read, the asset centre, VIP evaluation):
// plain prepared SQL, sums done by PostgreSQL, no decimal arithmetic in JS.
import { sql } from "drizzle-orm";
import { type Db, preparedRows } from "../../db";
import { rows } from "./rows";
import type { UserAccountKind } from "./types";

// ── Hot read: a customer's spot totals ───────────────────────────────────────────────────

/** NUMERIC text as PostgreSQL prints it ("25000.500000000000000000") in toMoneyString's form ("25000.5"). */
export function numericToMoneyString(value: string): string {
  let s = value;
  if (s.includes(".")) {
    let end = s.length;
    while (s.charCodeAt(end - 1) === 48) end--; // trailing "0"
    if (s.charCodeAt(end - 1) === 46) end--; // a bare "."
    s = s.slice(0, end);
  }
  return s === "-0" || s === "" || s === "-" ? "0" : s;
}

export interface SpotTotal {
  currency: string;
  /** Spot balance less holds. */
  available: string;
  /** Spot holds plus the "frozen" kind's balance. */
  frozen: string;
}

// Summed by PostgreSQL (exact NUMERIC), one prepared statement: the balance read runs
// this on every request, so no query building and no decimal arithmetic in JS.
const SPOT_TOTALS_SQL = `SELECT currency,
    sum(CASE WHEN kind = 'spot' THEN credits_posted - debits_posted - debits_pending ELSE 0 END)::text AS available,
    sum(CASE WHEN kind = 'spot' THEN debits_pending ELSE credits_posted - debits_posted END)::text AS frozen
  FROM ledger_accounts
  WHERE coalesce(user_id, 0) = $1 AND user_id IS NOT NULL AND kind IN ('spot', 'frozen')
  GROUP BY currency
  ORDER BY currency`;

/** Per currency the customer ever used for spot/frozen: available and frozen totals. */
export async function getSpotTotals(db: Db, userId: number): Promise<SpotTotal[]> {
  const rows = await preparedRows<SpotTotal>(db, "ledger_spot_totals", SPOT_TOTALS_SQL, [userId]);
  return rows.map((r) => ({
    currency: r.currency,
    available: numericToMoneyString(r.available),
    frozen: numericToMoneyString(r.frozen),
  }));
}

export interface AccountTotal {
  currency: string;
  kind: UserAccountKind;
  /** Posted balance (credits − debits), holds not deducted. */
  balance: string;
}

const ACCOUNT_TOTALS_SQL = `SELECT currency, kind, (credits_posted - debits_posted)::text AS balance
  FROM ledger_accounts
  WHERE coalesce(user_id, 0) = $1 AND user_id IS NOT NULL
  ORDER BY currency, kind`;

/** Every account's posted balance as exact NUMERIC text (the asset centre's read; one prepared statement). */
export async function getAccountTotals(db: Db, userId: number): Promise<AccountTotal[]> {
  const rows = await preparedRows<AccountTotal>(db, "ledger_account_totals", ACCOUNT_TOTALS_SQL, [userId]);
  return rows.map((r) => ({
    currency: r.currency,
    kind: r.kind,
    balance: numericToMoneyString(r.balance),
  }));
}

/**
 * Balances (credits − debits) of many customers' accounts of the given kinds, each kind
 * optionally limited to one currency: e.g. every contest account and the CUSDT margin
 * accounts of a contest's entrants (modules/contests ranks them from this).
 */
export async function getUsersKindBalances(
  db: Db,
  userIds: readonly number[],
  kinds: ReadonlyArray<{ kind: UserAccountKind; currency?: string }>,
): Promise<Array<{ userId: number; currency: string; kind: UserAccountKind; balance: string }>> {
  if (userIds.length === 0 || kinds.length === 0) return [];
  const match = sql.join(
    kinds.map((k) => (k.currency ? sql`(kind = ${k.kind} AND currency = ${k.currency})` : sql`(kind = ${k.kind})`)),
    sql` OR `,
  );
  const found = await rows<{ user_id: string | number; currency: string; kind: UserAccountKind; balance: string }>(
    db,
    sql`SELECT user_id::bigint AS user_id, currency, kind, (credits_posted - debits_posted)::text AS balance
          FROM ledger_accounts
         WHERE user_id = ANY(${`{${userIds.map((id) => Math.trunc(id)).join(",")}}`}::bigint[]) AND (${match})`,
  );
  return found.map((r) => ({ userId: Number(r.user_id), currency: r.currency, kind: r.kind, balance: r.balance }));
}

/** Account kinds of virtual money: not owed to anybody, so not liabilities. */
const VIRTUAL_KINDS = ["contest", "demo"] as const;

export interface CustomerLiability {
  userId: number;
  currency: string;
  /** Posted balance (credits − debits, holds included) summed over the customer's real account kinds. */
  amount: string;
}

/**
 * What the platform owes every customer per currency: the posted balances of all their real
 * account kinds (spot with its holds, frozen, margin, options, earn, collateral; contest and
 * demo money left out), ordered by customer then currency; zero sums left out. The proof of
 * liabilities (modules/reserves) builds its tree from this.
 */
export async function getCustomerLiabilities(db: Db): Promise<CustomerLiability[]> {
  const found = await rows<{ user_id: string | number; currency: string; amount: string }>(
    db,
    sql`SELECT user_id::bigint AS user_id, currency, sum(credits_posted - debits_posted)::text AS amount
          FROM ledger_accounts
         WHERE user_id IS NOT NULL AND kind NOT IN (${sql.join(
           VIRTUAL_KINDS.map((k) => sql`${k}`),
           sql`, `,
         )})
         GROUP BY user_id, currency
        HAVING sum(credits_posted - debits_posted) <> 0
         ORDER BY user_id, currency`,
  );
  return found.map((r) => ({
    userId: Number(r.user_id),
    currency: r.currency,
    amount: numericToMoneyString(r.amount),
  }));
}
