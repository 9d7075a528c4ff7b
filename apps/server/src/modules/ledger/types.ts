// The ledger's public vocabulary: account kinds, how an operation names its accounts,
// the four operations a batch can contain, and what comes back. Amounts are decimal strings.
import type { LedgerKind } from "@candor/contract";

export const USER_ACCOUNT_KINDS = [
  "spot", // available funds
  "frozen", // funds set aside by a business rule (e.g. open orders) as a posted move
  "margin", // futures margin
  "options", // option stakes
  "earn", // term products
  "collateral", // loan collateral
  "contest", // contest entry funds
  "demo", // virtual (demo) money
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

export const PLATFORM_ACCOUNT_KINDS = [
  "treasury", // the platform's own funds (exchange inventory, operator adjustments)
  "clearing", // money entering or leaving through deposits and withdrawals
  "fees",
  "house", // counterparty of customers' trading P&L
  "rewards",
  "interest",
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNT_KINDS)[number];

/** One side of a transfer. The currency is named once, on the operation, so legs can't differ. */
export type AccountSide =
  | { userId: number; kind: UserAccountKind }
  | {
      platform: PlatformAccountKind;
      /** Set by the ledger engine (see ./shards); callers leave it out. */
      shard?: number;
    };
/** An account: owner + kind + currency. */
export type AccountRef = AccountSide & { currency: string };

export const userAccount = (userId: number, kind: UserAccountKind = "spot"): AccountSide => ({ userId, kind });
export const platformAccount = (kind: PlatformAccountKind): AccountSide => ({ platform: kind });

/** What a transfer is for: a reason code and the business record it belongs to. */
export interface TransferMeta {
  /** Idempotency key, unique forever, e.g. `withdrawal:42:hold`. Same key + same payload = same result. */
  key: string;
  /**
   * Reason code: one of the contract's LEDGER_KINDS (a new one is added there first, so the
   * balance log has a title for it in every language — issue 35 §6).
   */
  kind: LedgerKind;
  reference: { type: string; id: string | number };
  memo?: string;
}

/** Moves `amount` at once (single-phase). */
export interface TransferOp extends TransferMeta {
  type: "transfer";
  currency: string;
  debit: AccountSide;
  credit: AccountSide;
  amount: string;
}
/** Reserves `amount` on the debit account (pending); later `post` or `void` it. */
export interface HoldOp extends TransferMeta {
  type: "hold";
  currency: string;
  debit: AccountSide;
  credit: AccountSide;
  amount: string;
}
/** Completes a hold; `amount` (default: all of it) may be less, the rest is released. */
export interface PostOp extends Omit<TransferMeta, "kind" | "reference"> {
  type: "post";
  pendingId: number;
  amount?: string;
  /** Defaults to the hold's kind and reference. */
  kind?: LedgerKind;
  reference?: TransferMeta["reference"];
}
/** Cancels a hold: the reserved amount becomes available again. */
export interface VoidOp extends Omit<TransferMeta, "kind" | "reference"> {
  type: "void";
  pendingId: number;
  kind?: LedgerKind;
  reference?: TransferMeta["reference"];
}
export type LedgerOp = TransferOp | HoldOp | PostOp | VoidOp;

export type TransferPhase = "posted" | "pending" | "post" | "void";

/** A stored transfer (immutable). */
export interface Transfer {
  id: number;
  key: string;
  phase: TransferPhase;
  /** For `post`/`void`: the hold it resolves. */
  pendingId: number | null;
  debitAccountId: number;
  creditAccountId: number;
  currency: string;
  amount: string;
  kind: string;
  referenceType: string;
  referenceId: string;
  memo: string;
  /** ISO-8601 UTC. */
  createdAt: string;
}

export interface BatchResult {
  /** In the order of the operations. */
  transfers: Transfer[];
  /** True when every key had been applied before: nothing changed, the first result is returned. */
  replayed: boolean;
}
export interface TransferResult {
  transfer: Transfer;
  replayed: boolean;
}

export interface AccountBalance {
  accountId: number;
  /** null for platform accounts. */
  userId: number | null;
  currency: string;
  kind: UserAccountKind | PlatformAccountKind;
  /** Posted balance: credits − debits. */
  balance: string;
  /** Reserved by pending holds on this account (debits pending). */
  held: string;
  /** Pending credits not yet posted to this account. */
  incoming: string;
  /** balance − held: what the owner can spend or withdraw. */
  available: string;
}

/** One line of a customer's balance log: a transfer seen from one of the customer's accounts. */
export interface BalanceLogEntry {
  /**
   * `<transferId>-d` or `<transferId>-c` (a transfer between two of the customer's accounts
   * shows twice), or `<transferId>` for such a move grouped into one entry.
   */
  id: string;
  transferId: number;
  currency: string;
  accountKind: UserAccountKind;
  /** A grouped move between the customer's own accounts: the account credited (accountKind was debited). */
  toAccountKind: UserAccountKind | null;
  /** Reason code of the transfer. */
  kind: string;
  phase: TransferPhase;
  /**
   * Signed change of this account's *available* balance caused by the transfer: a hold
   * shows −amount, its void +amount, a full post 0 (already held), a partial post +released
   * remainder, an incoming pending 0. The entries of an account add up to its available balance.
   */
  amount: string;
  /** The transfer's own (unsigned) amount. */
  transferAmount: string;
  referenceType: string;
  referenceId: string;
  memo: string;
  createdAt: string;
}

export interface BalanceLogQuery {
  /** Transfer reason code. */
  kind?: string;
  /** Any of these reason codes (a category); an empty list matches nothing. */
  kinds?: readonly string[];
  /** real: leave out contest and demo accounts; virtual: only those. */
  money?: "real" | "virtual";
  /** One entry for a move between two of the customer's own accounts. */
  group?: boolean;
  currency?: string;
  accountKind?: UserAccountKind;
  /** Transfers stamped at or after this record time (the database's time scale). */
  from?: Date;
  /** Transfers stamped before this record time. */
  to?: Date;
  pageNo: number;
  pageSize: number;
}
