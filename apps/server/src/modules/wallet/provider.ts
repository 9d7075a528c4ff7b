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

export type DepositCheck =
  | { status: "confirmed"; reference: string }
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

export interface PaymentProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** The customer's deposit address on a network (called once per customer, currency and network). */
  createDepositAddress(input: { userId: number; currency: string; network: string }): Promise<string>;
  /** When to check a new deposit first. */
  firstCheckDelayMs(deposit: DepositCheckInput): number;
  confirmDeposit(deposit: DepositCheckInput): Promise<DepositCheck>;
  payout(input: PayoutInput): Promise<PayoutResult>;
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
    return { status: "confirmed", reference: `sandbox-deposit-${deposit.id}` };
  }

  async payout(input: PayoutInput): Promise<PayoutResult> {
    return { status: "paid", reference: `sandbox-payout-${input.withdrawalId}` };
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
}
