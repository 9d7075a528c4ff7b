// The pure core of a ledger batch (no I/O): checks the operations, turns them into transfer
// rows and balance changes, and asserts the invariants before anything is written —
// amount > 0, same currency on both legs, accounts exist, holds resolved once and for no
// more than was held, no customer account below zero at the end of the batch.
import { Decimal, dec, toMoneyString } from "@candor/domain";
import {
  AccountClosedError,
  assert,
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  IdempotencyConflictError,
  InsufficientBalanceError,
} from "./errors";
import {
  type AccountSide,
  type LedgerOp,
  PLATFORM_ACCOUNT_KINDS,
  type Transfer,
  type TransferPhase,
  USER_ACCOUNT_KINDS,
} from "./types";

/** Largest batch one transaction accepts (keeps lock sets and statements bounded). */
export const BATCH_SIZE_MAX = 1000;

const AMOUNT_PATTERN = /^\d{1,18}(\.\d{1,18})?$/;
const CURRENCY_PATTERN = /^[A-Z][A-Z0-9]{1,15}$/;
const KIND_PATTERN = /^[a-z][a-z0-9_.]{0,63}$/;
const KEY_LENGTH_MAX = 200;
const MEMO_LENGTH_MAX = 500;

export interface AccountState {
  id: number;
  userId: number | null;
  currency: string;
  kind: string;
  /** 0 for customer accounts; a platform account's shard (./shards). */
  shard: number;
  debitsPosted: Decimal;
  creditsPosted: Decimal;
  debitsPending: Decimal;
  creditsPending: Decimal;
  /** The credit total when the owner closed their account (null: open). Credits never exceed it. */
  closedCredits?: Decimal | null;
}

/** A transfer row about to be inserted. */
export interface NewTransfer {
  key: string;
  phase: TransferPhase;
  pendingId: number | null;
  debitAccountId: number;
  creditAccountId: number;
  currency: string;
  amount: string;
  kind: string;
  referenceType: string;
  referenceId: string;
  memo: string;
}

export interface BalanceChange {
  accountId: number;
  debitsPosted: Decimal;
  creditsPosted: Decimal;
  debitsPending: Decimal;
  creditsPending: Decimal;
}

export interface Plan {
  rows: NewTransfer[];
  /** Per touched account: the change to add, and the state expected afterwards. */
  changes: BalanceChange[];
  after: Map<number, AccountState>;
}

/** Owner id in the accounts' unique index: the user id, or 0 for the platform. */
export const ownerOf = (side: AccountSide): number => ("userId" in side ? side.userId : 0);
export const kindOf = (side: AccountSide): string => ("userId" in side ? side.kind : side.platform);
export const shardOf = (side: AccountSide): number => ("userId" in side ? 0 : (side.shard ?? 0));
export const refKey = (owner: number, currency: string, kind: string, shard = 0) =>
  `${owner}|${currency}|${kind}|${shard}`;
export const sideKey = (side: AccountSide, currency: string) =>
  refKey(ownerOf(side), currency, kindOf(side), shardOf(side));

export const available = (a: Pick<AccountState, "creditsPosted" | "debitsPosted" | "debitsPending">): Decimal =>
  a.creditsPosted.minus(a.debitsPosted).minus(a.debitsPending);

export function isAmount(value: unknown): value is string {
  return typeof value === "string" && AMOUNT_PATTERN.test(value) && dec(value).gt(0);
}

function checkSide(side: AccountSide, label: string): void {
  if ("userId" in side) {
    assert(Number.isSafeInteger(side.userId) && side.userId > 0, `${label}: userId must be a positive integer`);
    assert((USER_ACCOUNT_KINDS as readonly string[]).includes(side.kind), `${label}: unknown user kind ${side.kind}`);
  } else {
    assert(
      (PLATFORM_ACCOUNT_KINDS as readonly string[]).includes(side.platform),
      `${label}: unknown platform kind ${String(side.platform)}`,
    );
  }
}

function checkMeta(op: { kind?: string; reference?: { type: string; id: string | number }; memo?: string }) {
  if (op.kind !== undefined) assert(KIND_PATTERN.test(op.kind), `transfer kind must match ${KIND_PATTERN}: ${op.kind}`);
  if (op.reference !== undefined) {
    const id = String(op.reference.id);
    assert(op.reference.type.length >= 1 && op.reference.type.length <= 64, "reference type must be 1–64 chars");
    assert(id.length >= 1 && id.length <= 128, "reference id must be 1–128 chars");
  }
  if (op.memo !== undefined) assert(op.memo.length <= MEMO_LENGTH_MAX, `memo longer than ${MEMO_LENGTH_MAX}`);
}

/** Shape checks that need no database: a failure here is a caller bug. */
export function validateOps(ops: readonly LedgerOp[]): void {
  assert(ops.length >= 1, "a batch needs at least one operation");
  assert(ops.length <= BATCH_SIZE_MAX, `a batch holds at most ${BATCH_SIZE_MAX} operations`);
  const keys = new Set<string>();
  const pendingIds = new Set<number>();
  for (const op of ops) {
    assert(typeof op.key === "string" && op.key.length >= 1 && op.key.length <= KEY_LENGTH_MAX, "bad key length");
    assert(!keys.has(op.key), `idempotency key used twice in one batch: ${op.key}`);
    keys.add(op.key);
    checkMeta(op);
    if (op.type === "transfer" || op.type === "hold") {
      assert(CURRENCY_PATTERN.test(op.currency), `bad currency ${op.currency}`);
      assert(isAmount(op.amount), `amount must be a decimal string > 0 with at most 18 decimals: ${op.amount}`);
      assert(op.kind !== undefined && op.reference !== undefined, "transfer needs a kind and a reference");
      checkSide(op.debit, "debit");
      checkSide(op.credit, "credit");
      assert(
        sideKey(op.debit, op.currency) !== sideKey(op.credit, op.currency),
        "debit and credit are the same account",
      );
    } else {
      assert(Number.isSafeInteger(op.pendingId) && op.pendingId > 0, "pendingId must be a positive integer");
      assert(!pendingIds.has(op.pendingId), `hold ${op.pendingId} resolved twice in one batch`);
      pendingIds.add(op.pendingId);
      if (op.type === "post" && op.amount !== undefined) assert(isAmount(op.amount), `bad post amount ${op.amount}`);
    }
  }
}

const cloneState = (a: AccountState): AccountState => ({ ...a });

/**
 * Turns validated operations into rows and balance changes, given the locked accounts
 * (by `sideKey` and by id) and the holds named by post/void. Throws the domain errors
 * (hold missing or resolved, insufficient balance) before anything is written.
 */
export function planBatch(input: {
  ops: readonly LedgerOp[];
  accounts: Map<string, AccountState>;
  accountsById: Map<number, AccountState>;
  holds: Map<number, Transfer>;
  resolvedHoldIds: Set<number>;
}): Plan {
  const { ops, accounts, accountsById, holds, resolvedHoldIds } = input;
  const after = new Map<number, AccountState>();
  const touched = (id: number): AccountState => {
    let state = after.get(id);
    if (!state) {
      const before = accountsById.get(id);
      assert(before, `account ${id} exists and is locked`);
      state = cloneState(before);
      after.set(id, state);
    }
    return state;
  };
  const rows: NewTransfer[] = [];
  const debited: number[] = [];

  for (const op of ops) {
    if (op.type === "transfer" || op.type === "hold") {
      const debitRef = accounts.get(sideKey(op.debit, op.currency));
      const creditRef = accounts.get(sideKey(op.credit, op.currency));
      assert(debitRef && creditRef, `accounts of ${op.key} exist`);
      assert(debitRef.currency === op.currency && creditRef.currency === op.currency, "both legs in the op currency");
      assert(debitRef.id !== creditRef.id, "debit and credit are different accounts");
      const amount = dec(op.amount);
      const debit = touched(debitRef.id);
      const credit = touched(creditRef.id);
      if (op.type === "transfer") {
        debit.debitsPosted = debit.debitsPosted.plus(amount);
        credit.creditsPosted = credit.creditsPosted.plus(amount);
      } else {
        debit.debitsPending = debit.debitsPending.plus(amount);
        credit.creditsPending = credit.creditsPending.plus(amount);
      }
      debited.push(debit.id);
      rows.push({
        key: op.key,
        phase: op.type === "transfer" ? "posted" : "pending",
        pendingId: null,
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        currency: op.currency,
        amount: toMoneyString(amount),
        kind: op.kind,
        referenceType: op.reference.type,
        referenceId: String(op.reference.id),
        memo: op.memo ?? "",
      });
    } else {
      const held = holds.get(op.pendingId);
      if (held?.phase !== "pending") throw new HoldNotFoundError(op.pendingId);
      if (resolvedHoldIds.has(op.pendingId)) throw new HoldAlreadyResolvedError(op.pendingId);
      const heldAmount = dec(held.amount);
      const amount = op.type === "post" && op.amount !== undefined ? dec(op.amount) : heldAmount;
      assert(amount.gt(0), "resolved amount > 0");
      assert(amount.lte(heldAmount), `post of ${op.pendingId} exceeds the held amount (${held.amount})`);
      const debit = touched(held.debitAccountId);
      const credit = touched(held.creditAccountId);
      assert(debit.currency === held.currency && credit.currency === held.currency, "hold accounts in its currency");
      debit.debitsPending = debit.debitsPending.minus(heldAmount);
      credit.creditsPending = credit.creditsPending.minus(heldAmount);
      if (op.type === "post") {
        debit.debitsPosted = debit.debitsPosted.plus(amount);
        credit.creditsPosted = credit.creditsPosted.plus(amount);
      }
      rows.push({
        key: op.key,
        phase: op.type,
        pendingId: held.id,
        debitAccountId: debit.id,
        creditAccountId: credit.id,
        currency: held.currency,
        amount: toMoneyString(amount),
        kind: op.kind ?? held.kind,
        referenceType: op.reference?.type ?? held.referenceType,
        referenceId: op.reference ? String(op.reference.id) : held.referenceId,
        memo: op.memo ?? "",
      });
    }
  }

  // Pending totals are sums of open holds, so they cannot go below zero.
  for (const state of after.values()) {
    assert(state.debitsPending.gte(0) && state.creditsPending.gte(0), `pending totals of ${state.id} stay ≥ 0`);
  }
  // A closed customer's account takes nothing more (migrations/0051): the payer keeps it.
  for (const state of after.values()) {
    if (state.closedCredits != null && state.creditsPosted.plus(state.creditsPending).gt(state.closedCredits)) {
      throw new AccountClosedError(state.id, state.currency);
    }
  }
  // The one domain check: no customer account ends the batch below zero. Report the first
  // debited account (in operation order) that would.
  for (const id of debited) {
    const state = after.get(id);
    if (state && state.userId !== null && available(state).lt(0)) {
      throw new InsufficientBalanceError(state.id, state.currency);
    }
  }
  for (const state of after.values()) {
    assert(state.userId === null || available(state).gte(0), `customer account ${state.id} stays ≥ 0`);
  }

  return { rows, changes: changesBetween(accountsById, after), after };
}

/** What to add to each account of `after` (by id order) to get from its `before` state there. */
export function changesBetween(before: Map<number, AccountState>, after: Map<number, AccountState>): BalanceChange[] {
  return [...after.values()]
    .sort((a, b) => a.id - b.id)
    .map((state) => {
      const was = before.get(state.id);
      assert(was, `account ${state.id} has a state before the batch`);
      return {
        accountId: state.id,
        debitsPosted: state.debitsPosted.minus(was.debitsPosted),
        creditsPosted: state.creditsPosted.minus(was.creditsPosted),
        debitsPending: state.debitsPending.minus(was.debitsPending),
        creditsPending: state.creditsPending.minus(was.creditsPending),
      };
    });
}

/**
 * A key seen before: the stored transfer must be the same operation (same accounts,
 * currency, amount, kind, reference, phase, hold). The memo is descriptive and not compared.
 */
export function sameOperation(
  op: LedgerOp,
  stored: Transfer,
  accounts: Map<string, AccountState>,
  holds: Map<number, Transfer>,
  accountsById: Map<number, AccountState> = new Map(),
): boolean {
  if (op.type === "transfer" || op.type === "hold") {
    // A platform side matches any shard of its kind: the shard count may have changed
    // since the key was first applied.
    const sameSide = (side: AccountSide, storedId: number): boolean => {
      if ("userId" in side) return accounts.get(sideKey(side, op.currency))?.id === storedId;
      const a = accountsById.get(storedId);
      return a !== undefined && a.userId === null && a.kind === side.platform && a.currency === op.currency;
    };
    return (
      stored.phase === (op.type === "transfer" ? "posted" : "pending") &&
      stored.currency === op.currency &&
      sameSide(op.debit, stored.debitAccountId) &&
      sameSide(op.credit, stored.creditAccountId) &&
      dec(stored.amount).eq(dec(op.amount)) &&
      stored.kind === op.kind &&
      stored.referenceType === op.reference.type &&
      stored.referenceId === String(op.reference.id)
    );
  }
  const held = holds.get(op.pendingId);
  const amount = op.type === "post" && op.amount !== undefined ? op.amount : held?.amount;
  return (
    stored.phase === op.type &&
    stored.pendingId === op.pendingId &&
    amount !== undefined &&
    dec(stored.amount).eq(dec(amount)) &&
    (op.kind === undefined || stored.kind === op.kind) &&
    (op.reference === undefined ||
      (stored.referenceType === op.reference.type && stored.referenceId === String(op.reference.id)))
  );
}

/**
 * Replays a batch whose keys were all applied before; any key that was used for
 * something else, or a batch only partly seen before, is a conflict.
 */
export function replayBatch(
  ops: readonly LedgerOp[],
  existing: Map<string, Transfer>,
  accounts: Map<string, AccountState>,
  holds: Map<number, Transfer>,
  accountsById: Map<number, AccountState> = new Map(),
): Transfer[] {
  return ops.map((op) => {
    const stored = existing.get(op.key);
    if (!stored || !sameOperation(op, stored, accounts, holds, accountsById))
      throw new IdempotencyConflictError(op.key);
    return stored;
  });
}

/**
 * Signed change of an account's available balance (credits posted − debits posted −
 * debits pending) caused by one transfer, seen from its debit or credit side.
 */
export function availableChange(
  side: "debit" | "credit",
  phase: TransferPhase,
  amount: Decimal,
  heldAmount: Decimal | null,
): Decimal {
  if (side === "credit") return phase === "posted" || phase === "post" ? amount : new Decimal(0);
  switch (phase) {
    case "posted":
    case "pending":
      return amount.neg();
    case "post":
      assert(heldAmount, "a post knows its hold");
      return heldAmount.minus(amount);
    case "void":
      return amount;
  }
}
