// The customer's balance log read from the ledger: every transfer touching one of their
// accounts, newest first, signed as the change of that account's available balance. With
// `group`, a move between two of the customer's own accounts (spot → futures margin) is one
// entry, seen from the account it left, instead of one per side (issue 35 §6).
import type { Page } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { assert } from "./errors";
import { availableChange } from "./plan";
import { rows, TRANSFER_COLUMNS, toTransfer } from "./rows";
import {
  type BalanceLogEntry,
  type BalanceLogQuery,
  type TransferPhase,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from "./types";

interface LogRow {
  side: "d" | "c";
  account_kind: string;
  to_kind: string | null;
  held_amount: string | null;
}

/** Account kinds holding virtual money (contest and demo). */
const VIRTUAL_KINDS = ["contest", "demo"];

export async function getBalanceLog(db: Db, userId: number, query: BalanceLogQuery): Promise<Page<BalanceLogEntry>> {
  assert(Number.isSafeInteger(query.pageNo) && query.pageNo >= 1, "pageNo ≥ 1");
  assert(Number.isSafeInteger(query.pageSize) && query.pageSize >= 1 && query.pageSize <= 500, "pageSize 1–500");
  if (query.accountKind) assert(USER_ACCOUNT_KINDS.includes(query.accountKind), "known account kind");
  const inList = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const mine = sql`SELECT id, kind FROM ledger_accounts
    WHERE coalesce(user_id, 0) = ${userId} AND user_id IS NOT NULL
      ${query.currency ? sql`AND currency = ${query.currency}` : sql``}
      ${query.accountKind ? sql`AND kind = ${query.accountKind}` : sql``}
      ${query.money === "virtual" ? sql`AND kind IN (${inList(VIRTUAL_KINDS)})` : sql``}
      ${query.money === "real" ? sql`AND kind NOT IN (${inList(VIRTUAL_KINDS)})` : sql``}`;
  const kindFilter: SQL = sql`${query.kind ? sql`AND t.kind = ${query.kind}` : sql``}
    ${query.kinds === undefined ? sql`` : query.kinds.length === 0 ? sql`AND false` : sql`AND t.kind IN (${inList(query.kinds)})`}
    ${query.from ? sql`AND t.created_at >= ${query.from.toISOString()}::timestamptz` : sql``}
    ${query.to ? sql`AND t.created_at < ${query.to.toISOString()}::timestamptz` : sql``}`;
  // With `group`, the two legs of an own-account move become one row: the debit side ('d' >
  // 'c'), with the credited account as to_kind.
  const legs = sql`
    WITH mine AS (${mine}),
    legs AS (
      SELECT t.id, 'd' AS side, m.kind AS account_kind FROM ledger_transfers t
        JOIN mine m ON t.debit_account_id = m.id WHERE true ${kindFilter}
      UNION ALL
      SELECT t.id, 'c' AS side, m.kind AS account_kind FROM ledger_transfers t
        JOIN mine m ON t.credit_account_id = m.id WHERE true ${kindFilter}
    ),
    entries AS (
      ${
        query.group
          ? sql`SELECT id, max(side) AS side,
              coalesce(max(account_kind) FILTER (WHERE side = 'd'), max(account_kind)) AS account_kind,
              CASE WHEN count(*) > 1 THEN max(account_kind) FILTER (WHERE side = 'c') END AS to_kind
            FROM legs GROUP BY id`
          : sql`SELECT id, side, account_kind, NULL::text AS to_kind FROM legs`
      }
    )`;
  const [countRows, pageRows] = await Promise.all([
    rows<{ total: number | string }>(db, sql`${legs} SELECT count(*) AS total FROM entries`),
    rows<Parameters<typeof toTransfer>[0] & LogRow>(
      db,
      sql`${legs}
        SELECT ${TRANSFER_COLUMNS}, entries.side, entries.account_kind, entries.to_kind, h.amount AS held_amount
        FROM entries JOIN ledger_transfers t ON t.id = entries.id
        LEFT JOIN ledger_transfers h ON h.id = t.pending_id
        ORDER BY t.id DESC, entries.side DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
    ),
  ]);
  const records = pageRows.map((r): BalanceLogEntry => {
    const t = toTransfer(r);
    const side = r.side === "d" ? "debit" : "credit";
    const change = availableChange(side, t.phase, dec(t.amount), r.held_amount === null ? null : dec(r.held_amount));
    return {
      id: r.to_kind ? `${t.id}` : `${t.id}-${r.side}`,
      transferId: t.id,
      currency: t.currency,
      accountKind: r.account_kind as UserAccountKind,
      toAccountKind: (r.to_kind as UserAccountKind | null) ?? null,
      kind: t.kind,
      phase: t.phase as TransferPhase,
      amount: toMoneyString(change),
      transferAmount: t.amount,
      referenceType: t.referenceType,
      referenceId: t.referenceId,
      memo: t.memo,
      createdAt: t.createdAt,
    };
  });
  return { records, total: Number(countRows[0]?.total ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}
