// "Close my account": allowed when nothing is open or held (./closure checks every product
// through its service.ts), with the login password. In one transaction: the closure recorded,
// personal data erased or anonymised (users, payout addresses, external logins, inbox), every
// session ended. Kept for the law, linked only to the anonymised id: the ledger (for
// RETENTION_YEARS_LEDGER) and the identity checks (for RETENTION_YEARS_KYC, then the daily job
// erases their personal fields and files).
import type { CloseAccountResult, CloseBlocker } from "@candor/contract";
import { compareDecimals, sumAmounts } from "@candor/domain";
import { and, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { AppError } from "../../lib/errors";
import { assertLoginPassword, removeExternalLogins, revokeAllCustomerSessions } from "../auth/service";
import { clearInbox } from "../content/service";
import { contestsOpenCount } from "../contests/service";
import { futuresOpenCount } from "../contracts/service";
import { earnOpenCount } from "../earn/service";
import { ieoOpenCount } from "../ieo/service";
import { eraseKycPersonalData } from "../kyc/service";
import { closeOwner, getBalances } from "../ledger/service";
import { loansOpenCount } from "../loans/service";
import { optionsOpenCount } from "../options/service";
import { spotOpenCount } from "../spot/service";
import { removeUploadFiles } from "../uploads/service";
import { anonymiseUser } from "../users/service";
import { depositsInProgress, removePayoutAccounts, withdrawalsInProgress } from "../wallet/service";
import { accountClosures } from "./schema";

export interface ClosureDeps {
  db: Db;
  dataDir: string;
  now: () => Date;
  retentionYearsLedger: number;
  retentionYearsKyc: number;
}

/** Play money (demo trading, contest funds) never keeps an account open. */
const VIRTUAL_KINDS = new Set(["demo", "contest"]);

const COUNTS: readonly [CloseBlocker["kind"], (db: Db, userId: number) => Promise<number>][] = [
  ["futuresPositions", futuresOpenCount],
  ["optionOrders", optionsOpenCount],
  ["spotOrders", spotOpenCount],
  ["loans", loansOpenCount],
  ["earnOrders", earnOpenCount],
  ["contestEntries", contestsOpenCount],
  ["ieoApplications", ieoOpenCount],
  ["withdrawals", withdrawalsInProgress],
  ["deposits", depositsInProgress],
];

/** What is still open or held: counts per kind, then every currency with a real balance (dust too). */
export async function closeBlockers(db: Db, userId: number): Promise<CloseBlocker[]> {
  const out: CloseBlocker[] = [];
  for (const [kind, count] of COUNTS) {
    const n = await count(db, userId);
    if (n > 0) out.push({ kind, count: n });
  }
  const byCurrency = new Map<string, string[]>();
  for (const account of await getBalances(db, userId)) {
    if (VIRTUAL_KINDS.has(account.kind)) continue;
    const list = byCurrency.get(account.currency) ?? [];
    list.push(account.balance, account.incoming);
    byCurrency.set(account.currency, list);
  }
  for (const [currency, amounts] of byCurrency) {
    const amount = sumAmounts(amounts);
    if (compareDecimals(amount, 0) !== 0) out.push({ kind: "balance", currency, amount });
  }
  return out;
}

const addYears = (at: Date, years: number) => {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

export async function closeAccount(deps: ClosureDeps, userId: number, password: string): Promise<CloseAccountResult> {
  const { db } = deps;
  // A wrong password is 400 and counts towards the password check's lock-out (auth throttle).
  await assertLoginPassword(db, userId, password);
  const closedAt = deps.now();
  await db.transaction(async (tx) => {
    // The customer's row locked: a second close (another tab) waits, then finds it closed.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    // The ledger accounts closed first (rolled back if refused): a credit in flight is waited
    // for and counted below, and none can land after the close (the ledger refuses it).
    await closeOwner(tx, userId);
    const open = await closeBlockers(tx, userId);
    if (open.length > 0) throw new AppError(409, "accountCloseBlocked", { count: open.length }, { open });
    const inserted = await tx
      .insert(accountClosures)
      .values({
        userId,
        closedAt,
        kycEraseAfter: addYears(closedAt, deps.retentionYearsKyc),
        ledgerKeepUntil: addYears(closedAt, deps.retentionYearsLedger),
      })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return;
    await anonymiseUser(tx, userId);
    await removeExternalLogins(tx, userId);
    await removePayoutAccounts(tx, userId);
    await clearInbox(tx, userId);
    await revokeAllCustomerSessions(tx, userId);
  });
  return { closed: true, closedAt: closedAt.toISOString() };
}

/** The daily job: closures past their KYC retention lose the identity records' personal fields and files. */
export async function eraseDueKyc(deps: ClosureDeps): Promise<number> {
  const due = await deps.db
    .select()
    .from(accountClosures)
    .where(and(isNull(accountClosures.kycErasedAt), lte(accountClosures.kycEraseAfter, deps.now())));
  for (const closure of due) {
    const uploadIds = await eraseKycPersonalData(deps.db, closure.userId);
    await removeUploadFiles(deps.db, deps.dataDir, uploadIds);
    await deps.db
      .update(accountClosures)
      .set({ kycErasedAt: deps.now() })
      .where(sql`${accountClosures.userId} = ${closure.userId}`);
  }
  return due.length;
}
