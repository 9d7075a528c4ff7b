// Demo trading: the customer's virtual balance (VUSDT), and reset — run every trading
// module's reset step (futures closes its open demo positions at market, spot cancels
// orders, options refunds), and bring the available demo balance back to exactly
// DEMO_DEFAULT_BALANCE with one ledger transfer against the platform's VUSDT treasury.
// Real (USDT) accounts are never touched. Trading modules register their parts with the
// app's DemoParts (`app.demo.registerResetStep`, `…registerEquitySource`), so demo imports
// none of them.
import type { DemoBalance, DemoHolding, DemoResetBody, DemoResetResult } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { AppEvents, EventBus } from "../../lib/event-bus";
import {
  batch,
  getAccountBalance,
  getBalances,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../ledger/service";
import type { MarketService } from "../market/service";
import { DEMO_CURRENCY, DEMO_DEFAULT_BALANCE, ensureDemoAccount } from "./accounts";
import { demoAccounts } from "./schema";

export { DEMO_CURRENCY, DEMO_DEFAULT_BALANCE, ensureDemoAccount, lockDemoAccountShared, modeMoney } from "./accounts";

/** What demo's routes hand to the reset steps and equity sources (the app's own services). */
export interface DemoDeps {
  db: Db;
  market: MarketService;
  bus?: EventBus<AppEvents>;
  /** The trading modules' reset steps and equity sources (app.demo). */
  parts: DemoParts;
}

/**
 * Another module's part of a reset (close open demo positions, cancel open demo spot
 * orders, refund running demo options), run inside the reset's transaction before the
 * balance is restored. It must only do database work with `tx` (the transaction may be
 * re-run); what it must announce goes in `afterCommit`, run once the reset committed.
 */
export type DemoResetStep = (
  tx: Db,
  userId: number,
  deps: DemoDeps,
) => Promise<{ closedPositions?: number; afterCommit?: () => void } | undefined>;

/** Another module's open demo positions, valued now: the margin they hold and their P&L. */
export type DemoEquitySource = (
  deps: DemoDeps,
  userId: number,
) => Promise<{ margin: string; unrealisedPnl: string; equity: string }>;

/**
 * The trading modules' parts of demo trading, one set per app (`app.demo`, demo/plugin.ts;
 * two apps in one process do not share them): each trading module registers its reset step
 * and its equity source at start-up, so demo imports none of them.
 */
export class DemoParts {
  private readonly resetSteps = new Map<string, DemoResetStep>();
  private readonly equitySources = new Map<string, DemoEquitySource>();

  registerResetStep(name: string, step: DemoResetStep): () => void {
    this.resetSteps.set(name, step);
    return () => {
      if (this.resetSteps.get(name) === step) this.resetSteps.delete(name);
    };
  }

  registerEquitySource(name: string, source: DemoEquitySource): () => void {
    this.equitySources.set(name, source);
    return () => {
      if (this.equitySources.get(name) === source) this.equitySources.delete(name);
    };
  }

  /** The registered reset steps, in registration order. */
  steps(): DemoResetStep[] {
    return [...this.resetSteps.values()];
  }

  /** The registered equity sources, in registration order. */
  sources(): DemoEquitySource[] {
    return [...this.equitySources.values()];
  }
}

export async function getDemoBalance(deps: DemoDeps, userId: number): Promise<DemoBalance> {
  const account = await ensureDemoAccount(deps.db, userId);
  const [balance, ...positions] = await Promise.all([
    getAccountBalance(deps.db, { userId, kind: "demo", currency: DEMO_CURRENCY }),
    ...deps.parts.sources().map((source) => source(deps, userId)),
  ]);
  const available = dec(balance?.available ?? "0");
  const total = (pick: (p: (typeof positions)[number]) => string) =>
    positions.reduce((sum, p) => sum.plus(pick(p)), dec(0));
  return {
    currency: DEMO_CURRENCY,
    available: toMoneyString(available),
    margin: toMoneyString(total((p) => p.margin)),
    unrealisedPnl: toMoneyString(total((p) => p.unrealisedPnl)),
    equity: toMoneyString(available.plus(total((p) => p.equity))),
    defaultBalance: DEMO_DEFAULT_BALANCE,
    resets: account.resets,
    resetAt: account.resetAt?.toISOString() ?? null,
  };
}

/** A concurrent change of the demo balance slipped in between reading and locking it: try again. */
class ResetRaced extends Error {}
const RESET_ATTEMPTS = 5;

export async function resetDemo(deps: DemoDeps, userId: number, body: DemoResetBody): Promise<DemoResetResult> {
  await ensureDemoAccount(deps.db, userId);
  for (let attempt = 1; ; attempt++) {
    try {
      const { result, afterCommit } = await resetOnce(deps, userId, body.clientRequestId);
      for (const announce of afterCommit) announce();
      return result;
    } catch (err) {
      if (!(err instanceof ResetRaced) || attempt >= RESET_ATTEMPTS) throw err;
    }
  }
}

async function resetOnce(
  deps: DemoDeps,
  userId: number,
  clientRequestId: string | undefined,
): Promise<{ result: DemoResetResult; afterCommit: (() => void)[] }> {
  return ledgerTransaction(deps.db, async (tx) => {
    // Exclusive: demo orders (FOR SHARE) wait until the reset commits.
    const [account] = await tx.select().from(demoAccounts).where(eq(demoAccounts.userId, userId)).for("update");
    if (!account) throw new Error(`demo account of ${userId} is missing`);
    const currentBalance = async () =>
      dec((await getAccountBalance(tx, { userId, kind: "demo", currency: DEMO_CURRENCY }))?.available ?? "0");

    if (clientRequestId && account.lastResetRequestId === clientRequestId && account.resetAt) {
      // The same reset again: nothing more happens.
      return {
        result: {
          currency: DEMO_CURRENCY,
          available: toMoneyString(await currentBalance()),
          closedPositions: 0,
          resets: account.resets,
          resetAt: account.resetAt.toISOString(),
        },
        afterCommit: [],
      };
    }

    let closedPositions = 0;
    const afterCommit: (() => void)[] = [];
    for (const step of deps.parts.steps()) {
      const outcome = await step(tx, userId, deps);
      closedPositions += outcome?.closedPositions ?? 0;
      if (outcome?.afterCommit) afterCommit.push(outcome.afterCommit);
    }

    const resets = account.resets + 1;
    const before = await currentBalance();
    const difference = dec(DEMO_DEFAULT_BALANCE).minus(before);
    if (!difference.isZero()) {
      const topUp = difference.gt(0);
      await batch(tx, [
        {
          type: "transfer",
          currency: DEMO_CURRENCY,
          debit: topUp ? platformAccount("treasury") : userAccount(userId, "demo"),
          credit: topUp ? userAccount(userId, "demo") : platformAccount("treasury"),
          amount: toMoneyString(difference.abs()),
          key: `demo:reset:${userId}:${resets}`,
          kind: "demo_reset",
          reference: { type: "demo_account", id: userId },
          memo: `Demo trading reset to ${DEMO_DEFAULT_BALANCE} ${DEMO_CURRENCY}`,
        },
      ]);
      // The batch locked the account: if anything moved it between the read and the lock, start over.
      if (!(await currentBalance()).eq(DEMO_DEFAULT_BALANCE)) throw new ResetRaced();
    }
    const [updated] = await tx
      .update(demoAccounts)
      .set({ resets, lastResetRequestId: clientRequestId ?? null, resetAt: sql`now()` })
      .where(eq(demoAccounts.userId, userId))
      .returning();
    if (!updated?.resetAt) throw new Error("demo account update returned nothing");
    return {
      result: {
        currency: DEMO_CURRENCY,
        available: toMoneyString(DEMO_DEFAULT_BALANCE),
        closedPositions,
        resets,
        resetAt: updated.resetAt.toISOString(),
      },
      afterCommit,
    };
  });
}

/** The demo account's virtual holdings, named by the currency each stands for. */
export async function getDemoHoldings(db: Db, userId: number): Promise<DemoHolding[]> {
  const balances = await getBalances(db, userId, { kind: "demo" });
  return balances.map((b) => ({
    currency: b.currency.startsWith("V") ? b.currency.slice(1) : b.currency,
    virtualCurrency: b.currency,
    available: b.available,
    held: b.held,
  }));
}
