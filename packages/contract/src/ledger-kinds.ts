// Every reason code the server writes on a ledger transfer, and the balance log's filter
// categories (docs/contract.md "Money", issue 35 §6). The ledger's TransferMeta.kind is typed
// with this list, so a new kind does not compile until it is here; the web app's locale test
// fails until it has a title in all eight languages. No zod here: the web app imports it.

/** Ledger reason codes by balance-log category. */
export const LEDGER_KIND_CATEGORIES = {
  deposits: ["deposit"],
  withdrawals: ["withdrawal", "withdrawal_fee"],
  trading: [
    "exchange",
    "spot_order",
    "spot_trade",
    "spot_fee",
    "futures_margin",
    "futures_fee",
    "futures_pnl",
    "option_stake",
    "option_payout",
    "option_refund",
    "option_loss",
    "ieo_pay",
    "ieo_deliver",
  ],
  earn: [
    "earn",
    "earn_interest",
    "earn_forfeit",
    "mining_purchase",
    "mining_output",
    "quant_trade",
    "quant_fee",
    "debt_repayment",
    "debt_recovery",
    "debt_writeoff",
  ],
  loans: [
    "loan_collateral",
    "loan_disburse",
    "loan_repay",
    "loan_interest",
    "loan_liquidation",
    "loan_collateral_release",
  ],
  rewards: ["vip_gift", "vip_envelope", "reward_task", "rebate"],
  contests: ["contest_grant", "contest_return", "contest_prize"],
  demo: ["demo_grant", "demo_reset"],
  adjustments: ["adjustment"],
} as const;

export type BalanceLogCategory = keyof typeof LEDGER_KIND_CATEGORIES;
export type LedgerKind = (typeof LEDGER_KIND_CATEGORIES)[BalanceLogCategory][number];

export const BALANCE_LOG_CATEGORIES = Object.keys(LEDGER_KIND_CATEGORIES) as BalanceLogCategory[];
export const LEDGER_KINDS: readonly LedgerKind[] = Object.values(LEDGER_KIND_CATEGORIES).flat();

/** The category of a reason code (undefined for a code this list does not know). */
export function ledgerKindCategory(kind: string): BalanceLogCategory | undefined {
  return BALANCE_LOG_CATEGORIES.find((c) => (LEDGER_KIND_CATEGORIES[c] as readonly string[]).includes(kind));
}

/** Customer account kinds holding virtual money (contest CUSDT and coins, demo VUSDT): never in real totals. */
export const VIRTUAL_ACCOUNT_KINDS = ["contest", "demo"] as const;
