// The balance log as a bank statement (issue 35 §6): a title for every ledger reason code,
// memos in the reader's language, a move between the customer's own accounts as one line.
// Pure: the screen and the tests pass the translation function.
import type { BalanceLogRecord } from "@candor/contract";
import { LEDGER_KINDS } from "@candor/contract/ledger-kinds";
import { pairLabel } from "@candor/domain";

type T = (key: string, options?: Record<string, unknown>) => string;

const KNOWN_KINDS = new Set<string>(LEDGER_KINDS);

/** BTCUSDT → BTC/USDT (the domain's rule, the same on every screen and in the inbox). */
export { pairLabel };

/** The entry's title: its reason code in words; a code the app does not know yet is "Other movement", never raw. */
export function kindTitle(t: T, kind: string): string {
  return t(`ledgerKinds:${KNOWN_KINDS.has(kind) ? kind : "unknown"}`);
}

/** The memo in the reader's language; free text (an operator's note) as written; null when empty. */
export function memoText(t: T, r: Pick<BalanceLogRecord, "memo" | "memoKey" | "memoParams">): string | null {
  if (!r.memoKey) return r.memo.trim() === "" ? null : r.memo;
  const p = r.memoParams;
  const values: Record<string, string> = { ...p };
  if (p.symbol) values.symbol = pairLabel(p.symbol);
  if (p.direction) values.direction = t(`statement.directions.${p.direction}`);
  if (p.source) values.source = t(`statement.sources.${p.source}`);
  const text = t(`statement.memos.${r.memoKey}`, { ...values, defaultValue: "" });
  return text === "" ? r.memo || null : text;
}

export interface StatementLine {
  title: string;
  /** Second line: where the money went (own-account move), the memo, or the hold's state. */
  detail: string;
  /** A move between the customer's own accounts: their money did not come or go. */
  internal: boolean;
  virtual: boolean;
}

/**
 * One record as one statement line. A move between my own accounts (spot → futures margin)
 * reads as its memo ("Margin for BTC/USDT long · 2×") with "Spot → Futures margin" under it.
 */
export function statementLine(t: T, r: BalanceLogRecord): StatementLine {
  const memo = memoText(t, r);
  if (r.toAccountKind) {
    return {
      title: memo ?? kindTitle(t, r.kind),
      detail: t("statement.move", {
        from: t(`statement.accounts.${r.accountKind}`),
        to: t(`statement.accounts.${r.toAccountKind}`),
      }),
      internal: true,
      virtual: r.virtual,
    };
  }
  return {
    title: kindTitle(t, r.kind),
    detail: memo ?? t(`phases.${r.phase}`),
    internal: false,
    virtual: r.virtual,
  };
}
