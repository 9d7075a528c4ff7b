// What the console reads from other modules (through their services only): the
// dashboard's queues and totals, and the read-only customer view.
import type { CustomerDetail, CustomerRecord, DashboardSummary } from "@candor/contract";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import { listCustomerSessions } from "../auth/service";
import { waitingChatCount } from "../chat/service";
import { getKycLevelStatuses, kycQueueStats } from "../kyc/service";
import { ledgerCurrencySums } from "../ledger/service";
import { getUserById, listCustomers, type UserRow } from "../users/service";
import type { Rates } from "../wallet/service";
import { queryUserBalance, walletQueueStats } from "../wallet/service";

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export async function dashboardSummary(db: Db, now = new Date()): Promise<DashboardSummary> {
  const since = startOfUtcDay(now);
  const kyc = await kycQueueStats(db);
  const wallet = await walletQueueStats(db, since);
  const sums = await ledgerCurrencySums(db);
  return {
    chatsWaiting: await waitingChatCount(db),
    kycPending: kyc.pending,
    oldestKycAt: kyc.oldestAt,
    withdrawalsPending: wallet.withdrawalsPending,
    oldestWithdrawalAt: wallet.oldestWithdrawalAt,
    reviewHours: wallet.reviewHours,
    withdrawalsOverdue: wallet.withdrawalsOverdue,
    depositsWaiting: wallet.depositsWaiting,
    today: { since: since.toISOString(), deposits: wallet.depositsToday, withdrawals: wallet.withdrawalsToday },
    ledger: {
      balanced: sums.every((s) => /^-?0+(\.0+)?$/.test(s.sum)),
      currencies: sums,
    },
  };
}

async function toCustomerRecord(db: Db, u: UserRow): Promise<CustomerRecord> {
  const kyc = await getKycLevelStatuses(db, u.id);
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    phone: u.phone,
    countryCode: u.countryCode,
    kycStatus: kyc.basic,
    vipLevel: u.vipLevel,
    createdAt: u.createdAt.toISOString(),
  };
}

export async function customerList(db: Db, query: { search?: string | undefined; pageNo: number; pageSize: number }) {
  const { records, total } = await listCustomers(db, query);
  const out: CustomerRecord[] = [];
  for (const u of records) out.push(await toCustomerRecord(db, u));
  return { records: out, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** The customer with this id; a staff-side 404 for anyone else (unknown id, an operator account). */
export async function requireCustomer(db: Db, id: number): Promise<UserRow> {
  const u = await getUserById(db, id);
  if (u?.role !== "customer") throw notFound();
  return u;
}

export async function customerDetail(db: Db, rates: Rates, id: number): Promise<CustomerDetail> {
  const u = await requireCustomer(db, id);
  const balances = await queryUserBalance(db, rates, id);
  const sessions = await listCustomerSessions(db, id, -1);
  return {
    profile: await toCustomerRecord(db, u),
    balances: balances.map((b) => ({ currency: b.currency, available: b.available, frozen: b.frozen })),
    sessions: sessions.map((s) => ({
      id: s.id,
      device: s.device,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
    })),
  };
}
