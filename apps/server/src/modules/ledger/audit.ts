// Full audit of the ledger's invariants (docs/product.md §4), recomputed from the transfer rows:
// each currency sums to zero, no customer account is negative, every account's totals equal
// the sum of its transfers, no key applied twice, every post/void matches its hold.
// Reads everything: for tests, the property test, and an operator's health check.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rows } from "./rows";

export interface LedgerAudit {
  accounts: number;
  transfers: number;
  /** Empty when the ledger is consistent. */
  violations: string[];
}

export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const violations: string[] = [];

  const [counts] = await rows<{ accounts: number | string; transfers: number | string }>(
    db,
    sql`SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, (SELECT count(*) FROM ledger_transfers) AS transfers`,
  );

  const unbalanced = await rows<{ currency: string; posted: string; pending: string }>(
    db,
    sql`SELECT currency, sum(credits_posted - debits_posted) AS posted, sum(credits_pending - debits_pending) AS pending
        FROM ledger_accounts GROUP BY currency
        HAVING sum(credits_posted - debits_posted) <> 0 OR sum(credits_pending - debits_pending) <> 0`,
  );
  for (const u of unbalanced) {
    violations.push(`currency ${u.currency} does not sum to zero (posted ${u.posted}, pending ${u.pending})`);
  }

  const negative = await rows<{ id: number | string; available: string }>(
    db,
    sql`SELECT id, credits_posted - debits_posted - debits_pending AS available FROM ledger_accounts
        WHERE user_id IS NOT NULL AND credits_posted - debits_posted - debits_pending < 0`,
  );
  for (const n of negative) violations.push(`customer account ${n.id} is negative (${n.available})`);

  const drifted = await rows<{ id: number | string }>(
    db,
    sql`WITH open_holds AS (
          SELECT h.* FROM ledger_transfers h
          WHERE h.phase = 'pending' AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = h.id)
        ),
        legs AS (
          SELECT debit_account_id AS account_id, amount AS dp, 0 AS cp, 0 AS dpe, 0 AS cpe
            FROM ledger_transfers WHERE phase IN ('posted', 'post')
          UNION ALL SELECT credit_account_id, 0, amount, 0, 0 FROM ledger_transfers WHERE phase IN ('posted', 'post')
          UNION ALL SELECT debit_account_id, 0, 0, amount, 0 FROM open_holds
          UNION ALL SELECT credit_account_id, 0, 0, 0, amount FROM open_holds
        ),
        sums AS (
          SELECT account_id, sum(dp) AS dp, sum(cp) AS cp, sum(dpe) AS dpe, sum(cpe) AS cpe FROM legs GROUP BY account_id
        )
        SELECT a.id FROM ledger_accounts a LEFT JOIN sums s ON s.account_id = a.id
        WHERE a.debits_posted <> coalesce(s.dp, 0) OR a.credits_posted <> coalesce(s.cp, 0)
           OR a.debits_pending <> coalesce(s.dpe, 0) OR a.credits_pending <> coalesce(s.cpe, 0)`,
  );
  for (const d of drifted) violations.push(`account ${d.id} totals differ from the sum of its transfers`);

  const duplicated = await rows<{ idempotency_key: string }>(
    db,
    sql`SELECT idempotency_key FROM ledger_transfers GROUP BY idempotency_key HAVING count(*) > 1`,
  );
  for (const k of duplicated) violations.push(`key ${k.idempotency_key} applied more than once`);

  const badResolutions = await rows<{ id: number | string }>(
    db,
    sql`SELECT r.id FROM ledger_transfers r LEFT JOIN ledger_transfers h ON h.id = r.pending_id
        WHERE r.pending_id IS NOT NULL AND (
          h.id IS NULL OR h.phase <> 'pending' OR r.debit_account_id <> h.debit_account_id
          OR r.credit_account_id <> h.credit_account_id OR r.currency <> h.currency
          OR (r.phase = 'post' AND r.amount > h.amount) OR (r.phase = 'void' AND r.amount <> h.amount))`,
  );
  for (const b of badResolutions) violations.push(`transfer ${b.id} does not match the hold it resolves`);

  const crossCurrency = await rows<{ id: number | string }>(
    db,
    sql`SELECT t.id FROM ledger_transfers t
        JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
        WHERE d.currency <> t.currency OR c.currency <> t.currency`,
  );
  for (const x of crossCurrency) violations.push(`transfer ${x.id} mixes currencies`);

  return { accounts: Number(counts?.accounts ?? 0), transfers: Number(counts?.transfers ?? 0), violations };
}

/** Per currency, the sum of every account's posted balance (zero when the books balance): the dashboard's quick check. */
export async function ledgerCurrencySums(db: Db): Promise<Array<{ currency: string; sum: string }>> {
  const list = await rows<{ currency: string; total: string }>(
    db,
    sql`SELECT currency, sum(credits_posted - debits_posted)::text AS total FROM ledger_accounts
        GROUP BY currency ORDER BY currency`,
  );
  return list.map((r) => ({ currency: r.currency, sum: String(r.total) }));
}
