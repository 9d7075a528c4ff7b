// Named ledger errors. Domain errors carry their HTTP status and translated message key
// (mapped once, by the envelope error handler); LedgerAssertionError is a broken invariant
// or a caller bug (a 500, never a customer's fault) — TigerBeetle-style asserts.
import { AppError } from "../../lib/errors";

/** A customer account would end the batch with a negative available balance. Nothing was written. */
export class InsufficientBalanceError extends AppError {
  override readonly name = "InsufficientBalanceError";
  constructor(
    readonly accountId: number,
    readonly currency: string,
  ) {
    super(409, "insufficientBalance", { currency });
  }
}

/** A credit to an account whose owner closed it (migrations/0051). Nothing was written. */
export class AccountClosedError extends AppError {
  override readonly name = "AccountClosedError";
  constructor(
    readonly accountId: number,
    readonly currency: string,
  ) {
    super(409, "accountClosed");
  }
}

/** The idempotency key was already used for a different operation. */
export class IdempotencyConflictError extends AppError {
  override readonly name = "IdempotencyConflictError";
  constructor(readonly idempotencyKey: string) {
    super(409, "idempotencyConflict");
  }
}

/** The hold was already posted or voided (under another key). */
export class HoldAlreadyResolvedError extends AppError {
  override readonly name = "HoldAlreadyResolvedError";
  constructor(readonly pendingId: number) {
    super(409, "holdAlreadyResolved");
  }
}

/** `post`/`void` named a transfer that does not exist or is not a hold. */
export class HoldNotFoundError extends AppError {
  override readonly name = "HoldNotFoundError";
  constructor(readonly pendingId: number) {
    super(404, "notFound");
  }
}

/** Deadlocks / serialization failures kept happening after the bounded retries. */
export class LedgerBusyError extends AppError {
  override readonly name = "LedgerBusyError";
  constructor(override readonly cause: unknown) {
    super(503, "unavailable");
  }
}

export class LedgerAssertionError extends Error {
  override readonly name = "LedgerAssertionError";
}

/** TigerBeetle-style assertion: the ledger never continues past a broken invariant. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new LedgerAssertionError(message);
}
