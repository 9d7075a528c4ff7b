// A customer's realised trading results over a period, for loss limits and the reality check
// (modules/protection): per currency, what the customer's real (not demo, not contest)
// accounts received from or paid to the platform's accounts on transfers of the given kinds.
// A move between two of the customer's own accounts (margin back to spot, a stake returned)
// nets out; posted money only (a hold is not yet a result).
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { rows } from "./rows";
import { numericToMoneyString } from "./totals";

/** The kinds whose platform-side flows are a realised result: P&L, fees, option losses and profits. */
export const RESULT_KINDS = ["futures_pnl", "futures_fee", "option_loss", "option_payout", "spot_fee"] as const;

const VIRTUAL = ["contest", "demo"];
const VIRTUAL_CURRENCIES = ["VUSDT", "CUSDT"];

export interface CurrencyResult {
  currency: string;
  /** Received minus paid (negative = a loss). */
  net: string;
}

/** Net realised results per currency of transfers stamped at or after `since` (the database's time scale). */
export async function getRealisedResults(db: Db, userId: number, since: Date): Promise<CurrencyResult[]> {
  const kinds = sql.join(
    RESULT_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const virtual = sql.join(
    VIRTUAL.map((k) => sql`${k}`),
    sql`, `,
  );
  const virtualCurrencies = sql.join(
    VIRTUAL_CURRENCIES.map((k) => sql`${k}`),
    sql`, `,
  );
  const found = await rows<{ currency: string; net: string }>(
    db,
    sql`WITH mine AS (
        SELECT id FROM ledger_accounts
        WHERE coalesce(user_id, 0) = ${userId} AND user_id IS NOT NULL
          AND kind NOT IN (${virtual}) AND currency NOT IN (${virtualCurrencies})
      ),
      platform AS (SELECT id FROM ledger_accounts WHERE user_id IS NULL)
      SELECT t.currency,
        sum(CASE WHEN t.credit_account_id IN (SELECT id FROM mine) THEN t.amount ELSE -t.amount END)::text AS net
      FROM ledger_transfers t
      WHERE t.kind IN (${kinds}) AND t.phase IN ('posted', 'post')
        AND t.created_at >= ${since.toISOString()}::timestamptz
        AND (
          (t.credit_account_id IN (SELECT id FROM mine) AND t.debit_account_id IN (SELECT id FROM platform))
          OR (t.debit_account_id IN (SELECT id FROM mine) AND t.credit_account_id IN (SELECT id FROM platform))
        )
      GROUP BY t.currency
      ORDER BY t.currency`,
  );
  return found.map((r) => ({ currency: r.currency, net: numericToMoneyString(r.net) }));
}
