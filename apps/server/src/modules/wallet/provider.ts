// The payment provider behind deposits and payouts. The sandbox provider (the default,
// SANDBOX=true) hands out well-formed deterministic deposit addresses, confirms each
// deposit a few seconds after it is applied for, and pays withdrawals at once. The
// manual provider (SANDBOX=false, until a real one is plugged in) offers no crypto
// addresses and leaves confirmations and payouts to operators. A real provider
// implements the same interface.
import { AppError } from "../../lib/errors";
import { networkInfo } from "./networks";
import type { WithdrawalDestination } from "./schema";

export interface DepositCheckInput {
  id: number;
  userId: number;
  currency: string;
  method: "crypto" | "bank";
  network: string | null;
  address: string | null;
  amount: string;
  createdAt: Date;
}

/** What the provider saw arrive: the ledger credits this, never the amount the customer typed. */
export interface DepositReceipt {
  receivedAmount: string;
  currency: string;
  /** The chain it arrived on (crypto deposits); null for bank transfers. */
  network: string | null;
}

export type DepositCheck =
  | ({ status: "confirmed"; reference: string } & DepositReceipt)
  /** `retryInMs: null` = do not poll; an operator (or a provider callback) will settle it. */
  | { status: "pending"; retryInMs: number | null }
  | { status: "failed"; reason: string };

export interface PayoutInput {
  /** Idempotency key for the provider: the same key never pays twice. */
  key: string;
  withdrawalId: number;
  currency: string;
  /** What the customer receives (amount − fee). */
  amount: string;
  destination: WithdrawalDestination;
}

export type PayoutResult =
  | { status: "paid"; reference: string }
  | { status: "pending"; retryInMs: number | null }
  | { status: "failed"; reason: string };

/**
 * The answer to "cancel this payout": `cancelled` = the money did not and will not leave
 * (the hold may be voided); `paid` = too late, it left (the hold is posted); `pending` =
 * not known yet (ask again; `retryInMs: null` = an operator or a callback settles it).
 */
export type CancelPayoutResult =
  | { status: "cancelled" }
  | { status: "paid"; reference: string }
  | { status: "pending"; retryInMs: number | null };

export interface PaymentProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** The customer's deposit address on a network (called once per customer, currency and network). */
  createDepositAddress(input: { userId: number; currency: string; network: string }): Promise<string>;
  /** When to check a new deposit first. */
  firstCheckDelayMs(deposit: DepositCheckInput): number;
  confirmDeposit(deposit: DepositCheckInput): Promise<DepositCheck>;
  payout(input: PayoutInput): Promise<PayoutResult>;
  /** Stops a payout if it has not left yet (same key as `payout`). */
  cancelPayout(input: { key: string; withdrawalId: number }): Promise<CancelPayoutResult>;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";
  readonly sandbox = true;

  /** `confirmMs` is read at each check, so an operator's setting applies at once. */
  constructor(private readonly confirmMs: () => Promise<number>) {}

  async createDepositAddress(input: { userId: number; currency: string; network: string }): Promise<string> {
    return networkInfo(input.network).sandboxAddress(
      `candor-sandbox:${input.userId}:${input.currency}:${input.network}`,
    );
  }

  firstCheckDelayMs(): number {
    return 0;
  }

  async confirmDeposit(deposit: DepositCheckInput): Promise<DepositCheck> {
    const waitMs = deposit.createdAt.getTime() + (await this.confirmMs()) - Date.now();
    if (waitMs > 0) return { status: "pending", retryInMs: waitMs };
    // The sandbox "receives" exactly what was asked for, on the chosen network.
    return {
      status: "confirmed",
      reference: `sandbox-deposit-${deposit.id}`,
      receivedAmount: deposit.amount,
      currency: deposit.currency,
      network: deposit.network,
    };
  }

  /** Keys this process paid (a sandbox answers "paid" to a late cancellation of those). */
  private readonly paidKeys = new Set<string>();

  async payout(input: PayoutInput): Promise<PayoutResult> {
    this.paidKeys.add(input.key);
    return { status: "paid", reference: `sandbox-payout-${input.withdrawalId}` };
  }

  async cancelPayout(input: { key: string; withdrawalId: number }): Promise<CancelPayoutResult> {
    if (this.paidKeys.has(input.key)) return { status: "paid", reference: `sandbox-payout-${input.withdrawalId}` };
    return { status: "cancelled" };
  }
}

export class ManualProvider implements PaymentProvider {
  readonly name = "manual";
  readonly sandbox = false;

  async createDepositAddress(): Promise<string> {
    throw new AppError(409, "walletCryptoDepositUnavailable");
  }

  firstCheckDelayMs(): number {
    return 0;
  }

  async confirmDeposit(): Promise<DepositCheck> {
    return { status: "pending", retryInMs: null };
  }

  async payout(): Promise<PayoutResult> {
    return { status: "pending", retryInMs: null };
  }

  /**
   * Manual payouts are made by operators by hand, so nothing is in flight on its own: the
   * operator who fails one is the one confirming it was not sent.
   */
  async cancelPayout(): Promise<CancelPayoutResult> {
    return { status: "cancelled" };
  }
}
