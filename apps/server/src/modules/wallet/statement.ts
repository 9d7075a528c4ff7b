// The balance log as a statement (issue 35 §6): filtered by category and by real or virtual
// money, a move between the customer's own accounts as one line, and each memo the server
// writes turned into a message key with values, so the app shows it in the reader's language.
import {
  type BalanceLogCategory,
  type BalanceLogRecord,
  LEDGER_KIND_CATEGORIES,
  type Page,
  VIRTUAL_ACCOUNT_KINDS,
} from "@candor/contract";
import type { Db } from "../../db";
import { getBalanceLog, type UserAccountKind } from "../ledger/service";

export interface BalanceLogListInput {
  kind?: string;
  category?: BalanceLogCategory;
  money?: "real" | "virtual";
  currency?: string;
  accountKind?: UserAccountKind;
  pageNo: number;
  pageSize: number;
}

/**
 * The memos other modules write (contracts, contests, rewards, demo, wallet, earn), each as a
 * pattern → key. A memo no pattern knows (an operator's adjustment reason, a note) stays as
 * written, memoKey null.
 */
const MEMOS: [RegExp, string, string[]][] = [
  [/^([A-Z0-9]+) (long|short) (\d+)x margin$/, "futuresMargin", ["symbol", "direction", "leverage"]],
  [/^([A-Z0-9]+) opening fee$/, "futuresOpeningFee", ["symbol"]],
  [/^Contest (\d+): virtual entry funds$/, "contestEntry", ["contest"]],
  [/^Contest (\d+): virtual money returned$/, "contestReturned", ["contest"]],
  [/^Contest (\d+): prize for rank (\d+)$/, "contestPrize", ["contest", "rank"]],
  [/^VIP(\d+) one-time gift$/, "vipGift", ["level"]],
  [/^VIP(\d+) weekly red envelope$/, "vipEnvelope", ["level"]],
  [/^Rebate on (\w+) fee of an invited customer$/, "rebate", ["source"]],
  [/^Demo trading: virtual starting balance$/, "demoStart", []],
  [/^Demo trading reset to ([\d.]+) ([A-Z]+)$/, "demoReset", ["amount", "currency"]],
  [/^Demo trading reset: open option refunded$/, "demoResetOption", []],
  [/^Demo trading reset: virtual holdings returned$/, "demoResetHoldings", []],
  [/^(\w+) deposit, transaction (\w+)$/, "chainDeposit", ["network", "tx"]],
  [/^bank transfer deposit, asked ([\d.]+)$/, "bankDeposit", ["asked"]],
  [/^(\w+) deposit, asked ([\d.]+)$/, "networkDeposit", ["network", "asked"]],
  [/^fee ([\d.]+), receive ([\d.]+)$/, "withdrawalFee", ["fee", "receive"]],
  [/^(\d{4}-\d{2}-\d{2})$/, "forDay", ["day"]],
];

/** A memo as a message key with its values, or null when it is free text. */
export function memoMessage(memo: string): { memoKey: string | null; memoParams: Record<string, string> } {
  for (const [pattern, key, names] of MEMOS) {
    const found = pattern.exec(memo);
    if (!found) continue;
    return { memoKey: key, memoParams: Object.fromEntries(names.map((n, i) => [n, found[i + 1] ?? ""])) };
  }
  return { memoKey: null, memoParams: {} };
}

const VIRTUAL = new Set<string>(VIRTUAL_ACCOUNT_KINDS);

/**
 * The log for the customer (`group`: own-account moves as one line) or for an operator, who
 * sees each side of every transfer.
 */
export async function listBalanceLog(
  db: Db,
  userId: number,
  query: BalanceLogListInput,
  options: { group: boolean } = { group: true },
): Promise<Page<BalanceLogRecord>> {
  const { category, ...rest } = query;
  const page = await getBalanceLog(db, userId, {
    ...rest,
    kinds: category ? LEDGER_KIND_CATEGORIES[category] : undefined,
    group: options.group,
  });
  return {
    ...page,
    records: page.records.map((r) => ({
      id: r.id,
      currency: r.currency,
      amount: r.amount,
      kind: r.kind,
      createdAt: r.createdAt,
      accountKind: r.accountKind,
      toAccountKind: r.toAccountKind,
      virtual: VIRTUAL.has(r.accountKind),
      phase: r.phase,
      referenceType: r.referenceType,
      referenceId: r.referenceId,
      memo: r.memo,
      ...memoMessage(r.memo),
    })),
  };
}
