// Business events other modules publish on the event bus after their transaction commits
// (for the inbox and anything else that follows a customer's account). Amounts are decimal
// strings. A subscriber must tolerate fields it does not expect and missing optional ones.
export interface DepositCreditedEvent {
  userId: number;
  depositId: number;
  amount: string;
  currency: string;
}
export interface DepositRejectedEvent {
  userId: number;
  depositId: number;
  amount: string;
  currency: string;
  reason: string;
}
export interface WithdrawalStateEvent {
  userId: number;
  withdrawalId: number;
  /** 2 paid, -1 rejected (not by the customer), -2 failed. */
  status: number;
  amount: string;
  currency: string;
  reason?: string | null;
}
export interface RewardTaskDoneEvent {
  userId: number;
  taskId: number | string;
  title: string;
}

export interface KycResultEvent {
  userId: number;
  submissionId: number;
  level: string;
  approved: boolean;
  reason?: string | null;
}
export interface OptionSettledEvent {
  userId: number;
  orderId: number;
  symbol: string;
  /** The recorded price it settled on. */
  price: string;
  payout: string;
  currency: string;
}
export interface EarnOrderEndedEvent {
  userId: number;
  orderId: number;
  reason: string;
}

/** A contest prize was paid (contests module; after commit, once per entry). */
export interface ContestPrizePaidEvent {
  userId: number;
  contestId: number;
  entryId: number;
  rank: number;
  amount: string;
  currency: string;
}

export type DomainEvents = {
  "contest.prize_paid": ContestPrizePaidEvent;
  "kyc.result": KycResultEvent;
  "options.settled": OptionSettledEvent;
  "earn.order_ended": EarnOrderEndedEvent;
  "wallet.deposit_credited": DepositCreditedEvent;
  "wallet.deposit_rejected": DepositRejectedEvent;
  "wallet.withdrawal_state": WithdrawalStateEvent;
  "reward.task_done": RewardTaskDoneEvent;
};
